// The Knowledge screen's calls to /api/v1/knowledge, answers parsed with the contract's schemas. Behind
// a context so tests hand in their own (no module mocking).
import { createContext, useContext } from 'react';
import type { AxiosInstance } from 'axios';
import { api, jsonApi } from '@accent/shared/client';
import {
  knowledgeCollectionCreateSchema,
  knowledgeCollectionSchema,
  knowledgeFileSchema,
  knowledgeHitSchema,
  knowledgeSearchSchema,
  type KnowledgeCollection,
  type KnowledgeCollectionCreate,
  type KnowledgeFile,
  type KnowledgeHit,
  type KnowledgeSearch,
} from '@accent/shell-common';
import { z } from 'zod';

export interface KnowledgeApi {
  collections(): Promise<KnowledgeCollection[]>;
  create(input: KnowledgeCollectionCreate): Promise<KnowledgeCollection>;
  remove(collectionId: string): Promise<void>;
  files(collectionId: string): Promise<KnowledgeFile[]>;
  /** uploads one file; a file of the same name is replaced and indexed again */
  upload(collectionId: string, file: File, onProgress?: (fraction: number) => void): Promise<KnowledgeFile>;
  removeFile(collectionId: string, fileId: string): Promise<void>;
  search(input: KnowledgeSearch): Promise<{ hits: KnowledgeHit[]; warnings: string[] }>;
}

const BASE = '/api/v1/knowledge';

export function createKnowledgeApi(http: AxiosInstance): KnowledgeApi {
  const json = jsonApi(http);
  return {
    collections: async () => (await json.get(`${BASE}/collections`, z.object({ collections: z.array(knowledgeCollectionSchema) }))).collections,
    create: async (input) => json.post(`${BASE}/collections`, knowledgeCollectionCreateSchema.parse(input), knowledgeCollectionSchema),
    async remove(collectionId) {
      await http.delete(`${BASE}/collections/${encodeURIComponent(collectionId)}`);
    },
    files: async (collectionId) =>
      (await json.get(`${BASE}/collections/${encodeURIComponent(collectionId)}/files`, z.object({ files: z.array(knowledgeFileSchema) }))).files,
    async upload(collectionId, file, onProgress) {
      const form = new FormData();
      form.append('file', file, file.name);
      const { data } = await http.post<unknown>(`${BASE}/collections/${encodeURIComponent(collectionId)}/files`, form, {
        onUploadProgress: async (event) => onProgress?.(event.total ? event.loaded / event.total : 0),
      });
      return knowledgeFileSchema.parse(data);
    },
    async removeFile(collectionId, fileId) {
      await http.delete(`${BASE}/collections/${encodeURIComponent(collectionId)}/files/${encodeURIComponent(fileId)}`);
    },
    search: async (input) =>
      json.post(`${BASE}/search`, knowledgeSearchSchema.parse(input), z.object({ hits: z.array(knowledgeHitSchema), warnings: z.array(z.string()) })),
  };
}

export const KnowledgeApiContext = createContext<KnowledgeApi>(createKnowledgeApi(api));
export const useKnowledgeApi = () => useContext(KnowledgeApiContext);
