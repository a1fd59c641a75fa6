// Calls to connector APIs: the library's stored credentials or a "not connected" answer, and one
// fetch helper that turns an HTTP failure into a message naming the service and its reason.
import type { ToolName } from '@accent/agents-common';
import type { ConnectorKey } from '../../config.js';
import type { CredentialValues } from '../../credentials/store.js';
import { guardedFetch, SsrfError, type SsrfPolicy } from '../../net/ssrf.js';
import type { ToolContext } from '../types.js';

/** A connector request gives up after this long (the step's own timeout may be shorter). */
const CONNECTOR_TIMEOUT_MS = 20_000;

export const notConnected = (tool: ToolName) => ({
  error: 'not_connected' as const,
  message: `${tool} is not connected. An administrator can add its credentials in Admin → Connectors.`,
});

export class ConnectorError extends Error {
  override name = 'ConnectorError';
}

/** Runs `call` with the connector's credentials, or answers not_connected (returned, not thrown, so the model can tell the user). */
export async function withConnector<T>(ctx: ToolContext, tool: ToolName, key: ConnectorKey, call: (credentials: CredentialValues, baseUrl: string) => Promise<T>) {
  const credentials = await ctx.connector(key);
  if (!credentials) return notConnected(tool);
  return call(credentials, ctx.connectorBaseUrls[key]);
}

export interface ConnectorRequest {
  service: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  signal: AbortSignal;
  /**
   * Set when the URL comes from a user (a stored Salesforce instance URL), not from the operator's
   * configuration: the request then goes through the SSRF guard with this policy.
   */
  ssrf?: SsrfPolicy;
}

export interface ConnectorResponse {
  status: number;
  headers: Headers;
  body: any;
}

export async function connectorFetch(req: ConnectorRequest): Promise<ConnectorResponse> {
  const url = new URL(req.url);
  for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const method = req.method ?? 'GET';
  const headers = { accept: 'application/json', ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}), ...req.headers };
  const payload = req.body !== undefined ? JSON.stringify(req.body) : undefined;
  let response: { ok: boolean; status: number; statusText: string; headers: Headers; text: string };
  try {
    if (req.ssrf) {
      const guarded = await guardedFetch({ url: url.toString(), method, headers, body: payload, timeoutMs: CONNECTOR_TIMEOUT_MS, signal: req.signal }, req.ssrf);
      const text = guarded.body.toString('utf8');
      response = { ok: guarded.status >= 200 && guarded.status < 300, status: guarded.status, statusText: guarded.statusText, headers: new Headers(guarded.headers), text };
    } else {
      const fetched = await fetch(url, { method, headers, body: payload, signal: AbortSignal.any([req.signal, AbortSignal.timeout(CONNECTOR_TIMEOUT_MS)]) });
      response = { ok: fetched.ok, status: fetched.status, statusText: fetched.statusText, headers: fetched.headers, text: await fetched.text() };
    }
  } catch (error) {
    if (req.signal.aborted) throw error;
    if (error instanceof SsrfError) throw new ConnectorError(`${req.service}: ${error.message}`);
    throw new ConnectorError(`${req.service} could not be reached: ${(error as Error).message}`);
  }
  const { text } = response;
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: keep the text */
  }
  if (!response.ok) throw new ConnectorError(`${req.service} answered ${response.status}: ${errorMessageOf(body) ?? response.statusText}`);
  return { status: response.status, headers: response.headers, body };
}

/** The message in the error shapes these APIs use. */
function errorMessageOf(body: any): string | undefined {
  if (!body) return undefined;
  if (typeof body === 'string') return body.slice(0, 500);
  if (Array.isArray(body)) return errorMessageOf(body[0]); // Salesforce: [{message, errorCode}]
  return (
    body.error?.message ??
    (typeof body.error === 'string' ? body.error : undefined) ??
    body.errors?.[0]?.message ??
    body.message ??
    undefined
  );
}

export const trimSlash = (url: string) => url.replace(/\/+$/, '');
