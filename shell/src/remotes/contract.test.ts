// The route contract (DESIGN.md §3): no two remotes, nor the shell, claim the same path, and a remote's
// descriptor declares only paths the table gives it.
import { describe, expect, it } from '@jest/globals';
import { matchPath } from 'react-router';
import { REMOTE_IDS, REMOTE_ROUTE_OWNERSHIP, SHELL_ROUTES, type RemoteId } from '@accent/shared';
import agentsRemote from '../../../mfe-agents/src/module.js';
import { SHELL_LAYOUT_ROUTES } from '../app/AppRoutes.js';
import { REMOTE_ROUTE_SPECS } from './routes.js';

type Owner = RemoteId | 'shell';
const claims: { owner: Owner; path: string }[] = [
  ...SHELL_ROUTES.map((path) => ({ owner: 'shell' as const, path })),
  ...REMOTE_IDS.flatMap((id) => REMOTE_ROUTE_OWNERSHIP[id].map((path) => ({ owner: id, path }))),
];

/** '/flows/:id' and '/flows/:flowId' are the same route. */
const normalise = (pattern: string) => pattern.replace(/:[^/]+/g, ':param');
/** A concrete URL the pattern matches: params and splats filled in. */
const sampleUrl = (pattern: string) => pattern.replace(/:[^/]+/g, 'sample-1').replace(/\/\*$/, '/deep/link');

describe('route ownership', () => {
  it('gives every path to exactly one owner', () => {
    const seen = new Map<string, Owner>();
    const duplicates: string[] = [];
    for (const { owner, path } of claims) {
      const key = normalise(path);
      const previous = seen.get(key);
      if (previous !== undefined) duplicates.push(`${path} (${previous} and ${owner})`);
      else seen.set(key, owner);
    }
    expect(duplicates).toEqual([]);
  });

  it('never lets one owner’s pattern match another owner’s path', () => {
    const conflicts: string[] = [];
    for (const a of claims) {
      for (const b of claims) {
        if (a.owner === b.owner) continue;
        // '/' (the shell's redirect) only matches itself
        if (matchPath({ path: a.path, end: true }, sampleUrl(b.path))) conflicts.push(`${a.owner} ${a.path} matches ${b.owner} ${b.path}`);
      }
    }
    expect(conflicts).toEqual([]);
  });

  it('mounts one shell route per remote-owned pattern', () => {
    const mounted = REMOTE_ROUTE_SPECS.map((r) => `${r.id} ${r.pattern}`).sort();
    const owned = REMOTE_IDS.flatMap((id) => REMOTE_ROUTE_OWNERSHIP[id].map((p) => `${id} ${p}`)).sort();
    expect(mounted).toEqual(owned);
  });

  it('declares the shell’s own pages only on shell paths', () => {
    for (const { path } of SHELL_LAYOUT_ROUTES) expect(SHELL_ROUTES).toContain(path);
  });
});

describe('the agents remote descriptor', () => {
  it('is the agents module', () => {
    expect(agentsRemote.id).toBe('agents');
    expect(agentsRemote.routes.length).toBeGreaterThan(0);
  });

  it('declares only paths the agents remote owns, each once', () => {
    const paths = agentsRemote.routes.map((r) => r.path);
    for (const path of paths) expect(REMOTE_ROUTE_OWNERSHIP.agents).toContain(path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('gives every route a component', () => {
    for (const route of agentsRemote.routes) expect(route.Component).toBeTruthy();
  });
});
