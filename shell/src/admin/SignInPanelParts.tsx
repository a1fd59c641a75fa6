// What the sign-in panels of Admin (single sign-on, sign-in with Ethereum) share inside their
// SettingsBlock: the settings form with its error line and Save button, so each keeps only its fields.
import type { FormEvent, ReactNode } from 'react';
import { ApiError } from '@accent/shared/client';
import { Button } from '@accent/shared/ui';
import { errorMessage } from './format.js';
import styles from './Admin.module.css';

/** The server's reason, else the error's own message. */
export const detailOf = (error: unknown) => (error instanceof ApiError && error.detail ? error.detail : errorMessage(error));

export interface SettingsFormProps {
  label: string;
  onSubmit: (event: FormEvent) => void;
  error: string | null | undefined;
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
