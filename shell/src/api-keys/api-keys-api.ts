// What Profile → API keys and Admin → API keys call: /api/v1/api-keys (one's own) and
// /api/v1/admin/api-keys (the library's), answers parsed with the contract's schemas.
import type { AxiosInstance } from 'axios';
import { apiKeyCreatedSchema, apiKeyListSchema, type ApiKey, type ApiKeyCreated, type ApiKeyCreateRequest } from '@accent/shell-common';

export interface ApiKeysApi {
  list(): Promise<ApiKey[]>;
  /** the new key, its secret in this answer only */
  create(body: ApiKeyCreateRequest): Promise<ApiKeyCreated>;
  revoke(id: string): Promise<void>;
}

export function createApiKeysApi(http: AxiosInstance, base: '/api/v1/api-keys' | '/api/v1/admin/api-keys'): ApiKeysApi {
  return {
    async list() {
      const { data } = await http.get<unknown>(base);
      return apiKeyListSchema.parse(data).keys;
    },
    async create(body) {
      const { data } = await http.post<unknown>(base, body);
      return apiKeyCreatedSchema.parse(data);
    },
    async revoke(id) {
      await http.delete(`${base}/${encodeURIComponent(id)}`);
    },
  };
}
