// Pure helpers of the builder: the canvas form of nodes and edges (xyflow) and back, palette drops,
// connections and deletions. No React here, so the rules are tested on their own.
import { Position, type Connection, type Edge, type EdgeChange, type Node, type NodeChange, type XYPosition } from '@xyflow/react';
import { FLOW_DROP_OFFSET, newFlowEdge, newFlowNode, type FlowEdge, type FlowNode, type FlowNodeType, type FlowPaletteItem } from '@accent/flows-common';

export type CanvasNodeData = FlowNode['data'] & Record<string, unknown>;
export type CanvasNode = Node<CanvasNodeData, FlowNodeType>;
export type CanvasEdge = Edge;

/** The drag payload of a palette item. */
export const PALETTE_MIME = 'application/x-accent-flow-node';

/** Where a dropped palette item goes: the drop point (in flow coordinates) minus about half a node. */
export function dropPosition(point: XYPosition, offset: { x: number; y: number } = FLOW_DROP_OFFSET): XYPosition {
  return { x: point.x - offset.x, y: point.y - offset.y };
}

export function toCanvasNode(node: FlowNode): CanvasNode {
  return {
    id: node.id,
    type: node.type,
    position: { x: node.position?.x ?? 0, y: node.position?.y ?? 0 },
    data: node.data as CanvasNodeData,
    sourcePosition: Position.Right,
    targetPosition: Position.Left,
  };
}

export function toCanvasEdge(edge: FlowEdge): CanvasEdge {
  return {
    id: edge.id,
    source: edge.source,
    target: edge.target,
    sourceHandle: edge.sourceHandle ?? null,
    targetHandle: edge.targetHandle ?? null,
    type: edge.type ?? 'default',
    animated: edge.animated ?? true,
    style: edge.style as CanvasEdge['style'],
  };
}

/** The stored form of a canvas node (xyflow's selection and measurements left out). */
export function fromCanvasNode(node: CanvasNode): FlowNode {
  return { id: node.id, type: node.type, position: { x: node.position.x, y: node.position.y }, data: node.data, sourcePosition: 'right', targetPosition: 'left' } as FlowNode;
}

export function fromCanvasEdge(edge: CanvasEdge): FlowEdge {
  return {
    id: edge.id,
    source: edge.source,
    target: edge.target,
    sourceHandle: edge.sourceHandle ?? null,
    targetHandle: edge.targetHandle ?? null,
    type: edge.type ?? 'default',
    animated: edge.animated ?? true,
    style: (edge.style ?? {}) as Record<string, unknown>,
  };
}

/** A new node of a palette item at a position. */
export function paletteNode(item: Pick<FlowPaletteItem, 'type' | 'subtype' | 'label'>, id: string, position: XYPosition): CanvasNode {
  return toCanvasNode(newFlowNode({ id, type: item.type, subtype: item.subtype, label: item.label, position }));
}

/** Adds the edge of a connection (type default, animated, stroke width 2) unless the same one exists or it loops onto its node. */
export function connect(edges: CanvasEdge[], connection: Connection): CanvasEdge[] {
  if (!connection.source || !connection.target || connection.source === connection.target) return edges;
  const edge = toCanvasEdge(newFlowEdge({ source: connection.source, target: connection.target, sourceHandle: connection.sourceHandle, targetHandle: connection.targetHandle }));
  if (edges.some((e) => e.id === edge.id)) return edges;
  return [...edges, edge];
}

/** Removes nodes and every edge attached to them. */
export function removeNodes<N extends { id: string }, E extends { source: string; target: string }>(nodes: N[], edges: E[], ids: Iterable<string>): { nodes: N[]; edges: E[] } {
  const gone = new Set(ids);
  if (gone.size === 0) return { nodes, edges };
  return { nodes: nodes.filter((n) => !gone.has(n.id)), edges: edges.filter((e) => !gone.has(e.source) && !gone.has(e.target)) };
}

/** Delete / Backspace: the selected nodes with their edges, and the selected edges. null when nothing is selected. */
export function deleteSelection<N extends { id: string; selected?: boolean }, E extends { id: string; source: string; target: string; selected?: boolean }>(
  nodes: N[],
  edges: E[],
): { nodes: N[]; edges: E[] } | null {
  const ids = nodes.filter((n) => n.selected).map((n) => n.id);
  const edgeSelected = edges.some((e) => e.selected);
  if (ids.length === 0 && !edgeSelected) return null;
  const after = removeNodes(nodes, edges, ids);
  return { nodes: after.nodes, edges: after.edges.filter((e) => !e.selected) };
}

/** Whether canvas changes alter the flow (selection and measurements do not). */
export const changesFlow = (changes: readonly (NodeChange | EdgeChange)[]): boolean =>
  changes.some((c) => c.type === 'add' || c.type === 'remove' || c.type === 'replace' || (c.type === 'position' && c.position !== undefined));

/** The first characters of a node's prompt, for its card. */
export function promptPreview(text: unknown, chars: number): string {
  if (typeof text !== 'string' || !text) return '';
  return text.length > chars ? `${text.slice(0, chars)}…` : text;
}

/** The source handles of a node on the canvas: condition true/false, switch cases + default, else one. */
export function sourceHandlesOf(node: Pick<FlowNode, 'type' | 'data'>): { id: string | null; label: string | null }[] {
  if (node.type !== 'condition') return [{ id: null, label: null }];
  const data = node.data as { subtype?: string; cases?: { handle: string; value: string }[]; defaultHandle?: string };
  if (data.subtype === 'switch') {
    const handles = (data.cases ?? []).map((c) => ({ id: c.handle, label: c.value || c.handle }));
    const def = data.defaultHandle || 'default';
    if (!handles.some((h) => h.id === def)) handles.push({ id: def, label: def });
    return handles;
  }
  return [
    { id: 'true', label: 'true' },
    { id: 'false', label: 'false' },
  ];
}
