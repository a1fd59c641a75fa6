import { describe, expect, it } from '@jest/globals';
import React from 'react';
import { REMOTE_ROUTE_OWNERSHIP } from '@accent/shared';
import { getStore, registeredSingletons } from '@accent/shared/client';
import remote from './module.js';

describe('missions remote module', () => {
  it('declares exactly the paths the missions remote owns', () => {
    expect(remote.id).toBe('missions');
    const paths = remote.routes.map((r) => r.path);
    expect(paths).toEqual([
      '/missions',
      '/missions/*',
      '/end-user/my-missions',
      '/end-user/missions/create',
      '/end-user/missions/edit/:id',
      '/end-user/mission-results',
    ]);
    expect([...paths].sort()).toEqual([...REMOTE_ROUTE_OWNERSHIP.missions].sort());
  });

  it('registers its React and jotai store for the singleton check', () => {
    const own = registeredSingletons('missions');
    expect(own?.React).toBe(React);
    expect(own?.store).toBe(getStore());
  });
});
