import { useRef } from 'react';
import { MESSAGES, newStep } from '@accent/agents-common';
import { Button, FormHint } from '@accent/shared/ui';
import { useDraft } from '../state/editor.js';
import { StepCard } from './StepCard.js';
import styles from './Editor.module.css';

let nextKey = 0;

export function StepsTab() {
  const [agent, update] = useDraft();
  // Steps carry no id; stable keys keep each card's local state (typed system prompt, tool choice) on removal.
  const keys = useRef<number[]>([]);
  while (keys.current.length < agent.steps.length) keys.current.push(nextKey++);
  keys.current.length = agent.steps.length;

  const remove = (i: number) => {
    keys.current.splice(i, 1);
    update((a) => ({ ...a, steps: a.steps.filter((_, j) => j !== i) }));
  };

  return (
    <div className={styles.panelBody}>
      <div className={styles.sectionHeader}>
        <div>
          <h3 className={styles.sectionTitle}>Steps</h3>
          <FormHint>Steps run in order; each sees the output of the ones before it.</FormHint>
        </div>
        <Button variant="secondary" size="sm" onClick={() => update((a) => ({ ...a, steps: [...a.steps, newStep(a.steps.length)] }))}>
          Add Step
        </Button>
      </div>
      {agent.steps.length === 0 ? (
        <p className={styles.emptyBox}>{MESSAGES.noSteps}</p>
      ) : (
        <ol className={styles.steps}>
          {agent.steps.map((step, i) => (
            <StepCard key={keys.current[i]} step={step} index={i} onRemove={() => remove(i)} />
          ))}
        </ol>
      )}
    </div>
  );
}
