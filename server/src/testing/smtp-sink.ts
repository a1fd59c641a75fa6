// A local SMTP server for tests (real protocol, smtp-server): records each message's envelope and raw
// text. Point SMTP_URL at its `url`.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** header fields by lower-case name, unfolded, RFC 2047 encoded words decoded */
  headers: Record<string, string>;
  /** the body as sent (transfer encoding not decoded) */
  body: string;
}

/** =?UTF-8?Q?…?= and =?UTF-8?B?…?= → text */
function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g, (_all, _charset: string, encoding: string, text: string) => {
    if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
    const bytes = text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  });
}

function parseMessage(raw: string): { headers: Record<string, string>; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = split === -1 ? raw : raw.slice(0, split);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body: split === -1 ? '' : raw.slice(split + 4) };
}

export interface SmtpSink {
  url: string;
  messages: ReceivedMail[];
  close(): Promise<void>;
}

/** Listens on `port` (0: any free port) of 127.0.0.1. */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          ...parseMessage(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const bound = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${bound}`, messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

