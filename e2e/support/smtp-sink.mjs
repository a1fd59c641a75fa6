// The e2e suite's mailbox: a real SMTP server (server/src/testing/smtp-sink.ts, built to
// server/dist/testing/smtp-sink.js) the app server sends through (SMTP_URL), and a small HTTP front for the
// tests to read what arrived: GET /messages?to=<address> answers the messages (newest last) as JSON,
// GET /health answers 200 for Playwright's webServer check.
//
// Ports: SMTP on ACCENT_E2E_SMTP_PORT (default ACCENT_E2E_PORT + 2), HTTP on the next one.
import { createServer } from 'node:http';
import { startSmtpSink } from '../../server/dist/testing/smtp-sink.js';

const appPort = Number(process.env.ACCENT_E2E_PORT ?? 3199);
const smtpPort = Number(process.env.ACCENT_E2E_SMTP_PORT ?? appPort + 2);
const sink = await startSmtpSink(smtpPort);

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (req.method === 'GET' && url.pathname === '/health') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ status: 'ok', messages: sink.messages.length }));
    return;
  }
  if (req.method === 'GET' && url.pathname === '/messages') {
    const to = url.searchParams.get('to')?.toLowerCase();
    const found = to ? sink.messages.filter((m) => m.to.some((address) => address.toLowerCase() === to)) : sink.messages;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(found.map(({ from, to: recipients, headers, body }) => ({ from, to: recipients, subject: headers.subject ?? '', headers, body }))));
    return;
  }
  res.writeHead(404).end();
}).listen(smtpPort + 1, '127.0.0.1');
