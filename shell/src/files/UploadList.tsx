// The uploads under way and just finished: a progress bar per file, Cancel while it runs, the reason when
// it failed, and Replace when a file of that name is already there.
import { Button } from '@accent/shared/ui';
import { formatSize } from './paths.js';
import type { Upload } from './useUploads.js';
import styles from './Files.module.css';

export interface UploadListProps {
  uploads: readonly Upload[];
  onCancel: (id: string) => void;
  onReplace: (id: string) => void;
  onDismiss: (id: string) => void;
  onClearFinished: () => void;
}

const percent = (u: Upload) => (u.total > 0 ? Math.round((u.loaded / u.total) * 100) : u.status === 'done' ? 100 : 0);

export function UploadList({ uploads, onCancel, onReplace, onDismiss, onClearFinished }: UploadListProps) {
  if (uploads.length === 0) return null;
  const running = uploads.filter((u) => u.status === 'uploading').length;
  return (
    <section className={styles.uploads} aria-label="Uploads">
      <div className={styles.uploadsHeader}>
        <h2 className={styles.uploadsTitle}>{running > 0 ? `Uploading ${running} of ${uploads.length}` : 'Uploads'}</h2>
        {running < uploads.length && (
          <Button variant="ghost" size="sm" onClick={onClearFinished}>
            Clear finished
          </Button>
        )}
      </div>
      <ul className={styles.uploadItems}>
        {uploads.map((u) => (
          <li key={u.id} className={styles.uploadItem} data-testid="upload" data-status={u.status}>
            <div className={styles.uploadLine}>
              <span className={styles.uploadName}>{u.name}</span>
              <span className={styles.uploadState}>
                {u.status === 'uploading' && `${formatSize(u.loaded)} of ${formatSize(u.total)}`}
                {u.status === 'done' && 'Uploaded'}
                {u.status === 'cancelled' && 'Cancelled'}
                {u.status === 'failed' && 'Failed'}
              </span>
              {u.status === 'uploading' ? (
                <Button variant="secondary" size="sm" onClick={() => onCancel(u.id)} aria-label={`Cancel upload of ${u.name}`}>
                  Cancel
                </Button>
              ) : (
                <>
                  {u.problem?.kind === 'exists' && (
                    <Button variant="secondary" size="sm" onClick={() => onReplace(u.id)} aria-label={`Replace ${u.name}`}>
                      Replace
                    </Button>
                  )}
                  <Button variant="ghost" size="sm" onClick={() => onDismiss(u.id)} aria-label={`Dismiss ${u.name}`}>
                    Dismiss
                  </Button>
                </>
              )}
            </div>
            <progress className={styles.progress} max={100} value={percent(u)} aria-label={`Upload of ${u.name}`} />
            {u.problem && u.status === 'failed' && (
              <p className={styles.uploadError} role="alert">
                {u.problem.message}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
