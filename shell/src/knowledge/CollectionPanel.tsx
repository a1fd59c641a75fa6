// One collection: its files with their ingestion progress (polled while any is being indexed), upload by
// drop or picker with a progress line per file, delete with confirmation, and a search to try it out.
import { useCallback, useEffect, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { toast } from '@accent/shared/client';
import { ACTIONS_COLUMN, Button, Cell, ConfirmDialog, DataTable, StatusBadge, TextField, type StatusTone } from '@accent/shared/ui';
import { citationLabel, KNOWLEDGE_ACCEPT, type KnowledgeCollection, type KnowledgeFile, type KnowledgeHit } from '@accent/shell-common';
import { Section } from '../app/Page.js';
import { useKnowledgeApi } from './knowledge-api.js';
import styles from './Knowledge.module.css';
import { fileProgress, isWorking, KNOWLEDGE_TEXTS as T, reasonOf } from './texts.js';

const TONES: Record<KnowledgeFile['status'], StatusTone> = {
  queued: 'neutral',
  parsing: 'info',
  embedding: 'info',
  ready: 'success',
  failed: 'danger',
};
const POLL_MS = 1000;

export function CollectionPanel({
  collection,
  canEdit,
  onDeleted,
  onChanged,
}: {
  collection: KnowledgeCollection;
  canEdit: boolean;
  onDeleted: () => void;
  onChanged: () => void;
}) {
  const knowledge = useKnowledgeApi();
  const [files, setFiles] = useState<KnowledgeFile[] | null>(null);
  const [uploads, setUploads] = useState<Record<string, number>>({});
  const [dragging, setDragging] = useState(false);
  const [confirm, setConfirm] = useState<{ kind: 'file'; file: KnowledgeFile } | { kind: 'collection' } | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const refresh = useCallback(async () => {
    try {
      setFiles(await knowledge.files(collection.id));
    } catch (e) {
      toast.error('Could not load the files', reasonOf(e));
    }
  }, [knowledge, collection.id]);

  useEffect(() => {
    setFiles(null);
    void refresh();
  }, [refresh]);

  // poll while a file is being indexed; stop when all are ready or failed
  const working = files?.some(isWorking) ?? false;
  useEffect(() => {
    if (!working) return;
    const timer = setInterval(() => void refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [working, refresh]);

  const upload = async (chosen: File[]) => {
    await Promise.all(
      chosen.map(async (file) => {
        setUploads((u) => ({ ...u, [file.name]: 0 }));
        try {
          await knowledge.upload(collection.id, file, (fraction) => setUploads((u) => ({ ...u, [file.name]: Math.round(fraction * 100) })));
        } catch (e) {
          toast.error(T.uploadFailed(file.name), reasonOf(e));
        } finally {
          setUploads(({ [file.name]: _, ...rest }) => rest);
        }
      }),
    );
    await refresh();
    onChanged();
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (canEdit) void upload([...e.dataTransfer.files]);
  };

  const confirmDelete = async () => {
    if (!confirm) return;
    setBusy(true);
    try {
      if (confirm.kind === 'file') {
        await knowledge.removeFile(collection.id, confirm.file.id);
        await refresh();
        onChanged();
      } else {
        await knowledge.remove(collection.id);
        onDeleted();
      }
      setConfirm(null);
    } catch (e) {
      toast.error('Could not delete', reasonOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <Section
        title={`${T.files}: ${collection.name}`}
        id="knowledge-files"
        actions={
          canEdit && (
            <Button variant="secondary" onClick={() => setConfirm({ kind: 'collection' })}>
              {T.deleteCollection}
            </Button>
          )
        }
      >
        {collection.description && <p>{collection.description}</p>}
        {canEdit ? (
          <section
            aria-label={T.addFiles}
            className={`${styles.drop} ${dragging ? styles.dropActive : ''}`}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <Button onClick={() => input.current?.click()}>{T.addFiles}</Button>
            <span>{T.dropHint}</span>
            <input
              ref={input}
              type="file"
              multiple
              hidden
              accept={KNOWLEDGE_ACCEPT}
              aria-label={T.addFiles}
              onChange={(e) => {
                const chosen = [...(e.target.files ?? [])];
                e.target.value = '';
                void upload(chosen);
              }}
            />
          </section>
        ) : (
          <p>{T.readOnly}</p>
        )}
        {Object.entries(uploads).map(([name, percent]) => (
          <p key={name} role="status">
            <progress max={100} value={percent} aria-label={name} /> {T.uploading(name, percent)}
          </p>
        ))}
        {files && files.length === 0 && <p>{T.noFiles}</p>}
        {files && files.length > 0 && (
          <DataTable columns={['File', 'Status', ACTIONS_COLUMN]}>
            {files.map((file) => (
              <tr key={file.id} data-testid="knowledge-file">
                <td>{file.name}</td>
                <td>
                  <StatusBadge tone={TONES[file.status]}>{file.status}</StatusBadge>{' '}
                  <span className={file.status === 'failed' ? styles.failed : undefined}>{fileProgress(file)}</span>
                </td>
                <Cell kind="actions">
                  {canEdit && (
                    <Button variant="ghost" size="sm" aria-label={T.deleteFile(file.name)} onClick={() => setConfirm({ kind: 'file', file })}>
                      {T.delete}
                    </Button>
                  )}
                </Cell>
              </tr>
            ))}
          </DataTable>
        )}
      </Section>
      <SearchSection collectionId={collection.id} />
      <ConfirmDialog
        open={confirm !== null}
        danger
        busy={busy}
        title={confirm?.kind === 'file' ? T.deleteFileTitle : T.deleteCollectionTitle}
        message={confirm?.kind === 'file' ? T.deleteFileText(confirm.file.name) : T.deleteCollectionText(collection.name)}
        confirmLabel={T.delete}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirm(null)}
      />
    </div>
  );
}

function SearchSection({ collectionId }: { collectionId: string }) {
  const knowledge = useKnowledgeApi();
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<KnowledgeHit[] | null>(null);
  const [error, setError] = useState<string>();
  const [searching, setSearching] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSearching(true);
    setError(undefined);
    try {
      setHits((await knowledge.search({ query, collection_ids: [collectionId], limit: 5 })).hits);
    } catch (err) {
      setError(reasonOf(err));
    } finally {
      setSearching(false);
    }
  };

  return (
    <Section title={T.searchLabel} id="knowledge-search">
      <form className={styles.searchRow} onSubmit={submit}>
        <TextField label={T.searchLabel} placeholder={T.searchPlaceholder} value={query} onChange={(e) => setQuery(e.target.value)} error={error} />
        <Button type="submit" loading={searching} disabled={!query.trim()}>
          {T.search}
        </Button>
      </form>
      {hits && hits.length === 0 && <p>{T.noHits}</p>}
      {hits && hits.length > 0 && (
        <ol className={styles.hits}>
          {hits.map((hit) => (
            <li key={`${hit.file_id}-${hit.snippet.slice(0, 40)}`}>
              <span className={styles.citation}>{citationLabel(hit)}</span>
              <p className={styles.snippet}>{hit.snippet}</p>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
