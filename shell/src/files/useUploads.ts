// The uploads of the Files screen: one entry per file with its progress, a cancel per file, and when the
// server refuses, why (too large, type not allowed, quota, already exists → Replace sends it again with
// upsert). A finished upload reloads the folder it went into.
import { useCallback, useRef, useState } from 'react';
import { invalidateQueries } from '@accent/shared/ui';
import { uploadProblem, type FilesApi, type UploadProblem } from './files-api.js';
import { joinPath, nameProblem } from './paths.js';

export type UploadStatus = 'uploading' | 'done' | 'failed' | 'cancelled';

export interface Upload {
  id: string;
  name: string;
  bucket: string;
  path: string;
  /** shared with everyone in the library (user metadata `shared: true`) */
  shared: boolean;
  loaded: number;
  total: number;
  status: UploadStatus;
  problem: UploadProblem | null;
}

export const FILES_QUERY = 'files';

export function useUploads(api: FilesApi) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const files = useRef(new Map<string, File>());
  const controllers = useRef(new Map<string, AbortController>());
  const counter = useRef(0);

  const update = useCallback((id: string, change: Partial<Upload>) => {
    setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...change } : u)));
  }, []);

  const run = useCallback(
    async (upload: Upload, upsert: boolean) => {
      const file = files.current.get(upload.id);
      if (!file) return;
      const controller = new AbortController();
      controllers.current.set(upload.id, controller);
      update(upload.id, { status: 'uploading', problem: null, loaded: 0 });
      try {
        await api.upload(upload.bucket, upload.path, file, {
          upsert,
          ...(upload.shared ? { metadata: { shared: true } } : {}),
          signal: controller.signal,
          onProgress: (loaded, total) => update(upload.id, { loaded, total }),
        });
        update(upload.id, { status: 'done', loaded: file.size, total: file.size });
        files.current.delete(upload.id);
        invalidateQueries([FILES_QUERY, upload.bucket]);
      } catch (error) {
        const problem = uploadProblem(error);
        update(upload.id, { status: problem.kind === 'cancelled' ? 'cancelled' : 'failed', problem });
      } finally {
        controllers.current.delete(upload.id);
      }
    },
    [api, update],
  );

  /** Starts one upload per file into `folder` of `bucket`. */
  const start = useCallback(
    (bucket: string, folder: string, chosen: readonly File[], shared = false) => {
      const added: Upload[] = chosen.map((file) => {
        const id = `upload-${++counter.current}`;
        files.current.set(id, file);
        const problem = nameProblem(file.name);
        return {
          id,
          name: file.name,
          bucket,
          path: joinPath(folder, file.name),
          shared,
          loaded: 0,
          total: file.size,
          status: problem ? 'failed' : 'uploading',
          problem: problem ? { kind: 'other', message: problem } : null,
        };
      });
      setUploads((list) => [...list, ...added]);
      for (const upload of added) if (upload.status === 'uploading') void run(upload, false);
    },
    [run],
  );

  const cancel = useCallback((id: string) => controllers.current.get(id)?.abort(), []);

  /** Sends a refused file again, replacing the one of the same name. */
  const replace = useCallback(
    (id: string) => {
      const upload = uploads.find((u) => u.id === id);
      if (upload) void run(upload, true);
    },
    [run, uploads],
  );

  const dismiss = useCallback((id: string) => {
    controllers.current.get(id)?.abort();
    files.current.delete(id);
    setUploads((list) => list.filter((u) => u.id !== id));
  }, []);

  const clearFinished = useCallback(() => {
    setUploads((list) => {
      const kept = list.filter((u) => u.status === 'uploading');
      for (const u of list) if (u.status !== 'uploading') files.current.delete(u.id);
      return kept;
    });
  }, []);

  return { uploads, start, cancel, replace, dismiss, clearFinished };
}
