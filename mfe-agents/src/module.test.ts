import { describe, expect, it } from '@jest/globals';
import React from 'react';
import { REMOTE_ROUTE_OWNERSHIP } from '@accent/shared';
import { getStore } from '@accent/shared/client';
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
    const registry = (globalThis as { __ACCENT_SINGLETONS__?: Record<string, { React: unknown; store: unknown }> }).__ACCENT_SINGLETONS__;
    expect(registry?.agents?.React).toBe(React);
    expect(registry?.agents?.store).toBe(getStore());
  });
});
