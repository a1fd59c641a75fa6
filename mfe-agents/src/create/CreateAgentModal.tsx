import { useId, useState } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import { useNavigate } from 'react-router';
import { agentGenerateRequestSchema } from '@accent/agents-common';
import { Button, Modal, Select, TextArea } from '@accent/shared/ui';
import { errorMessage, useAgentsEnv } from '../state/AgentsDataContext.js';
import { createModalOpenAtom } from '../state/atoms.js';
import { agentFromDraft, DEFAULT_GENERATE_MODEL, GENERATE_MODEL_OPTIONS, GENERATED_TEMPLATE, generatedDraftAtom, splitModel } from './generate.js';
import { AGENT_TEMPLATES, type AgentTemplate } from './templates.js';
import styles from './CreateAgentModal.module.css';

export const GENERATE_LABELS = {
  description: 'Describe the agent',
  hint: 'What it should do, for whom, and with which inputs. The draft opens in the editor; nothing is saved until you save it.',
  model: 'Model',
  submit: 'Generate Agent',
  busy: 'Generating...',
  back: 'Back',
} as const;

export function CreateAgentModal() {
  const [open, setOpen] = useAtom(createModalOpenAtom);
  const navigate = useNavigate();
  const [generating, setGenerating] = useState(false);
  const close = () => {
    setOpen(false);
    setGenerating(false);
  };

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
      {generating ? (
        <GenerateForm
          onBack={() => setGenerating(false)}
          onDrafted={() => {
            close();
            navigate(`/agents/new?template=${GENERATED_TEMPLATE}`);
          }}
        />
      ) : (
        <>
          <div className={styles.options}>
            <button type="button" className={styles.option} onClick={fromScratch}>
              <span className={styles.optionIcon} aria-hidden="true">✏️</span>
              <span className={styles.optionTitle}>Create from scratch</span>
              <span className={styles.optionText}>Start with a blank agent and configure every detail yourself.</span>
            </button>
            <button type="button" className={styles.option} onClick={() => setGenerating(true)}>
              <span className={styles.optionIcon} aria-hidden="true">✨</span>
              <span className={styles.optionTitle}>Generate with AI</span>
              <span className={styles.optionText}>Describe what you need and let AI draft the agent for you.</span>
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
        </>
      )}
    </Modal>
  );
}

/** The description → POST /api/v1/agent/generate → the draft, handed to the editor through an atom. */
function GenerateForm({ onBack, onDrafted }: { onBack: () => void; onDrafted: () => void }) {
  const { api } = useAgentsEnv();
  const setDraft = useSetAtom(generatedDraftAtom);
  const [description, setDescription] = useState('');
  const [model, setModel] = useState(DEFAULT_GENERATE_MODEL);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const body = agentGenerateRequestSchema.safeParse({ description, ...splitModel(model) });
    if (!body.success) {
      setError(body.error.issues[0]?.message ?? 'Describe the agent you need');
      return;
    }
    if (!api.generate) return;
    setBusy(true);
    setError(null);
    try {
      const draft = await api.generate(body.data);
      setDraft(agentFromDraft(draft));
      onDrafted();
    } catch (err) {
      setError(errorMessage(err, 'The agent could not be generated.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className={styles.generate} aria-busy={busy} noValidate>
      <TextArea
        label={GENERATE_LABELS.description}
        hint={GENERATE_LABELS.hint}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        rows={5}
        required
        disabled={busy}
        autoFocus
      />
      <Select label={GENERATE_LABELS.model} value={model} options={GENERATE_MODEL_OPTIONS} onChange={(e) => setModel(e.target.value)} disabled={busy} />
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.generateActions}>
        <Button type="button" variant="ghost" onClick={onBack} disabled={busy}>
          {GENERATE_LABELS.back}
        </Button>
        <Button type="submit" variant="primary" disabled={busy || !api.generate}>
          {busy ? GENERATE_LABELS.busy : GENERATE_LABELS.submit}
        </Button>
      </div>
    </form>
  );
}
