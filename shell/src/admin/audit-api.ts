// Admin → Audit log's endpoint: GET /api/v1/admin/audit with the panel's filters, answers parsed with
// the shared schema. Behind a context so tests hand in their own (no module mocking).
import { createContext, useContext } from 'react';
import type { AxiosInstance } from 'axios';
import { api, jsonApi } from '@accent/shared/client';
import { auditResponseSchema, type AuditAction, type AuditResponse } from '@accent/shell-common';

/** What the panel filters by; dates are the admin's calendar days (`YYYY-MM-DD`, both inclusive). */
export interface AuditFilters {
  actor: string;
  action: AuditAction | '';
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { actor: '', action: '', from: '', to: '' };

export interface AuditApi {
  list(filters: AuditFilters, page: { limit: number; offset: number }): Promise<AuditResponse>;
}

/** A calendar day in the browser's time zone → the instant it starts. */
const startOfDay = (day: string) => new Date(`${day}T00:00:00`);

/** The query the server takes: the period as instants, `to` the start of the day after (exclusive). */
export function auditQueryParams(filters: AuditFilters, page: { limit: number; offset: number }): Record<string, string | number> {
  const params: Record<string, string | number> = { limit: page.limit, offset: page.offset };
  if (filters.actor.trim()) params.actor = filters.actor.trim();
  if (filters.action) params.action = filters.action;
  if (filters.from) params.from = startOfDay(filters.from).toISOString();
  if (filters.to) {
    const end = startOfDay(filters.to);
    end.setDate(end.getDate() + 1);
    params.to = end.toISOString();
  }
  return params;
}

export function createAuditApi(http: AxiosInstance): AuditApi {
  const json = jsonApi(http);
  return { list: (filters, page) => json.get('/api/v1/admin/audit', auditResponseSchema, { params: auditQueryParams(filters, page) }) };
}

export const AuditApiContext = createContext<AuditApi>(createAuditApi(api));
export const useAuditApi = () => useContext(AuditApiContext);
