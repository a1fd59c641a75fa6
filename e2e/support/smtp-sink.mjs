// The e2e suite's mailbox: a real SMTP server (server/src/testing/smtp-sink.ts, built to
// server/dist/testing/smtp-sink.js) the app server sends through (SMTP_URL), and a small HTTP front for the
// tests to read what arrived: GET /messages?to=<address> answers the messages (newest last) as JSON,
// GET /health answers 200 for Playwright's webServer check.
//
// Ports: SMTP on ACCENT_E2E_SMTP_PORT (default ACCENT_E2E_PORT + 2), HTTP on the next one.
import { startSmtpSink } from '../../server/dist/testing/smtp-sink.js';
import { APP_PORT, serveFront } from './front.mjs';

const smtpPort = Number(process.env.ACCENT_E2E_SMTP_PORT ?? APP_PORT + 2);
const sink = await startSmtpSink(smtpPort);

serveFront(smtpPort + 1, () => ({ messages: sink.messages.length }), (req, res, url) => {
  if (req.method === 'GET' && url.pathname === '/messages') {
    const to = url.searchParams.get('to')?.toLowerCase();
    const found = to ? sink.messages.filter((m) => m.to.some((address) => address.toLowerCase() === to)) : sink.messages;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(found.map(({ from, to: recipients, headers, body }) => ({ from, to: recipients, subject: headers.subject ?? '', headers, body }))));
    return;
  }
  res.writeHead(404).end();
});
