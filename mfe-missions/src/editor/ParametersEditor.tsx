import { Button, TextField } from '@accent/shared/ui';
import type { FormErrors, ParamRow } from './form.js';
import styles from './Editor.module.css';

/** Parameters of the mission: name → value rows handed to the agent with the prompt. */
export function ParametersEditor({ rows, errors, onChange }: { rows: ParamRow[]; errors: FormErrors; onChange(rows: ParamRow[]): void }) {
  const set = (i: number, patch: Partial<ParamRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <section className={styles.section} aria-labelledby="mission-params-title">
      <div className={styles.sectionHeader}>
        <div>
          <h2 id="mission-params-title" className={styles.sectionTitle}>
            Parameters
          </h2>
          <p className={styles.sectionHint}>Values the agent receives with the prompt, by name.</p>
        </div>
        <Button size="sm" variant="secondary" onClick={() => onChange([...rows, { key: '', value: '' }])}>
          Add Parameter
        </Button>
      </div>
      {rows.length === 0 ? (
        <p className={styles.empty}>No parameters configured.</p>
      ) : (
        <ul className={styles.paramList}>
          {rows.map((row, i) => (
            <li key={i} className={styles.paramRow}>
              <TextField
                id={`mission-param-key-${i}`}
                label={`Parameter ${i + 1} name`}
                value={row.key}
                error={errors[`parameters.${i}`]}
                onChange={(e) => set(i, { key: e.target.value })}
              />
              <TextField label={`Parameter ${i + 1} value`} value={row.value} onChange={(e) => set(i, { value: e.target.value })} />
              <Button variant="ghost" size="sm" className={styles.rowAction} aria-label={`Remove parameter ${i + 1}`} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
