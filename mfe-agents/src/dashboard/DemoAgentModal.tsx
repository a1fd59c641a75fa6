// A demo agent opened from the dashboard: read-only, it shows what the agent does and how it is built.
import type { Agent } from '@accent/agents-common';
import { Modal, Notice } from '@accent/shared/ui';
import styles from './DemoAgentModal.module.css';

export const DEMO_READ_ONLY_NOTE = 'This is a demo agent for presentations. It is read-only: it cannot be edited, run or deleted.';

export function DemoAgentModal({ agent, onClose }: { agent: Agent | null; onClose(): void }) {
  const params = agent ? Object.entries(agent.params) : [];
  return (
    <Modal
      open={agent !== null}
      onClose={onClose}
      title={
        agent ? (
          <>
            <span aria-hidden="true">{agent.avatar}</span> {agent.name}
          </>
        ) : (
          ''
        )
      }
      size="md"
    >
      {agent && (
        <div className={styles.body}>
          <Notice tone="info" role="note">
            {DEMO_READ_ONLY_NOTE}
          </Notice>
          <p className={styles.description}>{agent.description}</p>
          <dl className={styles.facts}>
            <div>
              <dt>Category</dt>
              <dd>{agent.category}</dd>
            </div>
            <div>
              <dt>Rating</dt>
              <dd>{agent.rating?.toFixed(1) ?? '—'}</dd>
            </div>
            <div>
              <dt>Flow</dt>
              <dd>{agent.flow_type === 'supervisor' ? 'Single step execution' : 'Multi-step workflow'}</dd>
            </div>
          </dl>
          {agent.steps.length > 0 && (
            <section aria-labelledby="demo-steps-heading">
              <h3 id="demo-steps-heading" className={styles.heading}>
                Steps
              </h3>
              <ol className={styles.steps}>
                {agent.steps.map((s, i) => (
                  <li key={i}>
                    <strong>{s.name || `Step ${i + 1}`}</strong>
                    <span className={styles.muted}>{` · ${s.model.provider} / ${s.model.model}`}</span>
                    {s.tools.length > 0 && <span className={styles.muted}>{` · ${s.tools.join(', ')}`}</span>}
                  </li>
                ))}
              </ol>
            </section>
          )}
          {params.length > 0 && (
            <section aria-labelledby="demo-params-heading">
              <h3 id="demo-params-heading" className={styles.heading}>
                Parameters
              </h3>
              <ul className={styles.params}>
                {params.map(([k, v]) => (
                  <li key={k}>
                    <code>{k}</code>
                    {v && <span className={styles.muted}>{` = ${v}`}</span>}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      )}
    </Modal>
  );
}
