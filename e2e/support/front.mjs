// The small HTTP front the e2e mailbox and DNS put before their real servers: GET /health answers 200
// with { status: 'ok', ...health() } for the launcher's readiness check; every other request goes to
// `handle` with its parsed address. Bound to loopback.
import { createServer } from 'node:http';

/** ACCENT_E2E_PORT: the app's port, from which the helper servers' default ports follow */
export const APP_PORT = Number(process.env.ACCENT_E2E_PORT ?? 3199);

export function serveFront(port, health, handle) {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'GET' && url.pathname === '/health') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'ok', ...health() }));
      return;
    }
    handle(req, res, url);
  }).listen(port, '127.0.0.1');
}
