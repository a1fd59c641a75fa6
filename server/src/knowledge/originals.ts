// The original of each knowledge file lives in library storage, in the library's private `knowledge`
// bucket under `<collection id>/<file name>`, so it passes the uploads' checks (size, type, quota, hooks)
// and an administrator finds it in Files. Files stored before (or a server without storage) keep their
// bytes in knowledge_files.data instead.
import { HttpError } from '../http/errors.js';
import { StorageHttpError } from '../storage/errors.js';
import type { Storage } from '../storage/service.js';

export const KNOWLEDGE_BUCKET = 'knowledge';

export type OriginalsStorage = Pick<Storage, 'ensureBucket' | 'putObject' | 'getObject' | 'removeObjects'>;

export const originalName = (collectionId: string, fileName: string) => `${collectionId}/${fileName}`;

/** Stores (or replaces) an original; storage's refusals (quota, size, name) become the API's {detail}. */
export async function putOriginal(storage: OriginalsStorage, file: { libraryId: string; collectionId: string; name: string; mime: string; data: Uint8Array; owner: string | null }): Promise<void> {
  try {
    await storage.ensureBucket(file.libraryId, KNOWLEDGE_BUCKET);
    await storage.putObject({
      libraryId: file.libraryId,
      bucketId: KNOWLEDGE_BUCKET,
      name: originalName(file.collectionId, file.name),
      data: file.data,
      contentType: file.mime,
      owner: file.owner,
      upsert: true,
    });
  } catch (error) {
    if (error instanceof StorageHttpError) throw new HttpError(error.status >= 400 && error.status < 500 ? error.status : 502, error.message);
    throw error;
  }
}

export async function readOriginal(storage: OriginalsStorage, libraryId: string, collectionId: string, name: string): Promise<Uint8Array | null> {
  const found = await storage.getObject(libraryId, KNOWLEDGE_BUCKET, originalName(collectionId, name));
  return found?.data ?? null;
}

export async function removeOriginals(storage: OriginalsStorage, libraryId: string, collectionId: string, names: string[]): Promise<void> {
  if (names.length === 0) return;
  await storage.removeObjects(
    libraryId,
    KNOWLEDGE_BUCKET,
    names.map((n) => originalName(collectionId, n)),
  );
}
