import { describe, expect, it } from '@jest/globals';
import React from 'react';
import { REMOTE_ROUTE_OWNERSHIP } from '@accent/shared';
import { getStore } from '@accent/shared/client';
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
    const registry = (globalThis as { __ACCENT_SINGLETONS__?: Record<string, { React: unknown; store: unknown }> }).__ACCENT_SINGLETONS__;
    expect(registry?.missions?.React).toBe(React);
    expect(registry?.missions?.store).toBe(getStore());
  });
});
