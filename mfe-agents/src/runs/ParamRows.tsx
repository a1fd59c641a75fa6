// Run parameters as editable rows (name and value), with add and remove: the inputs of a test run.
import { Button, ParamListRow, TextField } from '@accent/shared/ui';
import styles from './RunForm.module.css';

export interface ParamRow {
  id: number;
  name: string;
  value: string;
}

let nextRowId = 1;
export const rowsFromParams = (params: Record<string, string>): ParamRow[] => Object.entries(params).map(([name, value]) => ({ id: nextRowId++, name, value }));

/** Rows with a name, trimmed; a later row wins over an earlier one with the same name. */
export const paramsFromRows = (rows: ParamRow[]): Record<string, string> =>
  Object.fromEntries(rows.filter((r) => r.name.trim()).map((r) => [r.name.trim(), r.value]));

export function ParamRows({ rows, onChange, disabled }: { rows: ParamRow[]; onChange(rows: ParamRow[]): void; disabled?: boolean }) {
  const patch = (id: number, p: Partial<ParamRow>) => onChange(rows.map((r) => (r.id === id ? { ...r, ...p } : r)));
  const add = () => {
    let n = rows.length + 1;
    while (rows.some((r) => r.name === `param${n}`)) n++;
    onChange([...rows, { id: nextRowId++, name: `param${n}`, value: '' }]);
  };
  return (
    <fieldset className={styles.params} disabled={disabled}>
      <legend className={styles.legend}>Parameters</legend>
      {rows.length === 0 ? (
        <p className={styles.muted}>No parameters.</p>
      ) : (
        <ul className={styles.paramList}>
          {rows.map((row, i) => {
            const label = row.name.trim() || `parameter ${i + 1}`;
            return (
              <ParamListRow key={row.id} removeLabel={`Remove parameter ${label}`} onRemove={() => onChange(rows.filter((r) => r.id !== row.id))}>
                <TextField label={`Parameter ${i + 1} name`} value={row.name} onChange={(e) => patch(row.id, { name: e.target.value })} />
                <TextField label={`Value of ${label}`} value={row.value} onChange={(e) => patch(row.id, { value: e.target.value })} />
              </ParamListRow>
            );
          })}
        </ul>
      )}
      <div>
        <Button variant="secondary" size="sm" onClick={add}>
          Add parameter
        </Button>
      </div>
    </fieldset>
  );
}
