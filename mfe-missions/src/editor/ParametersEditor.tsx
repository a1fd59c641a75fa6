import { ParamList, ParamListRow, TextField } from '@accent/shared/ui';
import type { FormErrors, ParamRow } from './form.js';

/** Parameters of the mission: name → value rows handed to the agent with the prompt. */
export function ParametersEditor({ rows, errors, onChange }: { rows: ParamRow[]; errors: FormErrors; onChange(rows: ParamRow[]): void }) {
  const set = (i: number, patch: Partial<ParamRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <ParamList
      title="Parameters"
      titleId="mission-params-title"
      description="Values the agent receives with the prompt, by name."
      addLabel="Add Parameter"
      onAdd={() => onChange([...rows, { key: '', value: '' }])}
      emptyText="No parameters configured."
    >
      {rows.map((row, i) => (
        <ParamListRow key={i} removeLabel={`Remove parameter ${i + 1}`} onRemove={() => onChange(rows.filter((_, j) => j !== i))}>
          <TextField
            id={`mission-param-key-${i}`}
            label={`Parameter ${i + 1} name`}
            value={row.key}
            error={errors[`parameters.${i}`]}
            onChange={(e) => set(i, { key: e.target.value })}
          />
          <TextField label={`Parameter ${i + 1} value`} value={row.value} onChange={(e) => set(i, { value: e.target.value })} />
        </ParamListRow>
      ))}
    </ParamList>
  );
}
