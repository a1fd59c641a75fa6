import { describe, expect, it } from '@jest/globals';
import React from 'react';
import { REMOTE_ROUTE_OWNERSHIP } from '@accent/shared';
import { getStore, registeredSingletons } from '@accent/shared/client';
import remote from './module.js';

describe('flows remote module', () => {
  it('declares exactly the paths the flows remote owns', () => {
    expect(remote.id).toBe('flows');
    const paths = remote.routes.map((r) => r.path);
    expect(paths).toEqual(['/flows', '/flows/:id', '/flows-old']);
    expect([...paths].sort()).toEqual([...REMOTE_ROUTE_OWNERSHIP.flows].sort());
  });

  it('registers its React and jotai store for the singleton check', () => {
    const own = registeredSingletons('flows');
    expect(own?.React).toBe(React);
    expect(own?.store).toBe(getStore());
  });
});
