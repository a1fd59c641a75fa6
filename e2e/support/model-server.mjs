// The e2e suite's local OpenAI-compatible model server (server/src/testing/model-server.ts, built to
// server/dist/testing/model-server.js): it echoes the last user message, streaming word by word, so the
// runtime's answers are deterministic. The app server reaches it through OPENAI_BASE_URL.
//
// It listens on a fixed port (ACCENT_E2E_MODEL_PORT, default ACCENT_E2E_PORT + 1, i.e. 3200) in front of
// the model server, which has no route but POST …/chat/completions: GET /health answers 200 for
// Playwright's webServer check, every other request is passed through unchanged (streams included).
import { createServer, request as httpRequest } from 'node:http';
import { startModelServer } from '../../server/dist/testing/model-server.js';

const appPort = Number(process.env.ACCENT_E2E_PORT ?? 3199);
const port = Number(process.env.ACCENT_E2E_MODEL_PORT ?? appPort + 1);
const host = '127.0.0.1';

const model = await startModelServer({ host, port: 0 });
const upstream = new URL(model.url);

const front = createServer((req, res) => {
  if (req.method === 'GET' && (req.url === '/health' || req.url === '/v1/health')) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ status: 'ok', requests: model.requests.length }));
    return;
  }
  const proxied = httpRequest(
    { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  proxied.on('error', (error) => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: `e2e model server proxy: ${error.message}`, type: 'server_error' } }));
  });
  // a client that goes away (a cancelled run) stops the upstream request too
  res.on('close', () => {
    if (!res.writableEnded) proxied.destroy();
  });
  req.pipe(proxied);
});

front.on('error', (error) => {
  console.error(`e2e model server: cannot listen on ${host}:${port}: ${error.message}`);
  process.exit(1);
});
front.listen(port, host, () => {
  console.log(`e2e model server on http://${host}:${port}/v1 (health: /health)`);
});

const stop = () => {
  front.close();
  front.closeAllConnections();
  void model.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
