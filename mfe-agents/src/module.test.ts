import { describe, expect, it } from '@jest/globals';
import React from 'react';
import { REMOTE_ROUTE_OWNERSHIP } from '@accent/shared';
import { getStore, registeredSingletons } from '@accent/shared/client';
import remote from './module.js';

describe('agents remote module', () => {
  it('declares every path the agents remote owns: /agents, /agents/*, /agent-test and /chatbots', () => {
    expect(remote.id).toBe('agents');
    const paths = remote.routes.map((r) => r.path);
    expect(paths).toEqual(['/agents', '/agents/*', '/agent-test', '/chatbots']);
    expect([...paths].sort()).toEqual([...REMOTE_ROUTE_OWNERSHIP.agents].sort());
    for (const p of paths) expect(REMOTE_ROUTE_OWNERSHIP.agents).toContain(p);
  });

  it('registers its React and jotai store for the singleton check', () => {
    const own = registeredSingletons('agents');
    expect(own?.React).toBe(React);
    expect(own?.store).toBe(getStore());
  });
});
