// Where this server keeps the originals of Files and knowledge, as the server registry compares it: a
// folder is known by an id kept in a file inside it (so one folder mounted on several hosts, such as an
// NFS share, is one place, and two disks with the same path are two), a bucket by its endpoint and name.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { StorageKind } from '@accent/shell-common';
import type { Config } from '../config.js';

const FOLDER_ID_FILE = '.accent-storage-id';

export interface StorageLocation {
  kind: StorageKind;
  /** shown to people: host:path, or endpoint/bucket */
  location: string;
  /** compared between servers */
  id: string;
}

/** The storage folder of a configuration without S3 (DATA_DIR/storage). */
export const storageFolderOf = (config: Pick<Config, 'dataDir'>) => join(config.dataDir, 'storage');

export function storageLocationOf(config: Pick<Config, 'dataDir' | 'storage'>): StorageLocation {
  const s3 = config.storage.s3;
  if (s3) {
    const place = `${s3.endpoint ?? 'aws'}/${s3.bucket}`;
    return { kind: 's3', location: place, id: `s3:${place}` };
  }
  const folder = storageFolderOf(config);
  return { kind: 'folder', location: `${hostname()}:${folder}`, id: `folder:${folderId(folder)}` };
}

function folderId(folder: string): string {
  const file = join(folder, FOLDER_ID_FILE);
  try {
    const id = readFileSync(file, 'utf8').trim();
    if (id) return id;
  } catch {
    // not made yet
  }
  mkdirSync(folder, { recursive: true });
  const id = randomUUID();
  // another process making it at the same moment: whichever wrote first wins, both read that one
  try {
    writeFileSync(file, `${id}\n`, { flag: 'wx' });
  } catch {
    return readFileSync(file, 'utf8').trim();
  }
  return id;
}
