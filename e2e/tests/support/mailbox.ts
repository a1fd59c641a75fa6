// Reading the e2e mailbox (e2e/support/smtp-sink.mjs): what the app server sent through SMTP, by recipient.
import { expect, type APIRequestContext } from '@playwright/test';

const appPort = Number(process.env.ACCENT_E2E_PORT ?? 3199);
const smtpPort = Number(process.env.ACCENT_E2E_SMTP_PORT ?? appPort + 2);
const MAILBOX_URL = `http://127.0.0.1:${smtpPort + 1}`;

export interface Mail {
  from: string;
  to: string[];
  subject: string;
  headers: Record<string, string>;
  /** as sent: quoted-printable soft breaks (=\r\n) and =XX escapes are undone by `text()` */
  body: string;
}

/** The body with quoted-printable undone, for finding a link or a code in it. */
export function text(mail: Mail): string {
  return mail.body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export async function mailTo(request: APIRequestContext, address: string): Promise<Mail[]> {
  const answer = await request.get(`${MAILBOX_URL}/messages?to=${encodeURIComponent(address)}`);
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as Mail[];
}

/** Waits for the `count`-th message to `address` (1 = the first) and answers it. */
export async function waitForMail(request: APIRequestContext, address: string, count = 1): Promise<Mail> {
  let found: Mail[] = [];
  const arrived = async () => {
    found = await mailTo(request, address);
    return found.length;
  };
  await expect.poll(arrived, { timeout: 15_000, message: `mail number ${count} to ${address}` }).toBeGreaterThanOrEqual(count);
  return found[count - 1]!;
}
