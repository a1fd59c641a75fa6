// Calls to connector APIs: the library's stored credentials or a "not connected" answer, and one
// fetch helper that turns an HTTP failure into a message naming the service and its reason.
import type { ToolName } from '@accent/shared';
import type { ConnectorKey } from '../../config.js';
import type { CredentialValues } from '../../credentials/store.js';
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
}

export interface ConnectorResponse {
  status: number;
  headers: Headers;
  body: any;
}

export async function connectorFetch(req: ConnectorRequest): Promise<ConnectorResponse> {
  const url = new URL(req.url);
  for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  let response: Response;
  try {
    response = await fetch(url, {
      method: req.method ?? 'GET',
      headers: { accept: 'application/json', ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}), ...req.headers },
      body: req.body !== undefined ? JSON.stringify(req.body) : undefined,
      signal: AbortSignal.any([req.signal, AbortSignal.timeout(CONNECTOR_TIMEOUT_MS)]),
    });
  } catch (error) {
    if (req.signal.aborted) throw error;
    throw new ConnectorError(`${req.service} could not be reached: ${(error as Error).message}`);
  }
  const text = await response.text();
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
