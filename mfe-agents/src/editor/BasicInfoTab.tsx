import { z } from 'zod';
import { AGENT_AVATARS, AGENT_CATEGORIES, AGENT_STATUSES, FLOW_TYPES, FLOW_TYPE_LABELS, type Agent } from '@accent/agents-common';
import { Checkbox, FormGrid, FormHint, FormRow, FormSection, Select, TextArea, TextField } from '@accent/shared/ui';
import { useDraft } from '../state/editor.js';
import { useIsAdmin } from '../state/permissions.js';
import { NumberField } from './NumberField.js';
import { ParamsEditor } from './ParamsEditor.js';
import styles from './Editor.module.css';

/** Same bounds as the save schema's max_history_items, with a readable message. */
const HISTORY_MESSAGE = 'Max history items must be a whole number between 0 and 1000';
const maxHistorySchema = z.number({ error: HISTORY_MESSAGE }).int(HISTORY_MESSAGE).min(0, HISTORY_MESSAGE).max(1000, HISTORY_MESSAGE);

export const CHATBOT_LABEL = 'Available as a chatbot';
export const MCP_LABEL = 'Offered to MCP clients';

const categoryOptions = (current: string) => [
  ...AGENT_CATEGORIES.map((c) => ({ value: c, label: c })),
  // A category derived from keywords (e.g. General) stays visible until another is chosen.
  ...((AGENT_CATEGORIES as readonly string[]).includes(current) ? [] : [{ value: current, label: current }]),
];

export function BasicInfoTab() {
  const [agent, update] = useDraft();
  const patch = (p: Partial<Agent>) => update((a) => ({ ...a, ...p }));
  const admin = useIsAdmin();
  return (
    <div className={styles.panelBody}>
      <FormSection title="Identity" level={3} titleId="agent-identity-heading">
        <FormGrid>
          <TextField label="Name" value={agent.name} onChange={(e) => patch({ name: e.target.value })} placeholder="e.g. Lead Qualifier" />
          <Select
            label="Category"
            value={agent.category}
            options={categoryOptions(agent.category)}
            onChange={(e) => patch({ category: e.target.value })}
          />
        </FormGrid>
        <TextArea
          label="Description"
          rows={3}
          value={agent.description}
          onChange={(e) => patch({ description: e.target.value })}
          placeholder="What does this agent do, and for whom?"
        />
        <fieldset className={styles.avatarPicker}>
          <legend className={styles.legend}>Avatar</legend>
          <div role="radiogroup" aria-label="Avatar" className={styles.avatars}>
            {AGENT_AVATARS.map((emoji) => (
              <label key={emoji} className={`${styles.avatarOption} ${agent.avatar === emoji ? styles.avatarSelected : ''}`}>
                <input
                  type="radio"
                  name="agent-avatar"
                  value={emoji}
                  checked={agent.avatar === emoji}
                  onChange={() => patch({ avatar: emoji })}
                  className={styles.visuallyHidden}
                />
                <span aria-hidden="true">{emoji}</span>
                <span className={styles.visuallyHidden}>{`Avatar ${emoji}`}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <FormGrid>
          <Select
            label="Status"
            value={agent.status}
            options={AGENT_STATUSES.map((s) => ({ value: s, label: s }))}
            onChange={(e) => patch({ status: e.target.value as Agent['status'] })}
          />
          <Select
            label="Flow type"
            value={agent.flow_type}
            options={FLOW_TYPES.map((f) => ({ value: f, label: FLOW_TYPE_LABELS[f] }))}
            onChange={(e) => patch({ flow_type: e.target.value as Agent['flow_type'] })}
          />
        </FormGrid>
      </FormSection>

      <FormSection title="Query and history" level={3} titleId="agent-query-heading">
        <TextArea
          label="Default query"
          rows={3}
          value={agent.query}
          onChange={(e) => patch({ query: e.target.value })}
          placeholder="The request the agent answers when it is run without one"
        />
        <FormRow>
          <Checkbox label="Use conversation history" checked={agent.use_history} onChange={(e) => patch({ use_history: e.target.checked })} />
          <Checkbox label="Save conversation history" checked={agent.save_history} onChange={(e) => patch({ save_history: e.target.checked })} />
          <div className={styles.narrowField}>
            <NumberField
              label="Max history items"
              value={agent.max_history_items}
              min={0}
              max={1000}
              step={1}
              schema={maxHistorySchema}
              onChange={(n) => patch({ max_history_items: n })}
            />
          </div>
        </FormRow>
        <div className={styles.chatbotOption}>
          <Checkbox
            label={CHATBOT_LABEL}
            checked={agent.chatbot ?? false}
            onChange={(e) => patch({ chatbot: e.target.checked })}
            aria-describedby="agent-chatbot-hint"
          />
          <FormHint id="agent-chatbot-hint">
            Offered on the Chatbots page as a chat that keeps the conversation, using the history settings above.
          </FormHint>
        </div>
        {admin && (
          <div className={styles.chatbotOption}>
            <Checkbox
              label={MCP_LABEL}
              checked={agent.mcp ?? true}
              onChange={(e) => patch({ mcp: e.target.checked })}
              aria-describedby="agent-mcp-hint"
            />
            <FormHint id="agent-mcp-hint">
              A tool for MCP clients (Claude Desktop, Cursor…) at /mcp, for people with an API key who may run this agent.
            </FormHint>
          </div>
        )}
      </FormSection>

      <ParamsEditor />
    </div>
  );
}
