// What Profile → API keys and Admin → API keys call: /api/v1/api-keys (one's own) and
// /api/v1/admin/api-keys (the library's), answers parsed with the contract's schemas.
import type { AxiosInstance } from 'axios';
import { jsonApi } from '@accent/shared/client';
import { apiKeyCreatedSchema, apiKeyListSchema, type ApiKey, type ApiKeyCreated, type ApiKeyCreateRequest } from '@accent/shell-common';

export interface ApiKeysApi {
  list(): Promise<ApiKey[]>;
  /** the new key, its secret in this answer only */
  create(body: ApiKeyCreateRequest): Promise<ApiKeyCreated>;
  revoke(id: string): Promise<void>;
}

export function createApiKeysApi(http: AxiosInstance, base: '/api/v1/api-keys' | '/api/v1/admin/api-keys'): ApiKeysApi {
  const json = jsonApi(http);
  return {
    list: async () => (await json.get(base, apiKeyListSchema)).keys,
    create: async (body) => json.post(base, body, apiKeyCreatedSchema),
    async revoke(id) {
      await http.delete(`${base}/${encodeURIComponent(id)}`);
    },
  };
}
