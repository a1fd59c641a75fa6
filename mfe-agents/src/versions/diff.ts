// What changed between two saved versions of an agent, as the Versions tab shows it side by side:
// plain fields, the prompts line by line, the steps added, removed or changed, and the tools.
// Pure (no React), so every rule here is unit-tested.
import { normalizeAgentConfig, type AgentConfig, type Step } from '@accent/agents-common';
import { versionFieldChanges as fieldChanges, versionTextChanges, type VersionFieldChange, type VersionTextChange } from '@accent/shared/ui';

// the kit's shapes and line compare, shared with the flows and background agents' Versions views
export type FieldChange = VersionFieldChange;
export type TextChange = VersionTextChange;

export interface StepChange {
  /** 1-based position, and the step's name in the newer version (or the older when removed) */
  position: number;
  name: string;
  kind: 'added' | 'removed' | 'changed';
  fields: FieldChange[];
  texts: TextChange[];
  toolsAdded: string[];
  toolsRemoved: string[];
}

export interface VersionDiff {
  fields: FieldChange[];
  texts: TextChange[];
  toolsAdded: string[];
  toolsRemoved: string[];
  steps: StepChange[];
  /** nothing differs */
  same: boolean;
}

function setDiff(before: readonly string[], after: readonly string[]) {
  const b = new Set(before);
  const a = new Set(after);
  return { added: [...a].filter((t) => !b.has(t)), removed: [...b].filter((t) => !a.has(t)) };
}

const paramsText = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([k, v]) => `${k} = ${v}`)
    .join('\n');

const systemText = (step: Step) => step.system.join('\n');

function stepChange(position: number, before: Step | undefined, after: Step | undefined): StepChange | null {
  const empty = { fields: [], texts: [], toolsAdded: [], toolsRemoved: [] };
  if (!before && after) return { position, name: after.name, kind: 'added', ...empty, toolsAdded: [...after.tools] };
  if (before && !after) return { position, name: before.name, kind: 'removed', ...empty, toolsRemoved: [...before.tools] };
  if (!before || !after) return null;
  const fields = fieldChanges([
    ['Name', before.name, after.name],
    ['Provider', before.model.provider, after.model.provider],
    ['Model', before.model.model, after.model.model],
    ['Temperature', before.model.temperature, after.model.temperature],
    ['Max tokens', before.model.max_tokens, after.model.max_tokens],
    ['Max retries', before.model.max_retries, after.model.max_retries],
    ['Timeout', before.model.timeout, after.model.timeout],
    ['Include in output', before.include_in_output, after.include_in_output],
    ['Multimodal input', before.enable_multimodal_input, after.enable_multimodal_input],
  ]);
  const texts = versionTextChanges([
    ['Prompt', before.query, after.query],
    ['System prompt', systemText(before), systemText(after)],
    ['Model system prompt', before.model.system, after.model.system],
  ]);
  const tools = setDiff(before.tools, after.tools);
  if (!fields.length && !texts.length && !tools.added.length && !tools.removed.length) return null;
  return { position, name: after.name, kind: 'changed', fields, texts, toolsAdded: tools.added, toolsRemoved: tools.removed };
}

/**
 * `older` is the older version, `newer` the newer; steps are compared by position. Both are compared with
 * their defaults applied, so a field nobody changed (absent in one, its default in the other) is not listed.
 */
export function diffVersions(older: Partial<AgentConfig>, newer: Partial<AgentConfig>): VersionDiff {
  const before = normalizeAgentConfig(older);
  const after = normalizeAgentConfig(newer);
  const fields = fieldChanges([
    ['Description', before.description, after.description],
    ['Category', before.category, after.category],
    ['Status', before.status, after.status],
    ['Avatar', before.avatar, after.avatar],
    ['Flow type', before.flow_type, after.flow_type],
    ['Chatbot', before.chatbot, after.chatbot],
    ['Use history', before.use_history, after.use_history],
    ['Save history', before.save_history, after.save_history],
    ['Max history items', before.max_history_items, after.max_history_items],
    ['Rate limit', before.settings!.rate_limit, after.settings!.rate_limit],
    ['Memory', before.settings!.memory, after.settings!.memory],
    ['Fallback', before.settings!.fallback, after.settings!.fallback],
    ['Access', before.settings!.access, after.settings!.access],
    ['Knowledge collections', before.knowledgeCollections, after.knowledgeCollections],
  ]);
  const texts = versionTextChanges([
    ['Query', before.query, after.query],
    ['Parameters', paramsText(before.params), paramsText(after.params)],
  ]);
  const tools = setDiff(before.tools!, after.tools!);
  const steps: StepChange[] = [];
  for (let i = 0; i < Math.max(before.steps.length, after.steps.length); i++) {
    const change = stepChange(i + 1, before.steps[i], after.steps[i]);
    if (change) steps.push(change);
  }
  const same = !fields.length && !texts.length && !tools.added.length && !tools.removed.length && !steps.length;
  return { fields, texts, toolsAdded: tools.added, toolsRemoved: tools.removed, steps, same };
}
