// What the profile's sections share: their data's loading and failure said the same way (a status line,
// then an alert with the server's reason), and unlinking a linked account or wallet (a row with its
// Unlink button, a confirmation, a toast).
import { useState, type ReactNode } from 'react';
import { ApiError, toast } from '@accent/shared/client';
import { Button, ConfirmDialog, type QueryResult } from '@accent/shared/ui';
import styles from './Profile.module.css';

/** The server's reason, else the error's own message. */
export const messageOf = (error: unknown) =>
  error instanceof ApiError && error.status > 0 && error.detail ? error.detail : error instanceof Error ? error.message : String(error);

export interface LoadedProps<T> {
  query: QueryResult<T>;
  /** the status line while loading; nothing is shown when unset */
  loading?: string;
  loadFailed: string;
  describe?: (error: unknown) => string;
  children: (data: T) => ReactNode;
}

export function Loaded<T>({ query, loading, loadFailed, describe = messageOf, children }: LoadedProps<T>) {
  if (query.status === 'error')
    return (
      <p role="alert">
        {loadFailed} {describe(query.error)}
      </p>
    );
  if (query.status === 'loading') return loading ? <p role="status">{loading}</p> : null;
  return <>{children(query.data)}</>;
}

/** One linked thing: what it is, and its Unlink button when it may be unlinked. */
export function UnlinkRow({
  children,
  label,
  unlinkLabel,
  onUnlink,
}: {
  children: ReactNode;
  label: string;
  unlinkLabel: string;
  onUnlink?: () => void;
}) {
  return (
    <li className={styles.row}>
      <span>{children}</span>
      {onUnlink && (
        <Button variant="secondary" size="sm" onClick={onUnlink} aria-label={label}>
          {unlinkLabel}
        </Button>
      )}
    </li>
  );
}

export interface UnlinkTexts {
  unlink: string;
  unlinkMessage: string;
  unlinked: string;
  unlinkFailed: string;
}

/** Asks before unlinking `T`, unlinks it on the server, then drops it from the list shown. */
export function useUnlink<T extends { id: string }>(unlink: (id: string) => Promise<unknown>, dropped: (id: string) => void, texts: UnlinkTexts) {
  const [asking, setAsking] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!asking) return;
    setBusy(true);
    try {
      await unlink(asking.id);
      dropped(asking.id);
      toast.success(texts.unlinked);
    } catch (e) {
      toast.error(texts.unlinkFailed, messageOf(e));
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };

  return {
    ask: setAsking,
    dialog: (title: (item: T | null) => string) => (
      <ConfirmDialog
        open={asking !== null}
        danger
        busy={busy}
        title={title(asking)}
        message={texts.unlinkMessage}
        confirmLabel={texts.unlink}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(null)}
      />
    ),
  };
}
