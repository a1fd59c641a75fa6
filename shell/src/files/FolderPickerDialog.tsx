// Move or copy: choose the destination folder in the same bucket by walking its folders (a folder cannot
// go into itself or below itself).
import { useState } from 'react';
import { EmptyState, ErrorState, FormDialog, LoadingState, useQuery } from '@accent/shared/ui';
import { errorText, type FilesApi } from './files-api.js';
import { breadcrumbs, type FileEntry } from './paths.js';
import { FILES_QUERY } from './useUploads.js';
import styles from './Files.module.css';

export interface FolderPickerDialogProps {
  api: FilesApi;
  title: string;
  submitLabel: string;
  bucket: string;
  start: string;
  /** what is moved or copied: their folders are not offered as destinations */
  entries: readonly FileEntry[];
  /** a move: the entries' own folder (where they already are) is no destination */
  move?: boolean;
  onSubmit: (folder: string) => Promise<void>;
  onClose: () => void;
}

export function FolderPickerDialog({ api, title, submitLabel, bucket, start, entries, move = false, onSubmit, onClose }: FolderPickerDialogProps) {
  const [folder, setFolder] = useState(start);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const listing = useQuery([FILES_QUERY, bucket, folder, 'folders'], async () => (await api.list(bucket, folder)).filter((e) => e.kind === 'folder'));
  const inside = (path: string) => entries.some((e) => e.kind === 'folder' && (path === e.path || path.startsWith(`${e.path}/`)));
  const crumbs = breadcrumbs({ bucket, folder }, bucket).slice(1);
  const what = entries.length === 1 ? entries[0]!.name : 'These items';
  // why the chosen folder cannot take the entries, said next to the disabled button
  const refusal = inside(folder)
    ? 'A folder cannot go into itself.'
    : move && folder === start
      ? `${what} ${entries.length === 1 ? 'is' : 'are'} already in this folder.`
      : null;

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await onSubmit(folder);
      onClose();
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={title}
      submitLabel={submitLabel}
      onClose={onClose}
      onSubmit={() => void submit()}
      busy={busy}
      submitDisabled={refusal !== null}
      submitDescribedBy={refusal ? 'folder-picker-refusal' : undefined}
      error={error}
    >
      <nav aria-label="Destination folder" className={styles.breadcrumbs}>
        <ol>
          {crumbs.map((c, i) => (
            <li key={c.location.folder || '/'}>
              {i === crumbs.length - 1 ? (
                <span aria-current="location">{c.label}</span>
              ) : (
                <button type="button" className={styles.crumb} onClick={() => setFolder(c.location.folder)}>
                  {c.label}
                </button>
              )}
            </li>
          ))}
        </ol>
      </nav>
      {listing.status === 'loading' && <LoadingState text="Loading folders…" />}
      {listing.status === 'error' && <ErrorState message={`The folders could not be loaded: ${errorText(listing.error)}`} onRetry={listing.reload} />}
      {listing.status === 'ready' &&
        (listing.data.length === 0 ? (
          <EmptyState title="No folders here" />
        ) : (
          <ul className={styles.folderChoices} aria-label="Folders">
            {listing.data.map((f) => (
              <li key={f.path}>
                <button type="button" className={styles.folderChoice} disabled={inside(f.path)} onClick={() => setFolder(f.path)}>
                  📁 {f.name}
                </button>
              </li>
            ))}
          </ul>
        ))}
      <p className={styles.muted}>Destination: {folder ? `${bucket}/${folder}` : bucket}</p>
      {refusal && (
        <p id="folder-picker-refusal" className={styles.muted}>
          {refusal}
        </p>
      )}
    </FormDialog>
  );
}
