import { describe, expect, it } from '@jest/globals';
import React from 'react';
import { REMOTE_ROUTE_OWNERSHIP } from '@accent/shared';
import { getStore, registeredSingletons } from '@accent/shared/client';
import remote from './module.js';

describe('background remote module', () => {
  it('declares exactly the paths the background remote owns', () => {
    expect(remote.id).toBe('background');
    const paths = remote.routes.map((r) => r.path);
    expect(paths).toEqual(['/background', '/background/new', '/background/:id']);
    expect([...paths].sort()).toEqual([...REMOTE_ROUTE_OWNERSHIP.background].sort());
  });

  it('registers its React and jotai store for the singleton check', () => {
    const own = registeredSingletons('background');
    expect(own?.React).toBe(React);
    expect(own?.store).toBe(getStore());
  });
});
