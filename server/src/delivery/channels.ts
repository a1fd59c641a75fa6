// The delivery channels missions and background agents share: email over SMTP (nodemailer, SMTP_URL /
// SMTP_FROM) and a signed JSON POST (X-Accent-Signature: sha256=<HMAC-SHA256 of the exact body under the
// library's webhook secret>) through the SSRF guard. Slack incoming webhooks and SMS use the same POST
// path without the signature.
import { createHmac } from 'node:crypto';
import { createTransport } from 'nodemailer';
import { guardedFetch, SSRF_HINTS } from '../net/ssrf.js';

export const WEBHOOK_SIGNATURE_HEADER = 'X-Accent-Signature';
/** how much of a receiver's answer is kept (for the delivery detail) */
const RESPONSE_MAX_BYTES = 64 * 1024;

/**
 * The secret a library's webhooks are signed with: HMAC-SHA256 of `accent-webhook:v1:<library id>` under
 * the server's signing secret (WEBHOOK_SIGNING_SECRET, else the JWT secret). Per library and stable across
 * restarts; administrators read it from GET /api/v1/missions/webhook-secret. Changing the server secret
 * changes every library's.
 */
export function webhookSecretFor(libraryId: string, serverSecret: string): string {
  return createHmac('sha256', serverSecret).update(`accent-webhook:v1:${libraryId}`).digest('hex');
}

/**
 * The secret incoming background-agent events must be signed with: derived like the webhook secret but
 * under another label, so whoever receives a library's outgoing webhooks (and can check their
 * signatures) cannot sign events that start its agents. Administrators read it from
 * GET /api/v1/background-agents/event-secret.
 */
export function eventSecretFor(libraryId: string, serverSecret: string): string {
  return createHmac('sha256', serverSecret).update(`accent-event:v1:${libraryId}`).digest('hex');
}

/** `sha256=<hex>` of the raw body: what receivers recompute and compare (in constant time). */
export function signWebhookBody(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  headers?: Record<string, string>;
  attachments?: { filename: string; content: string | Buffer; contentType: string }[];
}

export interface Mailer {
  readonly configured: boolean;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** One SMTP transport per process, opened on first use. */
export function createMailer(config: { smtpUrl?: string; smtpFrom: string }): Mailer {
  let transport: ReturnType<typeof createTransport> | null = null;
  return {
    configured: Boolean(config.smtpUrl),
    async send(message) {
      transport ??= createTransport({ url: config.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
      await transport.sendMail({ from: config.smtpFrom, ...message });
    },
    close() {
      transport?.close();
      transport = null;
    },
  };
}

export interface PostRequest {
  url: string;
  body: string;
  contentType?: string;
  headers?: Record<string, string>;
  /** HMAC-signs the body with this secret (X-Accent-Signature) */
  signWith?: string;
  allowPrivate: boolean;
  timeoutMs?: number;
}

export interface PostOutcome {
  ok: boolean;
  status: number | null;
  /** the receiver's answer, trimmed (for the delivery detail) */
  answer: string;
  error: string | null;
}

/** POSTs to a URL someone configured: never follows redirects (a signed delivery goes where it was told). */
export async function postTo(request: PostRequest): Promise<PostOutcome> {
  try {
    const response = await guardedFetch(
      {
        url: request.url,
        method: 'POST',
        body: request.body,
        timeoutMs: request.timeoutMs ?? 10_000,
        followRedirects: false,
        maxBodyBytes: RESPONSE_MAX_BYTES,
        headers: {
          'content-type': request.contentType ?? 'application/json',
          'user-agent': 'AccentStudio-Webhook/1',
          ...request.headers,
          ...(request.signWith ? { [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: signWebhookBody(request.body, request.signWith) } : {}),
        },
      },
      // ALLOW_PRIVATE_WEBHOOKS=true: every address; otherwise the guard's default refusals
      { allowPrivate: request.allowPrivate, blockedHint: SSRF_HINTS.webhooks },
    );
    const answer = response.body.toString('utf8').trim().slice(0, 200);
    return { ok: response.status >= 200 && response.status < 300, status: response.status, answer, error: null };
  } catch (error) {
    return { ok: false, status: null, answer: '', error: describeError(error) };
  }
}
