// Bucket ids and object names as users send them, checked before anything reads or writes. Contents are
// stored under keys the server makes (library/object id/version), never under a user's path; names are
// still refused when they could mislead a person or another store: traversal, absolute paths, NUL and
// control characters, backslashes, over-long names; and a name being given (upload, rename, copy) may not
// carry direction controls, which make a file look like another (see @accent/shell-common's names.ts).
import { directionControlProblem } from '@accent/shell-common';
import { StorageHttpError, storageErrors } from './errors.js';

const BUCKET_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,62}$/;
export const MAX_NAME_BYTES = 1024;
const MAX_SEGMENT_BYTES = 255;
/** Supabase's marker of an empty folder; list() hides nothing, the Files screen does. */
export const FOLDER_PLACEHOLDER = '.emptyFolderPlaceholder';

export function checkBucketId(id: string): string {
  if (!BUCKET_ID.test(id)) throw storageErrors.invalidBucketName(id);
  return id;
}

/** 'a//b/' → 'a/b' (what supabase-js does too); refuses what cannot be a safe object name. */
export function normalizeObjectName(raw: string): string {
  const refuse = (why: string) => storageErrors.invalidKey(raw, why);
  if (raw.includes('\0')) throw refuse('NUL is not allowed');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(raw)) throw refuse('control characters are not allowed');
  if (raw.includes('\\')) throw refuse('backslashes are not allowed');
  if (raw.startsWith('/')) throw refuse('absolute paths are not allowed');
  const segments = raw.split('/').filter((s) => s !== '');
  if (segments.length === 0) throw refuse('the name is empty');
  for (const segment of segments) {
    if (segment === '.' || segment === '..') throw refuse('"." and ".." are not allowed');
    if (segment.trim() === '') throw refuse('a folder or file name cannot be blank');
    if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) throw refuse(`a folder or file name is longer than ${MAX_SEGMENT_BYTES} bytes`);
  }
  const name = segments.join('/');
  if (Buffer.byteLength(name) > MAX_NAME_BYTES) throw refuse(`longer than ${MAX_NAME_BYTES} bytes`);
  return name;
}

/**
 * A name being given to an object (upload, resumable or signed upload, rename, copy, the server's own
 * writes): the rules of every name, and no direction controls. Reading and removing take any stored name,
 * so that one stored before this rule can still be renamed or deleted.
 */
export function newObjectName(raw: string): string {
  const problem = directionControlProblem(raw);
  if (problem) throw new StorageHttpError(400, 'InvalidKey', problem);
  return normalizeObjectName(raw);
}

/** A prefix of list(): '' or 'a/b' (folders), the same rules as names. */
export function normalizePrefix(raw: string | undefined): string {
  if (!raw || raw.replace(/\//g, '') === '') return '';
  return normalizeObjectName(raw);
}

/** `bucket/a/b.txt` (a URL's wildcard part, already percent-decoded) → bucket and name. */
export function splitBucketPath(wildcard: string): { bucketId: string; name: string } {
  const slash = wildcard.indexOf('/');
  if (slash < 0) throw storageErrors.invalidKey(wildcard, 'the path names no object');
  return { bucketId: checkBucketId(wildcard.slice(0, slash)), name: normalizeObjectName(wildcard.slice(slash + 1)) };
}
