// What the sign-in panels of Admin (single sign-on, sign-in with Ethereum, two-factor) share: the titled
// block, their settings' loading and failure (with Retry), and the settings form with its error line and
// Save button, so each panel keeps only its own fields.
import { useId, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '@accent/shared/client';
import { Button, type QueryResult } from '@accent/shared/ui';
import { errorMessage } from './format.js';
import styles from './Admin.module.css';

/** The server's reason, else the error's own message. */
export const detailOf = (error: unknown) => (error instanceof ApiError && error.detail ? error.detail : errorMessage(error));

export function AdminBlock({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className={styles.block} aria-labelledby={titleId}>
      <h2 className={styles.blockTitle} id={titleId}>
        {title}
      </h2>
      {lead && <p className={styles.lead}>{lead}</p>}
      {children}
    </section>
  );
}

export interface LoadedSettingsProps<T> {
  query: QueryResult<T>;
  /** the status line while loading; nothing is shown when unset */
  loading?: string;
  loadFailed?: string;
  children: (data: T) => ReactNode;
}

export function LoadedSettings<T>({ query, loading, loadFailed, children }: LoadedSettingsProps<T>) {
  if (query.status === 'loading') return loading ? <p role="status">{loading}</p> : null;
  if (query.status === 'error')
    return (
      <div role="alert">
        <p>{loadFailed ? `${loadFailed} ${detailOf(query.error)}` : detailOf(query.error)}</p>
        <Button variant="secondary" size="sm" onClick={query.reload}>
          Retry
        </Button>
      </div>
    );
  return <>{children(query.data)}</>;
}

export interface SettingsFormProps {
  label: string;
  onSubmit: (event: FormEvent) => void;
  error: string | null;
  saving: boolean;
  save: string;
  children: ReactNode;
  /** beside Save */
  actions?: ReactNode;
}

export function SettingsForm({ label, onSubmit, error, saving, save, children, actions }: SettingsFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      {children}
      {error && (
        <p role="alert" className={styles.formError}>
          {error}
        </p>
      )}
      <div className={styles.rowActions}>
        <Button type="submit" loading={saving}>
          {save}
        </Button>
        {actions}
      </div>
    </form>
  );
}
