// The Knowledge screen's calls to /api/v1/knowledge, answers parsed with the contract's schemas. Behind
// a context so tests hand in their own (no module mocking).
import { createContext, useContext } from 'react';
import type { AxiosInstance } from 'axios';
import { api } from '@accent/shared/client';
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
  return {
    async collections() {
      const { data } = await http.get<unknown>(`${BASE}/collections`);
      return z.object({ collections: z.array(knowledgeCollectionSchema) }).parse(data).collections;
    },
    async create(input) {
      const { data } = await http.post<unknown>(`${BASE}/collections`, knowledgeCollectionCreateSchema.parse(input));
      return knowledgeCollectionSchema.parse(data);
    },
    async remove(collectionId) {
      await http.delete(`${BASE}/collections/${encodeURIComponent(collectionId)}`);
    },
    async files(collectionId) {
      const { data } = await http.get<unknown>(`${BASE}/collections/${encodeURIComponent(collectionId)}/files`);
      return z.object({ files: z.array(knowledgeFileSchema) }).parse(data).files;
    },
    async upload(collectionId, file, onProgress) {
      const form = new FormData();
      form.append('file', file, file.name);
      const { data } = await http.post<unknown>(`${BASE}/collections/${encodeURIComponent(collectionId)}/files`, form, {
        onUploadProgress: (event) => onProgress?.(event.total ? event.loaded / event.total : 0),
      });
      return knowledgeFileSchema.parse(data);
    },
    async removeFile(collectionId, fileId) {
      await http.delete(`${BASE}/collections/${encodeURIComponent(collectionId)}/files/${encodeURIComponent(fileId)}`);
    },
    async search(input) {
      const { data } = await http.post<unknown>(`${BASE}/search`, knowledgeSearchSchema.parse(input));
      return z.object({ hits: z.array(knowledgeHitSchema), warnings: z.array(z.string()) }).parse(data);
    },
  };
}

export const KnowledgeApiContext = createContext<KnowledgeApi>(createKnowledgeApi(api));
export const useKnowledgeApi = () => useContext(KnowledgeApiContext);
