import { TOOL_CATALOGUE } from '@accent/agents-common';
import { Checkbox, FormSection } from '@accent/shared/ui';
import { PartnerIcon } from '../partners/PartnerIcons.js';
import { PARTNER_LABELS, partnerIconsForTools } from '../partners/partnerIcons.js';
import { useDraft } from '../state/editor.js';
import { KnowledgePicker } from './KnowledgePicker.js';
import { TOOL_GROUPS } from './toolGroups.js';
import { useMcpTools } from './mcpTools.js';

const KNOWLEDGE_TOOL = 'internal knowledge base search';
import styles from './Editor.module.css';

/** The agent-level tool list and the partner integrations it implies. */
export function ToolsTab() {
  const [agent, update] = useDraft();
  const mcpGroups = useMcpTools();
  const selected = new Set(agent.tools);
  const toggle = (tool: string, on: boolean) =>
    update((a) => ({ ...a, tools: on ? [...a.tools.filter((t) => t !== tool), tool] : a.tools.filter((t) => t !== tool) }));
  // what the agent can use: its own tools and every step's (a step using Salesforce connects Salesforce)
  const stepTools = new Set(agent.steps.flatMap((step) => step.tools).filter((t) => !selected.has(t)));
  const inUse = [...agent.tools, ...stepTools];
  const partners = partnerIconsForTools(inUse);
  return (
    <div className={styles.panelBody}>
      <FormSection title="Integrations" level={3} titleId="agent-integrations-heading">
        {partners.length === 0 ? (
          <p className={styles.empty}>No partner integrations. Choose tools below to connect Salesforce, HubSpot, LinkedIn, Google or Slack.</p>
        ) : (
          <ul className={styles.integrations} aria-label="Partner integrations">
            {partners.map((p) => (
              <li key={p} className={styles.integration}>
                <PartnerIcon partner={p} />
                <span>{PARTNER_LABELS[p]}</span>
              </li>
            ))}
          </ul>
        )}
      </FormSection>
      <FormSection
        title="Tools"
        level={3}
        titleId="agent-tools-heading"
        description={
          stepTools.size > 0
            ? `${inUse.length} of ${TOOL_CATALOGUE.length} tools in use: ${agent.tools.length} selected here, ${stepTools.size} more by the steps.`
            : `${agent.tools.length} of ${TOOL_CATALOGUE.length} tools selected.`
        }
      >
        <div className={styles.toolGroups}>
          {TOOL_GROUPS.map((group) => (
            <fieldset key={group.label} className={styles.toolGroup}>
              <legend className={styles.legend}>{group.label}</legend>
              {group.tools.map((tool) => (
                <Checkbox key={tool} label={tool} checked={selected.has(tool)} onChange={(e) => toggle(tool, e.target.checked)} />
              ))}
            </fieldset>
          ))}
          {mcpGroups.map((group) => (
            <fieldset key={group.id} className={styles.toolGroup}>
              <legend className={styles.legend}>{group.name} (MCP)</legend>
              {group.tools.map((tool) => (
                <Checkbox
                  key={tool.ref}
                  label={tool.label}
                  title={tool.description}
                  checked={selected.has(tool.ref)}
                  onChange={(e) => toggle(tool.ref, e.target.checked)}
                />
              ))}
            </fieldset>
          ))}
        </div>
      </FormSection>
      {inUse.includes(KNOWLEDGE_TOOL) && <KnowledgePicker />}
    </div>
  );
}
