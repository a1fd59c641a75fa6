import { describe, expect, it } from '@jest/globals';
import { newFlow } from '@accent/flows-common';
import { createLocalFlowStore, LOCAL_FLOWS_KEY } from './localStore.js';

function memory() {
  const data = new Map<string, string>();
  return { data, getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}
const now = new Date('2025-06-02T12:00:00.000Z');

describe('browser-local flow store (accent-ai-flows)', () => {
  it('saves, loads, replaces and deletes under its key', () => {
    const storage = memory();
    const store = createLocalFlowStore(storage);
    const f = newFlow({ id: 'flow-1', now });
    store.save(f, now);
    expect(JSON.parse(storage.data.get(LOCAL_FLOWS_KEY)!)).toHaveLength(1);
    store.save({ ...f, name: 'Renamed' }, now);
    expect(store.list()).toHaveLength(1);
    expect(store.load('flow-1')?.name).toBe('Renamed');
    expect(store.remove('flow-1')).toBe(true);
    expect(store.load('flow-1')).toBeNull();
  });

  it('exports one flow to {name}.flow.json and all flows to a dated json, and imports with merge', () => {
    const store = createLocalFlowStore(memory());
    store.save(newFlow({ id: 'a', now }), now);
    expect(store.exportOne(store.load('a')!, now).filename).toBe('New-Workflow.flow.json');
    const all = store.exportAll(now);
    expect(all.filename).toBe('accent-flows-2025-06-02.json');
    expect(all.file.version).toBe('1.0');
    const incoming = { version: '1.0', flows: [{ ...newFlow({ id: 'a', now }), name: 'From file' }, newFlow({ id: 'b', now })] };
    expect(store.importMerge(JSON.stringify(incoming), now)).toBe(2);
    expect(store.list().map((f) => [f.id, f.name])).toEqual([
      ['a', 'From file'],
      ['b', 'New Workflow'],
    ]);
    expect(() => store.importMerge('{"nope":1}', now)).toThrow('Invalid flow file format');
  });
});
