// Shared by the HTTP actions (API call, webhook, Slack): headers as written in a node, the request body,
// and one request through the SSRF guard with the node's timeout and the run's cancellation.
import { FLOW_RUN_MESSAGES } from '../messages.js';
import { guardedFetch, parseResponseBody, type GuardedResponse } from '../../net/ssrf.js';
import { renderTemplate, type FlowScope } from '../templating.js';
import { NodeError, type NodeServices } from './types.js';

/** Headers from an object, JSON text or "Name: value" lines, values templated. */
export function nodeHeaders(headers: unknown, scope: FlowScope): Record<string, string> {
  if (headers === undefined || headers === null || headers === '') return {};
  let entries: [string, unknown][];
  if (typeof headers === 'object' && !Array.isArray(headers)) entries = Object.entries(headers as Record<string, unknown>);
  else if (typeof headers === 'string') {
    const text = headers.trim();
    if (text.startsWith('{')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new NodeError(FLOW_RUN_MESSAGES.badHeaders);
      }
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new NodeError(FLOW_RUN_MESSAGES.badHeaders);
      entries = Object.entries(parsed as Record<string, unknown>);
    } else {
      entries = [];
      for (const line of text.split(/\r?\n/)) {
        if (!line.trim()) continue;
        const colon = line.indexOf(':');
        if (colon <= 0) throw new NodeError(FLOW_RUN_MESSAGES.badHeaders);
        entries.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
      }
    }
  } else throw new NodeError(FLOW_RUN_MESSAGES.badHeaders);
  const out: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw new NodeError(FLOW_RUN_MESSAGES.badHeaders);
    out[name] = renderTemplate(String(value ?? ''), scope).replace(/[\r\n]+/g, ' ');
  }
  return out;
}

export const hasHeader = (headers: Record<string, string>, name: string) => Object.keys(headers).some((k) => k.toLowerCase() === name.toLowerCase());

export interface HttpOutcome {
  status: number;
  ok: boolean;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  truncated?: boolean;
  redirects?: number;
}

export function describeResponse(response: GuardedResponse): HttpOutcome {
  return {
    status: response.status,
    ok: response.status >= 200 && response.status < 300,
    url: response.url,
    headers: response.headers,
    body: parseResponseBody(response),
    ...(response.truncated ? { truncated: true } : {}),
    ...(response.redirects ? { redirects: response.redirects } : {}),
  };
}

export async function send(
  request: { url: string; method: string; headers: Record<string, string>; body?: string; timeoutSeconds?: number },
  services: NodeServices,
  signal: AbortSignal,
): Promise<GuardedResponse> {
  try {
    return await guardedFetch(
      { url: request.url, method: request.method, headers: request.headers, body: request.body, timeoutMs: request.timeoutSeconds ? request.timeoutSeconds * 1000 : services.httpTimeoutMs, signal },
      services.ssrf,
    );
  } catch (error) {
    if (signal.aborted) throw new NodeError(FLOW_RUN_MESSAGES.cancelled);
    const e = error as Error & { code?: string; syscall?: string };
    const detail = e.message || e.code || String(error);
    // system errors (ECONNREFUSED…) sometimes carry their code only in `code`
    throw new NodeError(e.syscall && e.code && !detail.includes(e.code) ? `${detail} (${e.code})` : detail);
  }
}

export const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

export const textOfBody = (body: unknown) => (typeof body === 'string' ? body : JSON.stringify(body));
