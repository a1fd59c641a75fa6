import { useAtom } from 'jotai';
import { useNavigate } from 'react-router';
import { Modal } from '@accent/shared/ui';
import { createModalOpenAtom } from '../state/atoms.js';
import { AGENT_TEMPLATES, type AgentTemplate } from './templates.js';
import styles from './CreateAgentModal.module.css';

export const GENERATE_WITH_AI_NOTE = 'Available with the agent runtime';

export function CreateAgentModal() {
  const [open, setOpen] = useAtom(createModalOpenAtom);
  const navigate = useNavigate();
  const close = () => setOpen(false);

  const fromScratch = () => {
    close();
    navigate('/agents/new');
  };
  const fromTemplate = (t: AgentTemplate) => {
    // The spec's template cards log the choice; here they also open the editor prefilled.
    console.info('Agent template selected:', t.id);
    close();
    navigate(`/agents/new?template=${encodeURIComponent(t.id)}`);
  };

  return (
    <Modal open={open} onClose={close} title="Create New Agent" size="lg">
      <div className={styles.options}>
        <button type="button" className={styles.option} onClick={fromScratch}>
          <span className={styles.optionIcon} aria-hidden="true">✏️</span>
          <span className={styles.optionTitle}>Create from scratch</span>
          <span className={styles.optionText}>Start with a blank agent and configure every detail yourself.</span>
        </button>
        <button type="button" className={styles.option} disabled aria-describedby="agents-generate-ai-note">
          <span className={styles.optionIcon} aria-hidden="true">✨</span>
          <span className={styles.optionTitle}>Generate with AI</span>
          <span className={styles.optionText}>Describe what you need and let AI draft the agent for you.</span>
          <span id="agents-generate-ai-note" className={styles.note}>
            {GENERATE_WITH_AI_NOTE}
          </span>
        </button>
      </div>
      <h3 className={styles.heading} id="agents-templates-heading">
        Start from a template
      </h3>
      <ul className={styles.templates} aria-labelledby="agents-templates-heading">
        {AGENT_TEMPLATES.map((t) => (
          <li key={t.id}>
            <button type="button" className={styles.template} onClick={() => fromTemplate(t)}>
              <span className={styles.templateAvatar} aria-hidden="true">
                {t.avatar}
              </span>
              <span className={styles.templateBody}>
                <span className={styles.templateTitle}>{t.label}</span>
                <span className={styles.optionText}>{t.summary}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
