// One block of Admin → Settings: its heading and lead, then what was read — a failed read said with
// Retry, "Loading…" while it is read, or the block's form once it is there.
import { type ReactNode, useId } from 'react';
import { Button, TextArea } from '@accent/shared/ui';
import type { SettingsForm } from './useSettingsForm.js';
import styles from './Admin.module.css';

export interface SettingsBlockProps<T> {
  title: string;
  lead: ReactNode;
  /** more under the lead, whatever the state */
  note?: ReactNode;
  /** the read failed: `loadFailed` and this message are said with Retry */
  loadError: string | null;
  loadFailed: string;
  onRetry: () => void;
  /** what was read, once it is there (until then `loading` is said) */
  data: T | undefined;
  loading: string;
  /** the form for what was read */
  children: (data: T) => ReactNode;
}

export function SettingsBlock<T>({ title, lead, note, loadError, loadFailed, onRetry, data, loading, children }: SettingsBlockProps<T>) {
  const titleId = useId();
  return (
    <section className={styles.block} aria-labelledby={titleId}>
      <h2 className={styles.blockTitle} id={titleId}>
        {title}
      </h2>
      <p className={styles.lead}>{lead}</p>
      {note}
      {loadError !== null ? (
        <div role="alert">
          <p>
            {loadFailed} {loadError}
          </p>
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Retry
          </Button>
        </div>
      ) : data === undefined ? (
        <p role="status">{loading}</p>
      ) : (
        children(data)
      )}
    </section>
  );
}

export interface LinesFieldProps {
  /** the block's form, whose draft is the text */
  form: Pick<SettingsForm<unknown, string>, 'draft' | 'setDraft' | 'error' | 'setError'>;
  label: string;
  hint: string;
  rows: number;
}

/** A one-entry-per-line list (hosts, domains): typing clears the refusal said at the field. */
export function LinesField({ form, label, hint, rows }: LinesFieldProps) {
  return (
    <TextArea
      label={label}
      hint={hint}
      error={form.error}
      rows={rows}
      spellCheck={false}
      autoCapitalize="off"
      value={form.draft}
      onChange={(e) => {
        form.setDraft(e.target.value);
        form.setError(undefined);
      }}
    />
  );
}
