// Admin → Settings → Model prices: GET/PUT /api/v1/admin/model-prices, answers parsed with the
// contract's schema. Behind a context so tests hand in their own (no module mocking).
import { createContext, useContext } from 'react';
import type { AxiosInstance } from 'axios';
import { api } from '@accent/shared/client';
import { modelPricesResponseSchema, type ModelPrice, type ModelPricesResponse } from '@accent/shell-common';

export interface PricesApi {
  get(): Promise<ModelPricesResponse>;
  /** replaces the table; 400 ApiError naming the row (`prices.2.model: …`) when one is refused */
  put(prices: ModelPrice[]): Promise<ModelPricesResponse>;
}

export function createPricesApi(http: AxiosInstance): PricesApi {
  return {
    async get() {
      const { data } = await http.get<unknown>('/api/v1/admin/model-prices');
      return modelPricesResponseSchema.parse(data);
    },
    async put(prices) {
      const { data } = await http.put<unknown>('/api/v1/admin/model-prices', { prices });
      return modelPricesResponseSchema.parse(data);
    },
  };
}

export const PricesApiContext = createContext<PricesApi>(createPricesApi(api));
export const usePricesApi = () => useContext(PricesApiContext);
