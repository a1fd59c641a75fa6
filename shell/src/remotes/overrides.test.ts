import { beforeEach, describe, expect, it } from '@jest/globals';
import type { RemoteRegistryEntry } from '@accent/shared';
import { OVERRIDES_STORAGE_KEY, applyOverrides, collectOverrides, isAcceptableEntryUrl, readStoredOverrides } from './overrides.js';

/** A Storage in memory (the node test environment has no sessionStorage). */
class MemoryStorage implements Storage {
  private data = new Map<string, string>();
  get length() {
    return this.data.size;
  }
  clear() {
    this.data.clear();
  }
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  key(index: number) {
    return [...this.data.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  setItem(key: string, value: string) {
    this.data.set(key, String(value));
  }
}

const registry: RemoteRegistryEntry[] = [{ id: 'agents', name: 'mfe_agents', entry: '/mfe/agents/mf-manifest.json', version: '1.2.0' }];

describe('remote overrides', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
  });

  it('reads ?remote.<id>=<url> and keeps it for the tab', () => {
    const o = collectOverrides('?remote.agents=http://localhost:3101/mf-manifest.json&x=1', storage);
    expect(o).toEqual({ agents: 'http://localhost:3101/mf-manifest.json' });
    expect(readStoredOverrides(storage)).toEqual(o);
    // a later page load without the parameter still has it
    expect(collectOverrides('', storage)).toEqual(o);
  });

  it('removes an override with an empty value', () => {
    collectOverrides('?remote.agents=http://localhost:3101/mf-manifest.json', storage);
    expect(collectOverrides('?remote.agents=', storage)).toEqual({});
    expect(storage.getItem(OVERRIDES_STORAGE_KEY)).toBeNull();
  });

  it('ignores unknown remotes and unsafe URLs', () => {
    expect(collectOverrides('?remote.nope=http://x/y.json&remote.flows=javascript:alert(1)&remote.pages=//evil/x', storage)).toEqual({});
    expect(isAcceptableEntryUrl('/mfe/flows/mf-manifest.json')).toBe(true);
    expect(isAcceptableEntryUrl('https://cdn.example.com/flows/mf-manifest.json')).toBe(true);
    expect(isAcceptableEntryUrl('data:text/javascript,1')).toBe(false);
  });

  it('ignores garbage in storage', () => {
    storage.setItem(OVERRIDES_STORAGE_KEY, '{not json');
    expect(readStoredOverrides(storage)).toEqual({});
    storage.setItem(OVERRIDES_STORAGE_KEY, JSON.stringify({ agents: 'javascript:x', flows: 42 }));
    expect(readStoredOverrides(storage)).toEqual({});
  });

  it('replaces a registry entry’s URL and adds a remote the registry lacks', () => {
    const entries = applyOverrides(registry, { agents: 'http://localhost:3101/mf-manifest.json', flows: 'http://localhost:3103/mf-manifest.json' });
    expect(entries).toEqual([
      { id: 'agents', name: 'mfe_agents', entry: 'http://localhost:3101/mf-manifest.json', version: '1.2.0', overridden: true },
      { id: 'flows', name: 'mfe_flows', entry: 'http://localhost:3103/mf-manifest.json', version: 'override', overridden: true },
    ]);
    expect(applyOverrides(registry, {})).toEqual(registry);
  });
});
