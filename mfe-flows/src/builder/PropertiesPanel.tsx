// Node Properties (spec 02 §2.2, §3.2): every field of the selected node's type, with its defaults.
import { memo, type CSSProperties } from 'react';
import {
  FLOW_ACTION_TYPES,
  FLOW_ANALYSIS_TYPES,
  FLOW_CONDITION_TYPES,
  FLOW_HTTP_METHODS,
  FLOW_MODELS,
  type ActionNodeData,
  type ConditionNodeData,
  type FlowVariable,
  type LlmNodeData,
  type TriggerNodeData,
} from '@accent/flows-common';
import { Button, Select, TextArea, TextField } from '@accent/shared/ui';
import { KindIcon } from './FlowNodeCard.js';
import type { CanvasNode, CanvasNodeData } from './graph.js';
import { ACTION_TYPE_LABELS, describeNode, type KindNode } from './nodeKinds.js';
import { McpToolFields } from './McpToolFields.js';
import styles from './Builder.module.css';

const options = (values: readonly string[], labels: Readonly<Record<string, string>> = {}) =>
  values.map((v) => ({ value: v, label: labels[v] ?? v }));
const ACTION_TYPE_OPTIONS = options(FLOW_ACTION_TYPES, ACTION_TYPE_LABELS);
const asText = (v: unknown): string => (v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v, null, 2));

export interface PropertiesPanelProps {
  node: CanvasNode;
  onChange: (id: string, patch: Partial<CanvasNodeData>) => void;
  onDelete: (id: string) => void;
  onClose: () => void;
  /** a member's view: the fields are shown, not changed */
  readOnly?: boolean;
  /** what this node's `{{…}}` placeholders can name, with what each holds */
  variables?: readonly FlowVariable[];
}

export const PropertiesPanel = memo(function PropertiesPanel({
  node,
  onChange,
  onDelete,
  onClose,
  readOnly = false,
  variables = [],
}: PropertiesPanelProps) {
  const set = (patch: Record<string, unknown>) => onChange(node.id, patch as Partial<CanvasNodeData>);
  const data = node.data;
  return (
    <aside className={styles.side} aria-label="Node Properties">
      <div className={styles.sideHead}>
        <h2 className={styles.sideTitle}>Node Properties</h2>
        <button type="button" className={styles.close} aria-label="Close properties" onClick={onClose}>
          ×
        </button>
      </div>
      <NodeHeading node={node} />
      <p className={styles.muted}>
        {node.type} · {data.subtype} · <code>{node.id}</code>
      </p>
      <fieldset className={styles.fields} disabled={readOnly}>
        <TextField label="Label" value={data.label} onChange={(e) => set({ label: e.target.value })} />
        {node.type === 'trigger' && <TriggerFields data={data as TriggerNodeData} set={set} />}
        {node.type === 'llm' && <LlmFields data={data as LlmNodeData} set={set} />}
        {node.type === 'condition' && <ConditionFields data={data as ConditionNodeData} set={set} />}
        {node.type === 'action' && <ActionFields data={data as ActionNodeData} set={set} />}
      </fieldset>
      {node.type !== 'trigger' && variables.length > 0 && <Variables variables={variables} />}
      {!readOnly && (
        <Button variant="danger" size="sm" onClick={() => onDelete(node.id)}>
          Delete node
        </Button>
      )}
    </aside>
  );
});

/** The node as its card shows it: icon, title, what it does. */
function NodeHeading({ node }: { node: CanvasNode }) {
  const { kind, title, subtitle, icon } = describeNode(node as KindNode);
  return (
    <div className={styles.nodeHead} style={{ '--kind-color': kind.color } as CSSProperties}>
      <span className={styles.nodeIcon}>
        <KindIcon paths={icon} />
      </span>
      <span className={styles.nodeText}>
        <span className={styles.nodeLabel}>{title}</span>
        {subtitle && <span className={styles.nodeSub}>{subtitle}</span>}
      </span>
    </div>
  );
}

type Setter = (patch: Record<string, unknown>) => void;

/** The placeholders this node's fields can use and what each holds (`{{last}}` is text, `{{last_raw}}` the object). */
function Variables({ variables }: { variables: readonly FlowVariable[] }) {
  return (
    <section className={styles.variables} aria-labelledby="flow-node-variables">
      <h3 id="flow-node-variables" className={styles.variablesTitle}>
        Variables
      </h3>
      <dl className={styles.variableList}>
        {variables.map((v) => (
          <div key={v.name} className={styles.variable}>
            <dt>
              <code>{v.name}</code>
            </dt>
            <dd>{v.holds}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function TriggerFields({ data, set }: { data: TriggerNodeData; set: Setter }) {
  const config = (data.config ?? {}) as Record<string, unknown>;
  const setConfig = (patch: Record<string, unknown>) => set({ config: { ...config, ...patch } });
  const type = data.triggerType ?? data.subtype;
  return (
    <>
      <TextField label="Trigger type" value={type} readOnly />
      {type === 'schedule' && (
        <>
          <TextField
            label="Cron expression"
            value={asText(config.cron)}
            placeholder="0 9 * * 1-5"
            onChange={(e) => setConfig({ cron: e.target.value })}
          />
          <TextField label="Timezone" value={asText(config.timezone ?? 'UTC')} onChange={(e) => setConfig({ timezone: e.target.value })} />
        </>
      )}
      {type === 'webhook' && <p className={styles.muted}>Deploy the flow to get its webhook URL and secret.</p>}
      {type === 'form' && (
        <TextField
          label="Form fields (comma separated)"
          value={Array.isArray(config.fields) ? (config.fields as string[]).join(', ') : asText(config.fields)}
          onChange={(e) =>
            setConfig({
              fields: e.target.value
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean),
            })
          }
        />
      )}
      {type === 'email' && (
        <TextField label="From address filter" value={asText(config.from)} onChange={(e) => setConfig({ from: e.target.value })} />
      )}
    </>
  );
}

function LlmFields({ data, set }: { data: LlmNodeData; set: Setter }) {
  return (
    <>
      <Select label="Model" value={data.model} options={options(FLOW_MODELS)} onChange={(e) => set({ model: e.target.value })} />
      <TextArea label="System prompt" rows={3} value={data.systemPrompt} onChange={(e) => set({ systemPrompt: e.target.value })} />
      <TextField
        label="Temperature"
        type="number"
        min={0}
        max={2}
        step={0.1}
        value={String(data.temperature)}
        onChange={(e) => set({ temperature: e.target.value === '' ? 0 : Number(e.target.value) })}
      />
      <TextArea
        label="Prompt"
        rows={4}
        value={data.prompt ?? ''}
        hint="Use {{payload.field}} or {{last}} placeholders (Variables below)."
        onChange={(e) => set({ prompt: e.target.value })}
      />
      {data.subtype === 'analysis' && (
        <>
          <Select
            label="Analysis"
            value={data.analysisType}
            options={options(FLOW_ANALYSIS_TYPES)}
            onChange={(e) => set({ analysisType: e.target.value })}
          />
          <TextArea label="Text to analyse" rows={2} value={data.text ?? ''} onChange={(e) => set({ text: e.target.value })} />
        </>
      )}
    </>
  );
}

function ConditionFields({ data, set }: { data: ConditionNodeData; set: Setter }) {
  if (data.subtype === 'switch') {
    const cases = data.cases ?? [];
    const setCase = (i: number, patch: Record<string, unknown>) => set({ cases: cases.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
    return (
      <>
        <TextField label="Field" value={data.field} placeholder="payload.topic" onChange={(e) => set({ field: e.target.value })} />
        <fieldset className={styles.cases}>
          <legend>Cases</legend>
          {cases.map((c, i) => (
            <div key={i} className={styles.caseRow}>
              <TextField label={`Case ${i + 1} value`} value={c.value} onChange={(e) => setCase(i, { value: e.target.value })} />
              <TextField label={`Case ${i + 1} handle`} value={c.handle} onChange={(e) => setCase(i, { handle: e.target.value })} />
              <Button variant="ghost" size="sm" aria-label={`Remove case ${i + 1}`} onClick={() => set({ cases: cases.filter((_, j) => j !== i) })}>
                Remove
              </Button>
            </div>
          ))}
          <Button variant="secondary" size="sm" onClick={() => set({ cases: [...cases, { value: '', handle: `case-${cases.length + 1}` }] })}>
            Add case
          </Button>
        </fieldset>
        <TextField label="Default handle" value={data.defaultHandle} onChange={(e) => set({ defaultHandle: e.target.value })} />
      </>
    );
  }
  return (
    <>
      <Select
        label="Condition type"
        value={data.conditionType}
        options={options(FLOW_CONDITION_TYPES)}
        onChange={(e) => set({ conditionType: e.target.value })}
      />
      <TextField label="Field" value={data.field} placeholder="payload.amount" onChange={(e) => set({ field: e.target.value })} />
      <TextField label="Value" value={data.value} onChange={(e) => set({ value: e.target.value })} />
      <p className={styles.muted}>Connect the true and false outputs to the next steps.</p>
    </>
  );
}

function ActionFields({ data, set }: { data: ActionNodeData; set: Setter }) {
  const actionType = data.actionType ?? 'api_call';
  const http = actionType === 'api_call' || actionType === 'webhook';
  if (actionType === 'mcp_tool')
    return (
      <>
        <Select label="Action type" value={actionType} options={ACTION_TYPE_OPTIONS} onChange={(e) => set({ actionType: e.target.value })} />
        <McpToolFields data={data} set={set} />
      </>
    );
  return (
    <>
      <Select label="Action type" value={actionType} options={ACTION_TYPE_OPTIONS} onChange={(e) => set({ actionType: e.target.value })} />
      {http && <TextField label="URL" value={data.url} placeholder="https://" onChange={(e) => set({ url: e.target.value })} />}
      {http && (
        <>
          <Select label="Method" value={data.method} options={options(FLOW_HTTP_METHODS)} onChange={(e) => set({ method: e.target.value })} />
          <TextArea
            label="Headers"
            rows={2}
            value={asText(data.headers)}
            hint='JSON or "Name: value" lines'
            onChange={(e) => set({ headers: e.target.value })}
          />
        </>
      )}
      {actionType === 'email' && (
        <>
          <TextField label="To" value={data.to} onChange={(e) => set({ to: e.target.value })} />
          <TextField label="Subject" value={data.subject} onChange={(e) => set({ subject: e.target.value })} />
        </>
      )}
      {actionType === 'database' && <TextField label="Table" value={data.table} onChange={(e) => set({ table: e.target.value })} />}
      {/* one address for Slack: older nodes kept it in `url`, which the runner still reads when webhookUrl is empty */}
      {actionType === 'slack' && (
        <TextField
          label="Slack webhook URL"
          value={data.webhookUrl || data.url || ''}
          placeholder="https://hooks.slack.com/services/…"
          onChange={(e) => set({ webhookUrl: e.target.value, url: '' })}
        />
      )}
      <TextArea
        label={actionType === 'email' ? 'Body' : actionType === 'slack' ? 'Message' : actionType === 'database' ? 'Row (JSON)' : 'Body'}
        rows={4}
        value={asText(data.body)}
        onChange={(e) => set({ body: e.target.value })}
      />
    </>
  );
}
