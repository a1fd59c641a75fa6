import { useEffect, useState } from 'react';
import {
  MODEL_BOUNDS,
  MODEL_PROVIDERS,
  PROVIDER_NAMES,
  canAddTool,
  modelSettingsSchema,
  splitSystemPrompt,
  type ModelProvider,
  type Step,
} from '@accent/agents-common';
import { Button, Checkbox, FormGrid, FormRow, IconButton, Select, TextArea, TextField } from '@accent/shared/ui';
import { useUpdateStep } from '../state/editor.js';
import { NumberField } from './NumberField.js';
import { TOOL_OPTIONS } from './toolGroups.js';
import { toolLabel, useMcpTools } from './mcpTools.js';
import styles from './Editor.module.css';

const PROVIDER_LABELS: Record<ModelProvider, string> = { openai: 'OpenAI', anthropic: 'Anthropic', google: 'Google', microsoft: 'Microsoft' };
const shape = modelSettingsSchema.shape;

function modelOptions(provider: string, current: string) {
  const models: readonly string[] = MODEL_PROVIDERS[provider as ModelProvider] ?? [];
  const list = models.includes(current) || !current ? models : [current, ...models];
  return list.map((m) => ({ value: m, label: m }));
}

function providerOptions(current: string) {
  const names: string[] = PROVIDER_NAMES.includes(current as ModelProvider) ? PROVIDER_NAMES : [current, ...PROVIDER_NAMES];
  return names.map((p) => ({ value: p, label: PROVIDER_LABELS[p as ModelProvider] ?? p }));
}

/** The system prompt as text; stored as lines with blank lines dropped (spec 01 §5). */
function SystemPromptField({ id, lines, onLines }: { id: string; lines: string[]; onLines(lines: string[]): void }) {
  const [text, setText] = useState(() => lines.join('\n'));
  // Follow outside changes only: while typing, the text keeps its blank lines and trailing newline.
  useEffect(() => {
    setText((current) => (splitSystemPrompt(current).join('\n') === lines.join('\n') ? current : lines.join('\n')));
  }, [lines]);
  return (
    <TextArea
      id={id}
      label="System prompt"
      rows={4}
      value={text}
      placeholder="One instruction per line"
      onChange={(e) => {
        setText(e.target.value);
        onLines(splitSystemPrompt(e.target.value));
      }}
      onBlur={() => setText(splitSystemPrompt(text).join('\n'))}
    />
  );
}

export function StepCard({ step, index, onRemove }: { step: Step; index: number; onRemove(): void }) {
  const update = useUpdateStep(index);
  const [toolChoice, setToolChoice] = useState('');
  const mcpGroups = useMcpTools();
  const toolOptions = [...TOOL_OPTIONS, ...mcpGroups.flatMap((g) => g.tools.map((t) => ({ value: t.ref, label: t.label })))];
  const model = step.model;
  const setModel = (patch: Partial<Step['model']>) => update((s) => ({ ...s, model: { ...s.model, ...patch } }));
  const idBase = `agent-step-${index}`;
  const title = step.name.trim() || `Step ${index + 1}`;

  const addTool = () => {
    if (!canAddTool(step, toolChoice)) return;
    update((s) => ({ ...s, tools: [...s.tools, toolChoice] }));
    setToolChoice('');
  };

  return (
    <li className={styles.stepCard} aria-labelledby={`${idBase}-title`}>
      <header className={styles.stepHeader}>
        <span className={styles.stepNumber} aria-hidden="true">
          {index + 1}
        </span>
        <h3 id={`${idBase}-title`} className={styles.stepTitle}>
          {title}
        </h3>
        <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove step ${index + 1}`}>
          Remove
        </Button>
      </header>

      <div className={styles.stepBody}>
        <TextField label="Step name" value={step.name} onChange={(e) => update((s) => ({ ...s, name: e.target.value }))} />
        <TextArea
          label="Prompt"
          rows={3}
          value={step.query}
          onChange={(e) => update((s) => ({ ...s, query: e.target.value }))}
          placeholder="What this step asks the model; {param} inserts a parameter"
        />
        <SystemPromptField id={`${idBase}-system`} lines={step.system} onLines={(system) => update((s) => ({ ...s, system }))} />

        <fieldset className={styles.subsection}>
          <legend className={styles.legend}>Model settings</legend>
          <FormGrid>
            <Select
              label="Provider"
              value={model.provider}
              options={providerOptions(model.provider)}
              onChange={(e) => {
                const provider = e.target.value as ModelProvider;
                setModel({ provider, model: MODEL_PROVIDERS[provider]?.[0] ?? model.model });
              }}
            />
            <Select
              label="Model"
              value={model.model}
              options={modelOptions(model.provider, model.model)}
              onChange={(e) => setModel({ model: e.target.value })}
            />
          </FormGrid>
          <FormGrid columns={4}>
            <NumberField
              label="Temperature"
              value={model.temperature}
              min={MODEL_BOUNDS.temperature.min}
              max={MODEL_BOUNDS.temperature.max}
              step={MODEL_BOUNDS.temperature.step}
              schema={shape.temperature}
              onChange={(temperature) => setModel({ temperature })}
            />
            <NumberField
              label="Max retries"
              value={model.max_retries}
              min={MODEL_BOUNDS.max_retries.min}
              max={MODEL_BOUNDS.max_retries.max}
              schema={shape.max_retries}
              onChange={(max_retries) => setModel({ max_retries })}
            />
            <NumberField
              label="Timeout (seconds)"
              value={model.timeout}
              min={MODEL_BOUNDS.timeout.min}
              max={MODEL_BOUNDS.timeout.max}
              schema={shape.timeout}
              onChange={(timeout) => setModel({ timeout })}
            />
            <NumberField
              label="Max tokens"
              value={model.max_tokens}
              min={MODEL_BOUNDS.max_tokens.min}
              schema={shape.max_tokens}
              onChange={(max_tokens) => setModel({ max_tokens })}
            />
          </FormGrid>
          <Checkbox
            label="Enable context helper"
            checked={model.enable_context_helper}
            onChange={(e) => setModel({ enable_context_helper: e.target.checked })}
          />
        </fieldset>

        <fieldset className={styles.subsection}>
          <legend className={styles.legend}>Tools</legend>
          <div className={styles.toolPicker}>
            <Select
              label={`Tool for step ${index + 1}`}
              value={toolChoice}
              placeholder="Select a tool…"
              options={toolOptions}
              onChange={(e) => setToolChoice(e.target.value)}
            />
            <Button variant="secondary" onClick={addTool} disabled={!canAddTool(step, toolChoice)}>
              Add Tool
            </Button>
          </div>
          {step.tools.length === 0 ? (
            <p className={styles.empty}>No tools on this step.</p>
          ) : (
            <ul className={styles.chips} aria-label={`Tools of step ${index + 1}`}>
              {step.tools.map((tool) => (
                <li key={tool} className={styles.chip}>
                  <span>{toolLabel(tool, mcpGroups)}</span>
                  <IconButton
                    label={`Remove tool ${toolLabel(tool, mcpGroups)}`}
                    className={styles.chipRemove}
                    onClick={() => update((s) => ({ ...s, tools: s.tools.filter((t) => t !== tool) }))}
                  >
                    ×
                  </IconButton>
                </li>
              ))}
            </ul>
          )}
        </fieldset>

        <FormRow>
          <Checkbox
            label="Include in output"
            checked={step.include_in_output}
            onChange={(e) => update((s) => ({ ...s, include_in_output: e.target.checked }))}
          />
          <Checkbox
            label="Enable multimodal input"
            checked={step.enable_multimodal_input}
            onChange={(e) => update((s) => ({ ...s, enable_multimodal_input: e.target.checked }))}
          />
        </FormRow>
      </div>
    </li>
  );
}
