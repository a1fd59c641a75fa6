// One card per node on the canvas. Memoised, and its results come from a context, so dragging one node
// or a run result does not rebuild the other cards' props.
import { createContext, memo, useContext } from 'react';
import { Handle, Position, type NodeProps, type NodeTypes } from '@xyflow/react';
import { FLOW_PROMPT_PREVIEW_CHARS, type FlowNode, type FlowRunNodeResult } from '@accent/flows-common';
import { promptPreview, sourceHandlesOf, type CanvasNode } from './graph.js';
import styles from './Builder.module.css';

export const RunResultsContext = createContext<ReadonlyMap<string, FlowRunNodeResult> | null>(null);

const ICONS: Record<string, string> = { trigger: '⚡', llm: '✦', condition: '◆', action: '⚙' };
const TYPE_LABELS: Record<string, string> = { trigger: 'Trigger', llm: 'AI', condition: 'Logic', action: 'Action' };

function FlowNodeCardView({ id, type, data, selected }: NodeProps<CanvasNode>) {
  const results = useContext(RunResultsContext);
  const result = results?.get(id);
  const node = { type, data } as Pick<FlowNode, 'type' | 'data'>;
  const handles = sourceHandlesOf(node);
  const preview = type === 'llm' ? promptPreview((data as { prompt?: string }).prompt, FLOW_PROMPT_PREVIEW_CHARS) : '';
  return (
    <div className={`${styles.node} ${styles[`node_${type}`] ?? ''} ${selected ? styles.nodeSelected : ''}`} data-testid={`node-${id}`}>
      {type !== 'trigger' && <Handle type="target" position={Position.Left} className={styles.handle} />}
      <div className={styles.nodeHead}>
        <span aria-hidden="true">{ICONS[type] ?? '•'}</span>
        <span className={styles.nodeLabel}>{data.label || id}</span>
      </div>
      <div className={styles.nodeSub}>
        {TYPE_LABELS[type] ?? type} · {data.subtype}
      </div>
      {preview && <div className={styles.nodePreview} title={(data as { prompt?: string }).prompt}>{preview}</div>}
      {result && (
        <span className={`${styles.badge} ${styles[`badge_${result.status}`] ?? ''}`} data-testid={`result-${id}`} title={result.error ?? undefined}>
          {result.status} · {Math.round(result.duration_ms)} ms
        </span>
      )}
      {handles.length === 1 ? (
        <Handle type="source" position={Position.Right} className={styles.handle} />
      ) : (
        handles.map((h, i) => (
          <div key={h.id ?? i} className={styles.handleRow} style={{ top: `${((i + 1) / (handles.length + 1)) * 100}%` }}>
            <span className={styles.handleLabel}>{h.label}</span>
            <Handle type="source" id={h.id ?? undefined} position={Position.Right} className={`${styles.handle} ${h.id === 'false' ? styles.handleFalse : h.id === 'true' ? styles.handleTrue : ''}`} style={{ top: '50%' }} />
          </div>
        ))
      )}
    </div>
  );
}

export const FlowNodeCard = memo(FlowNodeCardView);

/** Created once: a new object per render would make xyflow rebuild every node. */
export const NODE_TYPES: NodeTypes = { trigger: FlowNodeCard, llm: FlowNodeCard, condition: FlowNodeCard, action: FlowNodeCard };
export const EDGE_TYPES = {};
