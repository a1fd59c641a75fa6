// One card per node on the canvas, drawn from its type's entry in nodeKinds.ts (icon, title, subtitle,
// labelled outputs with a "+" each), and the edge with a "+" that splits it. Memoised, and what changes
// for all of them (run results, the editor's actions) comes from contexts with stable values, so dragging
// one node re-renders that card and its edges only.
import { createContext, memo, useCallback, useContext, useEffect, useRef, useState, type CSSProperties, type MouseEvent } from 'react';
import {
  BaseEdge,
  EdgeLabelRenderer,
  getBezierPath,
  Handle,
  Position,
  useNodeConnections,
  useNodesData,
  type EdgeProps,
  type EdgeTypes,
  type NodeProps,
  type NodeTypes,
} from '@xyflow/react';
import { FLOW_PROMPT_PREVIEW_CHARS, FLOW_NODE_TYPES, type FlowRunNodeResult } from '@accent/flows-common';
import { promptPreview, type CanvasNode } from './graph.js';
import { describeNode, ICONS, nodeTitle, type KindNode } from './nodeKinds.js';
import { RunStatusBadge } from '@accent/shared/ui';
import styles from './Builder.module.css';

export const RunResultsContext = createContext<ReadonlyMap<string, FlowRunNodeResult> | null>(null);

/** Where the node picker inserts: after a node's output, or into an edge. */
export type InsertTarget = { kind: 'output'; nodeId: string; handleId: string | null } | { kind: 'edge'; edgeId: string };

export interface CanvasActions {
  canEdit: boolean;
  /** opens the node picker next to `anchor` (the "+" pressed) */
  openPicker: (target: InsertTarget, anchor: HTMLElement) => void;
}
/** The editor's actions for cards and edges: one stable value, so providing it re-renders nothing. */
export const CanvasActionsContext = createContext<CanvasActions>({ canEdit: false, openPicker: () => {} });

/** An outline icon from path data; decorative (the text next to it names the thing). */
export const KindIcon = memo(function KindIcon({ paths, className }: { paths: readonly string[]; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
});

/** The "+" of an output or an edge. nodrag/nopan/nokey: xyflow leaves its mouse and keys to the button. */
function AddButton({ label, onClick, className }: { label: string; onClick: (e: MouseEvent<HTMLButtonElement>) => void; className: string }) {
  return (
    <button type="button" className={`nodrag nopan nokey ${styles.addButton} ${className}`} aria-label={label} title={label} onClick={onClick}>
      <KindIcon paths={ICONS.plus} />
    </button>
  );
}

/** The "+" of an output that leads nowhere yet (a connected output continues through its edge's "+"). */
function AddAfter({
  nodeId,
  handleId,
  label,
  openPicker,
}: {
  nodeId: string;
  handleId: string | null;
  label: string;
  openPicker: CanvasActions['openPicker'];
}) {
  const connected = useNodeConnections({ handleType: 'source', handleId: handleId ?? undefined }).length > 0;
  if (connected) return null;
  return (
    <AddButton
      className={styles.addAfter}
      label={label}
      onClick={(e) => {
        e.stopPropagation(); // the source node keeps its selection; the new node gets it
        openPicker({ kind: 'output', nodeId, handleId }, e.currentTarget);
      }}
    />
  );
}

function FlowNodeCardView({ id, type, data, selected }: NodeProps<CanvasNode>) {
  const results = useContext(RunResultsContext);
  const { canEdit, openPicker } = useContext(CanvasActionsContext);
  const result = results?.get(id);
  const { kind, title, subtitle, icon, input, outputs } = describeNode({ type, data } as KindNode);
  const prompt = (data as { prompt?: string }).prompt;
  const preview = type === 'llm' ? promptPreview(prompt, FLOW_PROMPT_PREVIEW_CHARS) : '';
  const single = outputs.length === 1;
  const add = (handleId: string | null, outputLabel: string | null) =>
    canEdit && (
      <AddAfter
        nodeId={id}
        handleId={handleId}
        label={`Add a node after ${title}${outputLabel ? ` (${outputLabel})` : ''}`}
        openPicker={openPicker}
      />
    );
  return (
    <div
      className={`${styles.node} ${selected ? styles.nodeSelected : ''}`}
      style={{ '--kind-color': kind.color } as CSSProperties}
      data-testid={`node-${id}`}
    >
      {input && <Handle type="target" position={Position.Left} className={styles.handle} />}
      <div className={styles.nodeHead}>
        <span className={styles.nodeIcon}>
          <KindIcon paths={icon} />
        </span>
        <span className={styles.nodeText}>
          <span className={styles.nodeLabel} title={title}>
            {title}
          </span>
          {subtitle && (
            <span className={styles.nodeSub} title={subtitle}>
              {subtitle}
            </span>
          )}
        </span>
      </div>
      {preview && (
        <div className={styles.nodePreview} title={prompt}>
          {preview}
        </div>
      )}
      {result && (
        <RunStatusBadge
          status={result.status}
          label={`${result.status} · ${Math.round(result.duration_ms)} ms`}
          className={styles.badge}
          data-testid={`result-${id}`}
          title={result.error ?? undefined}
        />
      )}
      {single ? (
        <>
          <Handle type="source" position={Position.Right} className={styles.handle} />
          {add(null, null)}
        </>
      ) : (
        <ul className={styles.outputs} aria-label={`Outputs of ${title}`}>
          {outputs.map((o) => (
            <li key={o.id ?? ''} className={styles.output}>
              <span className={styles.outputLabel}>{o.label}</span>
              <Handle
                type="source"
                id={o.id ?? undefined}
                position={Position.Right}
                className={`${styles.handle} ${o.id === 'false' ? styles.handleFalse : o.id === 'true' ? styles.handleTrue : ''}`}
              />
              {add(o.id, o.label)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export const FlowNodeCard = memo(FlowNodeCardView);

/** The "+" in the middle of an edge, shown while the edge is hovered or selected. */
function EdgeInsertButton({
  id,
  source,
  target,
  x,
  y,
  onHover,
}: {
  id: string;
  source: string;
  target: string;
  x: number;
  y: number;
  onHover: (on: boolean) => void;
}) {
  const { openPicker } = useContext(CanvasActionsContext);
  const ends = useNodesData<CanvasNode>([source, target]);
  const name = (nodeId: string) => {
    const node = ends.find((n) => n.id === nodeId);
    return node ? nodeTitle({ type: node.type, data: node.data }) : nodeId;
  };
  return (
    <EdgeLabelRenderer>
      <div
        className={styles.edgeInsert}
        style={{ transform: `translate(-50%, -50%) translate(${x}px, ${y}px)` }}
        onMouseEnter={() => onHover(true)}
        onMouseLeave={() => onHover(false)}
      >
        <AddButton
          className={styles.addOnEdge}
          label={`Add a node between ${name(source)} and ${name(target)}`}
          onClick={(e) => openPicker({ kind: 'edge', edgeId: id }, e.currentTarget)}
        />
      </div>
    </EdgeLabelRenderer>
  );
}

/** A bezier edge (xyflow's default look) with a "+" to insert a node into it. */
function InsertableEdgeView({
  id,
  source,
  target,
  sourceX,
  sourceY,
  targetX,
  targetY,
  sourcePosition,
  targetPosition,
  markerEnd,
  style,
  selected,
  interactionWidth,
}: EdgeProps) {
  const { canEdit } = useContext(CanvasActionsContext);
  const [path, labelX, labelY] = getBezierPath({ sourceX, sourceY, sourcePosition, targetX, targetY, targetPosition });
  const [hovered, setHovered] = useState(false);
  // leaving the edge for its button must not hide the button: hiding waits a moment
  const hide = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onHover = useCallback((on: boolean) => {
    clearTimeout(hide.current);
    if (on) setHovered(true);
    else hide.current = setTimeout(() => setHovered(false), 300);
  }, []);
  useEffect(() => () => clearTimeout(hide.current), []);
  return (
    <>
      <g onMouseEnter={canEdit ? () => onHover(true) : undefined} onMouseLeave={canEdit ? () => onHover(false) : undefined}>
        <BaseEdge id={id} path={path} markerEnd={markerEnd} style={style} interactionWidth={interactionWidth} />
      </g>
      {canEdit && (hovered || selected) && <EdgeInsertButton id={id} source={source} target={target} x={labelX} y={labelY} onHover={onHover} />}
    </>
  );
}

export const InsertableEdge = memo(InsertableEdgeView);

/** Created once: a new object per render would make xyflow rebuild every node. One card for every type. */
export const NODE_TYPES: NodeTypes = Object.fromEntries(FLOW_NODE_TYPES.map((t) => [t, FlowNodeCard]));
export const EDGE_TYPES: EdgeTypes = { default: InsertableEdge };
