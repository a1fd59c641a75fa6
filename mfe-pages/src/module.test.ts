import { describe, expect, it } from '@jest/globals';
import React from 'react';
import { REMOTE_ROUTE_OWNERSHIP } from '@accent/shared';
import { getStore, registeredSingletons } from '@accent/shared/client';
import remote from './module.js';

describe('pages remote module', () => {
  it('declares the paths the pages remote owns, except the published page the server serves', () => {
    expect(remote.id).toBe('pages');
    const paths = remote.routes.map((r) => r.path);
    expect([...paths].sort()).toEqual(REMOTE_ROUTE_OWNERSHIP.pages.filter((p) => p !== '/p/:slug').sort());
  });

  it('registers its React and jotai store for the singleton check', () => {
    const own = registeredSingletons('pages');
    expect(own?.React).toBe(React);
    expect(own?.store).toBe(getStore());
  });
});
