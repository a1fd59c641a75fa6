// What the screen does with whole entries, built from the storage protocol's per-object calls: the protocol
// has no folders of its own (a folder is the common prefix of its objects), so moving, copying or deleting
// a folder is done object by object, and a new empty folder is kept by a placeholder object, as Supabase
// Studio does.
import type { FilesApi } from './files-api.js';
import { FOLDER_PLACEHOLDER, joinPath, type FileEntry } from './paths.js';

/** Every object under `prefix`, at any depth (placeholders included). */
export async function objectsUnder(api: FilesApi, bucket: string, prefix: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (folder: string) => {
    for (const entry of await api.list(bucket, folder, true)) {
      if (entry.kind === 'folder') await walk(entry.path);
      else found.push(entry.path);
    }
  };
  await walk(prefix);
  return found;
}

/** The objects an entry stands for, each with its path relative to the entry ('' for a file itself). */
async function objectsOf(api: FilesApi, bucket: string, entry: FileEntry): Promise<{ from: string; rest: string }[]> {
  if (entry.kind === 'file') return [{ from: entry.path, rest: '' }];
  const objects = await objectsUnder(api, bucket, entry.path);
  return objects.map((from) => ({ from, rest: from.slice(entry.path.length + 1) }));
}

const target = (to: string, rest: string) => (rest ? `${to}/${rest}` : to);

/** Renames or moves a file or a whole folder to `to` (a full path in the same bucket). */
export async function moveEntry(api: FilesApi, bucket: string, entry: FileEntry, to: string): Promise<void> {
  if (to === entry.path) return;
  for (const { from, rest } of await objectsOf(api, bucket, entry)) await api.move(bucket, from, target(to, rest));
}

export async function copyEntry(api: FilesApi, bucket: string, entry: FileEntry, to: string): Promise<void> {
  for (const { from, rest } of await objectsOf(api, bucket, entry)) await api.copy(bucket, from, target(to, rest));
}

// A remove call carries at most this many keys (Supabase's limit per request).
const REMOVE_BATCH = 1000;

export async function removeEntries(api: FilesApi, bucket: string, entries: readonly FileEntry[]): Promise<void> {
  const paths: string[] = [];
  for (const entry of entries) for (const { from } of await objectsOf(api, bucket, entry)) paths.push(from);
  for (let i = 0; i < paths.length; i += REMOVE_BATCH) await api.remove(bucket, paths.slice(i, i + REMOVE_BATCH));
}

export async function createFolder(api: FilesApi, bucket: string, path: string): Promise<void> {
  await api.upload(bucket, joinPath(path, FOLDER_PLACEHOLDER), new Blob([], { type: 'text/plain' }));
}
