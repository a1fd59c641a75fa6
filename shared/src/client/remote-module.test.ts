import { describe, expect, it } from '@jest/globals';
import { defineRemoteModule, registeredSingletons } from './remote-module.js';
import { getStore } from './store.js';

describe('defineRemoteModule', () => {
  it("returns the remote's id and routes and registers the React it is given with the store, keeping others' entries", () => {
    const Page = () => null;
    const theirReact = { name: 'flows React' };
    const ownReact = { name: 'agents React' };
    defineRemoteModule('flows', [], theirReact);
    const remote = defineRemoteModule('agents', [{ path: '/agents', Component: Page }], ownReact);
    expect(remote).toEqual({ id: 'agents', routes: [{ path: '/agents', Component: Page }] });
    expect(registeredSingletons('agents')).toEqual({ React: ownReact, store: getStore() });
    expect(registeredSingletons('flows')?.React).toBe(theirReact);
    expect(registeredSingletons('pages')).toBeUndefined();
  });
});
