// The older browser-local flow store (spec 02 §7): key `accent-ai-flows`, save, load, delete, export to
// a .flow.json (one flow) or a dated .json (all), import and merge. Not the main path.
import { buildFlowExport, parseFlowImport, type Flow, type FlowExportFile } from '@accent/flows-common';

export const LOCAL_FLOWS_KEY = 'accent-ai-flows';

export interface KeyValue {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function createLocalFlowStore(storage: KeyValue = window.localStorage) {
  function all(): Flow[] {
    try {
      const raw = storage.getItem(LOCAL_FLOWS_KEY);
      const list: unknown = raw ? JSON.parse(raw) : [];
      return Array.isArray(list) ? (list.filter((f) => f && typeof f === 'object' && typeof (f as Flow).id === 'string') as Flow[]) : [];
    } catch {
      return [];
    }
  }
  const write = (flows: Flow[]) => storage.setItem(LOCAL_FLOWS_KEY, JSON.stringify(flows));

  return {
    list: all,
    load: (id: string): Flow | null => all().find((f) => f.id === id) ?? null,
    /** inserts or replaces by id */
    save(flow: Flow, now: Date = new Date()): Flow {
      const stored = { ...flow, updatedAt: now.toISOString(), nodeCount: flow.flowData.nodes.length };
      const list = all();
      const at = list.findIndex((f) => f.id === flow.id);
      if (at === -1) list.push(stored);
      else list[at] = stored;
      write(list);
      return stored;
    },
    remove(id: string): boolean {
      const list = all();
      const next = list.filter((f) => f.id !== id);
      write(next);
      return next.length !== list.length;
    },
    /** one flow: {name}.flow.json */
    exportOne(flow: Flow, now: Date = new Date()): { filename: string; file: FlowExportFile } {
      const safe = flow.name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'flow';
      return { filename: `${safe}.flow.json`, file: buildFlowExport([flow], now) };
    },
    /** every flow: accent-flows-YYYY-MM-DD.json */
    exportAll(now: Date = new Date()): { filename: string; file: FlowExportFile } {
      return { filename: `accent-flows-${now.toISOString().slice(0, 10)}.json`, file: buildFlowExport(all(), now) };
    },
    /** merges the file's valid flows (same id: the imported one wins); resolves with their count */
    importMerge(text: string, now: Date = new Date()): number {
      const { flows } = parseFlowImport(text, now);
      const byId = new Map(all().map((f) => [f.id, f]));
      for (const f of flows) byId.set(f.id, f);
      write([...byId.values()]);
      return flows.length;
    },
  };
}
export type LocalFlowStore = ReturnType<typeof createLocalFlowStore>;
