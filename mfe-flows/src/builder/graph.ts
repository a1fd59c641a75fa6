// Pure helpers of the builder: the canvas form of nodes and edges (xyflow) and back, palette drops,
// connections and deletions. No React here, so the rules are tested on their own.
import { Position, type Connection, type Edge, type EdgeChange, type Node, type NodeChange, type XYPosition } from '@xyflow/react';
import {
  FLOW_DROP_OFFSET,
  newFlowEdge,
  newFlowNode,
  type FlowEdge,
  type FlowNode,
  type FlowNodeType,
  type FlowPaletteItem,
} from '@accent/flows-common';
import { kindOf } from './nodeKinds.js';

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
  return {
    id: node.id,
    type: node.type,
    position: { x: node.position.x, y: node.position.y },
    data: node.data,
    sourcePosition: 'right',
    targetPosition: 'left',
  } as FlowNode;
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
  const edge = toCanvasEdge(
    newFlowEdge({
      source: connection.source,
      target: connection.target,
      sourceHandle: connection.sourceHandle,
      targetHandle: connection.targetHandle,
    }),
  );
  if (edges.some((e) => e.id === edge.id)) return edges;
  return [...edges, edge];
}

/** Removes nodes and every edge attached to them. */
export function removeNodes<N extends { id: string }, E extends { source: string; target: string }>(
  nodes: N[],
  edges: E[],
  ids: Iterable<string>,
): { nodes: N[]; edges: E[] } {
  const gone = new Set(ids);
  if (gone.size === 0) return { nodes, edges };
  return { nodes: nodes.filter((n) => !gone.has(n.id)), edges: edges.filter((e) => !gone.has(e.source) && !gone.has(e.target)) };
}

/** Delete / Backspace: the selected nodes with their edges, and the selected edges. null when nothing is selected. */
export function deleteSelection<
  N extends { id: string; selected?: boolean },
  E extends { id: string; source: string; target: string; selected?: boolean },
>(nodes: N[], edges: E[]): { nodes: N[]; edges: E[] } | null {
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

// ---- inserting from a "+" -------------------------------------------------------------------------

/** A card's size before xyflow has measured it (its CSS width, a two-line height). */
export const NODE_SIZE = { width: 240, height: 72 } as const;
/** The room left between a node and the one inserted after it, across and between outputs. */
export const INSERT_GAP = { x: 100, y: 110 } as const;

type Placed = Pick<CanvasNode, 'id' | 'position' | 'measured' | 'type' | 'data'>;
const widthOf = (n: Placed) => n.measured?.width ?? NODE_SIZE.width;
/** Nodes with none selected (the same objects where nothing changes). */
export const deselected = <N extends { selected?: boolean }>(nodes: N[]): N[] => nodes.map((n) => (n.selected ? { ...n, selected: false } : n));
/** The handle a node's first output leaves from (null: its only output). */
const firstOutput = (node: Placed): string | null => kindOf(node.type).outputs(node.data)[0]?.id ?? null;

/**
 * Inserts the node `make` builds after the output `handleId` of `sourceId`: one column to the right,
 * level with that output (outputs fan out around the node's middle), connected from it and selected.
 */
export function insertAfter(
  nodes: CanvasNode[],
  edges: CanvasEdge[],
  from: { nodeId: string; handleId: string | null },
  make: (position: XYPosition) => CanvasNode,
): { nodes: CanvasNode[]; edges: CanvasEdge[]; node: CanvasNode } | null {
  const source = nodes.find((n) => n.id === from.nodeId);
  if (!source) return null;
  const outputs = kindOf(source.type).outputs(source.data);
  const index = Math.max(
    0,
    outputs.findIndex((o) => o.id === from.handleId),
  );
  const node = {
    ...make({ x: source.position.x + widthOf(source) + INSERT_GAP.x, y: source.position.y + (index - (outputs.length - 1) / 2) * INSERT_GAP.y }),
    selected: true,
  };
  return {
    nodes: [...deselected(nodes), node],
    edges: connect(edges, { source: source.id, sourceHandle: from.handleId, target: node.id, targetHandle: null }),
    node,
  };
}

/**
 * Splits an edge with the node `make` builds: source → node → target, the node halfway and selected.
 * When the two ends are too close for a card between them, the target and every node after it move
 * right to make room.
 */
export function insertIntoEdge(
  nodes: CanvasNode[],
  edges: CanvasEdge[],
  edgeId: string,
  make: (position: XYPosition) => CanvasNode,
): { nodes: CanvasNode[]; edges: CanvasEdge[]; node: CanvasNode } | null {
  const edge = edges.find((e) => e.id === edgeId);
  const source = edge && nodes.find((n) => n.id === edge.source);
  const target = edge && nodes.find((n) => n.id === edge.target);
  if (!edge || !source || !target) return null;
  const room = target.position.x - (source.position.x + widthOf(source));
  const needed = NODE_SIZE.width + 2 * INSERT_GAP.x;
  let placed = nodes;
  if (room < needed) {
    // everything reachable from the target moves right by what is missing
    const shift = needed - Math.max(0, room);
    const after = new Set([target.id]);
    for (const id of after) for (const e of edges) if (e.source === id && e.id !== edge.id) after.add(e.target);
    placed = nodes.map((n) => (after.has(n.id) && n.id !== source.id ? { ...n, position: { x: n.position.x + shift, y: n.position.y } } : n));
  }
  const x = source.position.x + widthOf(source) + INSERT_GAP.x;
  const node = { ...make({ x, y: (source.position.y + target.position.y) / 2 }), selected: true };
  const kept = edges.filter((e) => e.id !== edge.id);
  const withIn = connect(kept, { source: edge.source, sourceHandle: edge.sourceHandle ?? null, target: node.id, targetHandle: null });
  const withOut = connect(withIn, { source: node.id, sourceHandle: firstOutput(node), target: edge.target, targetHandle: edge.targetHandle ?? null });
  return { nodes: [...deselected(placed), node], edges: withOut, node };
}
