// Pure helpers of the Files screen: where an entry lives (bucket + path inside it), how its size, type and
// date read, in which order the list shows entries, and which names a person may give.

/** Where the screen stands: the root (the buckets) or a folder inside one bucket ('' is the bucket itself). */
export interface Location {
  bucket: string | null;
  folder: string;
}

export const ROOT: Location = { bucket: null, folder: '' };

/** The bucket every library has (the server makes it), where anyone of the library may add their own files. */
export const LIBRARY_BUCKET = 'documents';

/** Supabase Studio's marker that keeps an otherwise empty folder alive; never shown as a file. */
export const FOLDER_PLACEHOLDER = '.emptyFolderPlaceholder';

export const joinPath = (folder: string, name: string): string => (folder ? `${folder}/${name}` : name);

export const parentOf = (path: string): string => {
  const at = path.lastIndexOf('/');
  return at < 0 ? '' : path.slice(0, at);
};

export const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

export interface Crumb {
  label: string;
  location: Location;
}

/** Files › bucket › a › b: every step of the way to `location`, each one a place to go back to. */
export function breadcrumbs(location: Location, rootLabel: string): Crumb[] {
  const crumbs: Crumb[] = [{ label: rootLabel, location: ROOT }];
  if (location.bucket === null) return crumbs;
  crumbs.push({ label: location.bucket, location: { bucket: location.bucket, folder: '' } });
  let folder = '';
  for (const part of location.folder.split('/').filter(Boolean)) {
    folder = joinPath(folder, part);
    crumbs.push({ label: part, location: { bucket: location.bucket, folder } });
  }
  return crumbs;
}

/** `?bucket=documents&path=a/b` ⇄ Location, so a folder can be linked to and Back works. */
export function locationFromSearch(search: URLSearchParams): Location {
  const bucket = search.get('bucket');
  if (!bucket) return ROOT;
  const folder = (search.get('path') ?? '').split('/').filter((p) => p && p !== '.' && p !== '..').join('/');
  return { bucket, folder };
}

export function searchFromLocation(location: Location): string {
  if (location.bucket === null) return '';
  const params = new URLSearchParams({ bucket: location.bucket });
  if (location.folder) params.set('path', location.folder);
  return `?${params.toString()}`;
}

// What the storage protocol accepts in a key part, kept to what reads well in a path: no separators, no
// control characters, not '.'/'..' (a traversal), and short enough for a path.
const MAX_NAME_LENGTH = 255;

/** Why `name` cannot be a file or folder name, or null when it can. */
export function nameProblem(name: string, taken: readonly string[] = []): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Enter a name.';
  if (trimmed === '.' || trimmed === '..') return 'This name is reserved.';
  if (/[/\\]/.test(trimmed)) return 'A name cannot contain / or \\.';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused here
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) return 'A name cannot contain control characters.';
  if (trimmed.length > MAX_NAME_LENGTH) return `A name can have at most ${MAX_NAME_LENGTH} characters.`;
  if (trimmed === FOLDER_PLACEHOLDER) return 'This name is reserved.';
  if (taken.includes(trimmed)) return `${trimmed} already exists here.`;
  return null;
}

const UNITS = ['KB', 'MB', 'GB', 'TB'];

/** 0 → "0 B", 1536 → "1.5 KB", 1048576 → "1 MB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} ${UNITS[unit]}`;
}

export function formatModified(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** One row of the list: a folder (a common prefix) or a stored object. */
export interface FileEntry {
  name: string;
  /** full path inside the bucket */
  path: string;
  kind: 'folder' | 'file';
  size: number | null;
  /** the stored content type (sniffed by the server), null for folders */
  mimetype: string | null;
  modified: string | null;
}

export type SortKey = 'name' | 'size' | 'type' | 'modified';
export interface Sort {
  key: SortKey;
  direction: 'ascending' | 'descending';
}

/** A short, readable type: "Folder", "PDF", "PNG image", "Markdown", else the extension or the MIME type. */
export function typeLabel(entry: Pick<FileEntry, 'kind' | 'mimetype' | 'name'>): string {
  if (entry.kind === 'folder') return 'Folder';
  const mime = (entry.mimetype ?? '').toLowerCase();
  const ext = extensionOf(entry.name);
  if (mime === 'application/pdf') return 'PDF';
  if (mime.startsWith('image/')) return `${mime.slice(6).replace('svg+xml', 'SVG').toUpperCase()} image`;
  if (mime === 'text/markdown' || ext === 'md' || ext === 'markdown') return 'Markdown';
  if (mime === 'text/csv') return 'CSV';
  if (mime.startsWith('text/')) return 'Text';
  if (mime === 'application/json') return 'JSON';
  if (ext) return ext.toUpperCase();
  return mime || 'File';
}

export function extensionOf(name: string): string {
  const at = name.lastIndexOf('.');
  return at > 0 ? name.slice(at + 1).toLowerCase() : '';
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Folders first, then the chosen column; ties by name, so the order never jumps between reloads. */
export function sortEntries(entries: readonly FileEntry[], sort: Sort): FileEntry[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const byName = (a: FileEntry, b: FileEntry) => collator.compare(a.name, b.name);
  const compare: Record<SortKey, (a: FileEntry, b: FileEntry) => number> = {
    name: byName,
    size: (a, b) => (a.size ?? 0) - (b.size ?? 0),
    type: (a, b) => collator.compare(typeLabel(a), typeLabel(b)),
    modified: (a, b) => (a.modified ?? '').localeCompare(b.modified ?? ''),
  };
  return [...entries].sort((a, b) => {
    if (a.kind !== b.kind) return a.kind === 'folder' ? -1 : 1;
    return sign * compare[sort.key](a, b) || byName(a, b);
  });
}

export type PreviewKind = 'image' | 'pdf' | 'markdown' | 'text' | null;

/** How a file can be shown in the preview dialog, from its stored type and, for text, its extension. */
export function previewKind(entry: Pick<FileEntry, 'mimetype' | 'name'>): PreviewKind {
  const mime = (entry.mimetype ?? '').toLowerCase();
  const ext = extensionOf(entry.name);
  if (mime.startsWith('image/')) return 'image'; // an <img> runs no script, SVG included
  if (mime === 'application/pdf') return 'pdf';
  if (mime === 'text/markdown' || ext === 'md' || ext === 'markdown') return 'markdown';
  if (mime.startsWith('text/') || mime === 'application/json' || ['txt', 'csv', 'json', 'log'].includes(ext)) return 'text';
  return null;
}

/** "report.pdf" → "report copy.pdf"; then "report copy 2.pdf"… until the name is free. */
export function copyName(name: string, taken: readonly string[]): string {
  const ext = extensionOf(name);
  const stem = ext ? name.slice(0, -(ext.length + 1)) : name;
  const suffix = ext ? `.${ext}` : '';
  for (let n = 1; ; n++) {
    const candidate = `${stem} copy${n > 1 ? ` ${n}` : ''}${suffix}`;
    if (!taken.includes(candidate)) return candidate;
  }
}
