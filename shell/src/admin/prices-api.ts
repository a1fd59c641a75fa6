// Admin → Settings → Model prices: GET/PUT /api/v1/admin/model-prices, answers parsed with the
// contract's schema. Behind a context so tests hand in their own (no module mocking).
import { createContext, useContext } from 'react';
import type { AxiosInstance } from 'axios';
import { api, jsonApi } from '@accent/shared/client';
import { modelPricesResponseSchema, type ModelPrice, type ModelPricesResponse } from '@accent/shell-common';

export interface PricesApi {
  get(): Promise<ModelPricesResponse>;
  /** replaces the table; 400 ApiError naming the row (`prices.2.model: …`) when one is refused */
  put(prices: ModelPrice[]): Promise<ModelPricesResponse>;
}

export function createPricesApi(http: AxiosInstance): PricesApi {
  const json = jsonApi(http);
  return {
    get: async () => json.get('/api/v1/admin/model-prices', modelPricesResponseSchema),
    put: async (prices) => json.put('/api/v1/admin/model-prices', { prices }, modelPricesResponseSchema),
  };
}

export const PricesApiContext = createContext<PricesApi>(createPricesApi(api));
export const usePricesApi = () => useContext(PricesApiContext);
