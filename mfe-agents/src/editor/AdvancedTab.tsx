import { ACCESS_PERMISSIONS, FALLBACK_OPTIONS, MEMORY_OPTIONS, agentSettingsSchema, type AgentSettings } from '@accent/agents-common';
import { Checkbox, FormGrid, FormRow, FormSection, Select } from '@accent/shared/ui';
import { useDraft } from '../state/editor.js';
import { NumberField } from './NumberField.js';
import styles from './Editor.module.css';

const MEMORY_LABELS: Record<(typeof MEMORY_OPTIONS)[number], string> = {
  none: 'None',
  session: 'Session',
  persistent: 'Persistent',
};

export function AdvancedTab() {
  const [agent, update] = useDraft();
  const settings = agent.settings;
  const patch = (p: Partial<AgentSettings>) => update((a) => ({ ...a, settings: { ...a.settings, ...p } }));
  const toggleAccess = (key: AgentSettings['access'][number], on: boolean) =>
    patch({ access: on ? [...settings.access.filter((k) => k !== key), key] : settings.access.filter((k) => k !== key) });
  return (
    <div className={styles.panelBody}>
      <FormSection title="Behaviour" level={3} titleId="agent-behaviour-heading">
        <FormGrid columns={3}>
          <NumberField
            label="Rate limit (requests per minute)"
            value={settings.rate_limit}
            min={1}
            step={1}
            schema={agentSettingsSchema.shape.rate_limit}
            onChange={(rate_limit) => patch({ rate_limit })}
          />
          <Select
            label="Memory"
            value={settings.memory}
            options={MEMORY_OPTIONS.map((m) => ({ value: m, label: MEMORY_LABELS[m] }))}
            onChange={(e) => patch({ memory: e.target.value as AgentSettings['memory'] })}
          />
          <Select
            label="Fallback"
            value={settings.fallback}
            options={FALLBACK_OPTIONS.map((f) => ({ value: f.value, label: f.label }))}
            onChange={(e) => patch({ fallback: e.target.value as AgentSettings['fallback'] })}
          />
        </FormGrid>
      </FormSection>
      <FormSection as="fieldset" title="Access Permissions">
        <FormRow>
          {ACCESS_PERMISSIONS.map((p) => (
            <Checkbox key={p.key} label={p.label} checked={settings.access.includes(p.key)} onChange={(e) => toggleAccess(p.key, e.target.checked)} />
          ))}
        </FormRow>
      </FormSection>
    </div>
  );
}
