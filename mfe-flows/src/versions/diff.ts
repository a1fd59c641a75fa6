// What changed between two flow versions, as the Versions panel shows it: the settings (name,
// description, tags), the nodes added, removed or changed (with each changed field, before and after)
// and the edges added or removed. Nodes are matched by id (the builder keeps ids when a node is edited);
// an edge is its two ends and handles. Moving a node is not a change worth listing. Pure, unit-tested.
import type { FlowVersion } from '@accent/flows-common';
import { versionFieldChanges as fieldChanges, type VersionFieldChange } from '@accent/shared/ui';

/** a changed field, as the kit's VersionFieldsTable shows it */
export type FieldChange = VersionFieldChange;

export interface NodeChange {
  id: string;
  /** the node's label in the newer version (the older when removed) */
  label: string;
  type: string;
  kind: 'added' | 'removed' | 'changed';
  fields: FieldChange[];
}

export interface FlowVersionDiff {
  settings: FieldChange[];
  nodes: NodeChange[];
  edgesAdded: string[];
  edgesRemoved: string[];
  same: boolean;
}

type Snapshot = Pick<FlowVersion, 'name' | 'description' | 'tags' | 'flow_data'>;
interface StoredNode {
  id: string;
  type?: string;
  data?: Record<string, unknown>;
}
interface StoredEdge {
  source: string;
  target: string;
  sourceHandle?: string | null;
}

/** The graph as stored; a version may hold anything the gateway accepted, so read it defensively. */
function graphOf(flowData: unknown): { nodes: StoredNode[]; edges: StoredEdge[] } {
  const g = (flowData ?? {}) as { nodes?: unknown; edges?: unknown };
  const nodes = Array.isArray(g.nodes) ? (g.nodes as StoredNode[]).filter((n) => n && typeof n.id === 'string') : [];
  const edges = Array.isArray(g.edges) ? (g.edges as StoredEdge[]).filter((e) => e && typeof e.source === 'string' && typeof e.target === 'string') : [];
  return { nodes, edges };
}

/** systemPrompt → "System prompt", maxTokens → "Max tokens" */
export const fieldLabel = (key: string) => {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const nodeLabel = (n: StoredNode) => (typeof n.data?.label === 'string' && n.data.label ? n.data.label : n.id);

function nodeChange(before: StoredNode | undefined, after: StoredNode | undefined): NodeChange | null {
  const node = (after ?? before)!;
  const base = { id: node.id, label: nodeLabel(node), type: node.type ?? '' };
  if (!before) return { ...base, kind: 'added', fields: [] };
  if (!after) return { ...base, kind: 'removed', fields: [] };
  const b = before.data ?? {};
  const a = after.data ?? {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const fields = fieldChanges([['Type', before.type, after.type], ...keys.map((k) => [fieldLabel(k), b[k], a[k]] as [string, unknown, unknown])]);
  return fields.length ? { ...base, kind: 'changed', fields } : null;
}

/** `before` is the older version, `after` the newer. */
export function diffFlowVersions(before: Snapshot, after: Snapshot): FlowVersionDiff {
  const settings = fieldChanges([
    ['Name', before.name, after.name],
    ['Description', before.description, after.description],
    ['Tags', before.tags, after.tags],
  ]);
  const b = graphOf(before.flow_data);
  const a = graphOf(after.flow_data);
  const beforeById = new Map(b.nodes.map((n) => [n.id, n]));
  const afterById = new Map(a.nodes.map((n) => [n.id, n]));
  const nodes: NodeChange[] = [];
  // the newer version's order, then what was removed
  for (const n of a.nodes) {
    const change = nodeChange(beforeById.get(n.id), n);
    if (change) nodes.push(change);
  }
  for (const n of b.nodes) if (!afterById.has(n.id)) nodes.push(nodeChange(n, undefined)!);

  const edgeText = (e: StoredEdge, byId: Map<string, StoredNode>) => {
    const name = (id: string) => {
      const n = byId.get(id);
      return n ? nodeLabel(n) : id;
    };
    return `${name(e.source)} → ${name(e.target)}${e.sourceHandle ? ` (${e.sourceHandle})` : ''}`;
  };
  const key = (e: StoredEdge) => `${e.source}\u0000${e.target}\u0000${e.sourceHandle ?? ''}`;
  const beforeEdges = new Set(b.edges.map(key));
  const afterEdges = new Set(a.edges.map(key));
  const edgesAdded = a.edges.filter((e) => !beforeEdges.has(key(e))).map((e) => edgeText(e, afterById));
  const edgesRemoved = b.edges.filter((e) => !afterEdges.has(key(e))).map((e) => edgeText(e, beforeById));
  return { settings, nodes, edgesAdded, edgesRemoved, same: !settings.length && !nodes.length && !edgesAdded.length && !edgesRemoved.length };
}
