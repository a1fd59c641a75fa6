// The e2e suite's DNS: a real UDP DNS server (server/src/testing/dns-server.ts, built to
// server/dist/testing/dns-server.js) the app server asks for sign-up domains' TXT records (DNS_SERVERS), and
// a small HTTP front for the tests to publish records: PUT /records/<domain> with a JSON array of strings;
// GET /health answers 200 for the launcher's check.
//
// Ports: DNS on UDP ACCENT_E2E_DNS_PORT (default ACCENT_E2E_PORT + 8), HTTP on the same number over TCP.
import { startDnsServer } from '../../server/dist/testing/dns-server.js';
import { APP_PORT, serveFront } from './front.mjs';

const dnsPort = Number(process.env.ACCENT_E2E_DNS_PORT ?? APP_PORT + 8);
const dns = await startDnsServer(dnsPort);

serveFront(dnsPort, () => ({}), (req, res, url) => {
  const record = /^\/records\/([a-z0-9.-]+)$/.exec(url.pathname);
  if (req.method === 'PUT' && record) {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      try {
        const values = JSON.parse(body);
        if (!Array.isArray(values) || values.some((v) => typeof v !== 'string')) throw new Error('a JSON array of strings');
        dns.setTxt(record[1], values);
        res.writeHead(204).end();
      } catch (error) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end(`Send ${error instanceof Error ? error.message : 'a JSON array of strings'}.`);
      }
    });
    return;
  }
  res.writeHead(404).end();
});
console.log(`e2e DNS on udp://127.0.0.1:${dnsPort}, records at http://127.0.0.1:${dnsPort}/records/<domain>`);
