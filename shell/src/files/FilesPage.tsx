// /files (an administrator: the library's files) and /end-user/files (a member: their own and the library's
// shared ones). What each person sees is decided by the storage server's row-level security, not here.
// The buckets are the top level; inside one, folders with breadcrumbs, uploads by drag and drop or the
// picker, preview, rename, move, copy, new folder, delete, download and share links.
import { useMemo, useRef, useState, type DragEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { toast } from '@accent/shared/client';
import { Button, Checkbox, ConfirmDialog, EmptyState, ErrorState, LoadingState, Page, PageHeader, invalidateQueries, saveFile, useQuery, type MenuItem } from '@accent/shared/ui';
import { modeForPath } from '../layout/navItems.js';
import { errorText, useFilesApi } from './files-api.js';
import { FileTable } from './FileTable.js';
import { FolderPickerDialog } from './FolderPickerDialog.js';
import { NameDialog } from './NameDialog.js';
import { copyEntry, createFolder, moveEntry, removeEntries } from './operations.js';
import { breadcrumbs, copyName, joinPath, LIBRARY_BUCKET, locationFromSearch, searchFromLocation, sortEntries, type FileEntry, type Location, type Sort, type SortKey } from './paths.js';
import { PreviewDialog } from './PreviewDialog.js';
import { ShareDialog } from './ShareDialog.js';
import { UploadList } from './UploadList.js';
import { FILES_QUERY, useUploads } from './useUploads.js';
import styles from './Files.module.css';

type Dialog =
  | { kind: 'new-folder' }
  | { kind: 'rename'; entry: FileEntry }
  | { kind: 'move' | 'copy' | 'delete'; entries: FileEntry[] }
  | { kind: 'preview' | 'share'; entry: FileEntry }
  | null;

const ROOT_LABEL = 'Files';

export default function FilesPage() {
  const api = useFilesApi();
  const mode = modeForPath(useLocation().pathname);
  const [search, setSearch] = useSearchParams();
  const here = locationFromSearch(search);
  const bucket = here.bucket;
  // Where Upload and New folder put things: the open folder, or at the top level (the buckets) the library's
  // own bucket, which the server lets everyone add to (a member's files there stay their own).
  const into = { bucket: bucket ?? LIBRARY_BUCKET, folder: bucket ? here.folder : '' };
  const [sort, setSort] = useState<Sort>({ key: 'name', direction: 'ascending' });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const uploads = useUploads(api);
  // An administrator's uploads are the library's files; a member's are their own until they share them.
  const [shareUploads, setShareUploads] = useState(mode === 'admin');

  const listing = useQuery([FILES_QUERY, bucket, here.folder], async (): Promise<FileEntry[]> => {
    if (bucket === null) return (await api.listBuckets()).map((b) => ({ name: b.id, path: b.id, kind: 'folder', size: null, mimetype: null, modified: null }));
    return api.list(bucket, here.folder);
  });
  const entries = useMemo(() => (listing.status === 'ready' ? sortEntries(listing.data, sort) : []), [listing, sort]);
  const names = entries.map((e) => e.name);

  const go = (to: Location) => {
    setSelected(new Set());
    setSearch(searchFromLocation(to).replace(/^\?/, ''));
  };
  const onSort = (key: SortKey) =>
    setSort((s) => ({ key, direction: s.key === key && s.direction === 'ascending' ? 'descending' : 'ascending' }));
  const toggle = (path: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(path)) next.add(path);
      return next;
    });
  const toggleAll = () => setSelected((s) => (entries.every((e) => s.has(e.path)) ? new Set() : new Set(entries.map((e) => e.path))));

  const refresh = () => invalidateQueries([FILES_QUERY, bucket]);

  /** Runs a change, then reloads the folder; a refusal is said in a toast and changes nothing here. */
  const change = async (action: () => Promise<void>, done: string, failed: string) => {
    setBusy(true);
    try {
      await action();
      toast.success(done);
      setSelected(new Set());
    } catch (e) {
      toast.error(failed, errorText(e));
      throw e;
    } finally {
      setBusy(false);
      refresh();
    }
  };

  const download = async (entry: FileEntry) => {
    if (!bucket) return;
    try {
      saveFile(await api.download(bucket, entry.path), entry.name);
    } catch (e) {
      toast.error(`${entry.name} could not be downloaded`, errorText(e));
    }
  };

  const open = (entry: FileEntry) => {
    if (bucket === null) go({ bucket: entry.name, folder: '' });
    else if (entry.kind === 'folder') go({ bucket, folder: entry.path });
    else setDialog({ kind: 'preview', entry });
  };

  const actionsFor = (entry: FileEntry): MenuItem[] => {
    if (bucket === null) return [];
    const file = entry.kind === 'file';
    return [
      { label: file ? 'Preview' : 'Open', onSelect: () => open(entry) },
      ...(file ? [{ label: 'Download', onSelect: () => void download(entry) }, { label: 'Copy share link', onSelect: () => setDialog({ kind: 'share', entry }) }] : []),
      { label: 'Rename', onSelect: () => setDialog({ kind: 'rename', entry }) },
      { label: 'Move', onSelect: () => setDialog({ kind: 'move', entries: [entry] }) },
      { label: 'Copy', onSelect: () => setDialog({ kind: 'copy', entries: [entry] }) },
      { label: 'Delete', danger: true, onSelect: () => setDialog({ kind: 'delete', entries: [entry] }) },
    ];
  };

  const startUploads = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    uploads.start(into.bucket, into.folder, Array.from(files), shareUploads);
    // from the top level, open the bucket the files go into, where their progress and rows show
    if (!bucket) go(into);
  };
  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    setDragging(false);
    event.preventDefault();
    startUploads(event.dataTransfer.files);
  };

  const selectedEntries = entries.filter((e) => selected.has(e.path));
  const subtitle = mode === 'admin' ? "The library's files: upload, organise and share them." : 'Your files and the files your library shares.';

  return (
    <Page>
      <PageHeader
        title={ROOT_LABEL}
        subtitle={subtitle}
        actions={
          <>
            <Checkbox label="Share uploads with the library" checked={shareUploads} onChange={(e) => setShareUploads(e.target.checked)} />
            <Button variant="secondary" onClick={() => setDialog({ kind: 'new-folder' })}>
              New folder
            </Button>
            <Button onClick={() => picker.current?.click()}>Upload files</Button>
            <input
              ref={picker}
              type="file"
              multiple
              hidden
              data-testid="file-picker"
              onChange={(e) => {
                startUploads(e.target.files);
                e.target.value = '';
              }}
            />
          </>
        }
      />

      <nav aria-label="Folder" className={styles.breadcrumbs}>
        <ol>
          {breadcrumbs(here, ROOT_LABEL).map((c, i, all) => (
            <li key={`${c.location.bucket ?? ''}/${c.location.folder}`}>
              {i === all.length - 1 ? (
                <span aria-current="location">{c.label}</span>
              ) : (
                <button type="button" className={styles.crumb} onClick={() => go(c.location)}>
                  {c.label}
                </button>
              )}
            </li>
          ))}
        </ol>
      </nav>

      {selectedEntries.length > 0 && (
        <div className={styles.selectionBar} role="region" aria-label="Selection">
          <span>{selectedEntries.length} selected</span>
          <Button variant="secondary" size="sm" onClick={() => setDialog({ kind: 'move', entries: selectedEntries })}>
            Move selected
          </Button>
          <Button variant="danger" size="sm" onClick={() => setDialog({ kind: 'delete', entries: selectedEntries })}>
            Delete selected
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())}>
            Clear selection
          </Button>
        </div>
      )}

      <UploadList uploads={uploads.uploads} onCancel={uploads.cancel} onReplace={uploads.replace} onDismiss={uploads.dismiss} onClearFinished={uploads.clearFinished} />

      {/* A drop zone for the mouse; the Upload files button does the same by keyboard. */}
      <div
        className={`${styles.dropZone} ${dragging ? styles.dragging : ''}`}
        data-testid="drop-zone"
        onDragOver={onDragOver}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
        aria-busy={busy || undefined}
      >
        {listing.status === 'loading' && <LoadingState text="Loading files…" />}
        {listing.status === 'error' && <ErrorState message={`The files could not be loaded: ${errorText(listing.error)}`} onRetry={listing.reload} />}
        {listing.status === 'ready' &&
          (entries.length === 0 ? (
            bucket === null ? (
              <EmptyState title="No storage yet" text="There is no bucket you can see in this library." />
            ) : (
              <EmptyState
                title="This folder is empty"
                text="Drop files here or choose them with Upload files."
                action={<Button onClick={() => picker.current?.click()}>Upload files</Button>}
              />
            )
          ) : (
            <FileTable
              entries={entries}
              sort={sort}
              onSort={onSort}
              selected={bucket === null ? null : selected}
              onToggle={toggle}
              onToggleAll={toggleAll}
              onOpen={open}
              actionsFor={actionsFor}
              onRename={bucket ? (entry) => setDialog({ kind: 'rename', entry }) : undefined}
              onDelete={bucket ? (entry) => setDialog({ kind: 'delete', entries: selected.has(entry.path) ? selectedEntries : [entry] }) : undefined}
            />
          ))}
        <p className={styles.dropHint}>
          {!bucket ? `Uploads and new folders at the top level go into ${LIBRARY_BUCKET}.` : dragging ? 'Drop to upload into this folder' : 'Drag files here to upload them.'}
        </p>
      </div>

      {dialog?.kind === 'new-folder' && (
        <NameDialog
          title={bucket ? 'New folder' : `New folder in ${into.bucket}`}
          label="Folder name"
          submitLabel="Create folder"
          taken={bucket ? names : []}
          onClose={() => setDialog(null)}
          onSubmit={async (name) => {
            await change(() => createFolder(api, into.bucket, joinPath(into.folder, name)), `Folder ${name} created`, 'The folder could not be created');
            if (!bucket) go(into);
          }}
        />
      )}
      {bucket && dialog?.kind === 'rename' && (
        <NameDialog
          title={`Rename ${dialog.entry.name}`}
          label="New name"
          submitLabel="Rename"
          initial={dialog.entry.name}
          taken={names.filter((n) => n !== dialog.entry.name)}
          onClose={() => setDialog(null)}
          onSubmit={(name) =>
            change(() => moveEntry(api, bucket, dialog.entry, joinPath(here.folder, name)), `Renamed to ${name}`, `${dialog.entry.name} could not be renamed`)
          }
        />
      )}
      {bucket && (dialog?.kind === 'move' || dialog?.kind === 'copy') && (
        <FolderPickerDialog
          api={api}
          bucket={bucket}
          start={here.folder}
          entries={dialog.entries}
          title={`${dialog.kind === 'move' ? 'Move' : 'Copy'} ${dialog.entries.length === 1 ? dialog.entries[0]!.name : `${dialog.entries.length} items`}`}
          submitLabel={dialog.kind === 'move' ? 'Move here' : 'Copy here'}
          move={dialog.kind === 'move'}
          onClose={() => setDialog(null)}
          onSubmit={async (folder) => {
            const taken = folder === here.folder ? names : (await api.list(bucket, folder)).map((e) => e.name);
            const count = dialog.entries.length === 1 ? dialog.entries[0]!.name : `${dialog.entries.length} items`;
            if (dialog.kind === 'move') {
              if (folder === here.folder) return;
              const clash = dialog.entries.find((e) => taken.includes(e.name));
              if (clash) throw new Error(`${clash.name} already exists in the destination.`);
              await change(async () => {
                for (const e of dialog.entries) await moveEntry(api, bucket, e, joinPath(folder, e.name));
              }, `Moved ${count}`, `${count} could not be moved`);
            } else {
              await change(async () => {
                const used = [...taken];
                for (const e of dialog.entries) {
                  const name = used.includes(e.name) ? copyName(e.name, used) : e.name;
                  used.push(name);
                  await copyEntry(api, bucket, e, joinPath(folder, name));
                }
              }, `Copied ${count}`, `${count} could not be copied`);
            }
          }}
        />
      )}
      {bucket && dialog?.kind === 'delete' && (
        <ConfirmDialog
          open
          danger
          busy={busy}
          title={dialog.entries.length === 1 ? `Delete ${dialog.entries[0]!.name}?` : `Delete ${dialog.entries.length} items?`}
          message={
            dialog.entries.some((e) => e.kind === 'folder')
              ? 'The folders are deleted with everything in them. This cannot be undone.'
              : 'This cannot be undone.'
          }
          confirmLabel="Delete"
          onCancel={() => setDialog(null)}
          onConfirm={() => {
            const gone = dialog.entries;
            const label = gone.length === 1 ? gone[0]!.name : `${gone.length} items`;
            change(() => removeEntries(api, bucket, gone), `Deleted ${label}`, `${label} could not be deleted`).then(
              () => setDialog(null),
              () => setDialog(null),
            );
          }}
        />
      )}
      {bucket && dialog?.kind === 'preview' && (
        <PreviewDialog api={api} bucket={bucket} entry={dialog.entry} onDownload={() => void download(dialog.entry)} onClose={() => setDialog(null)} />
      )}
      {bucket && dialog?.kind === 'share' && <ShareDialog api={api} bucket={bucket} entry={dialog.entry} onClose={() => setDialog(null)} />}
    </Page>
  );
}
