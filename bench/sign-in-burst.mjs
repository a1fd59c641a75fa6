// 200 people signing in at once: does anyone else wait behind them? Starts the built server (fresh
// embedded database, the demo accounts, sign-in rate limits lifted), measures other requests while idle
// (a JSON API call and a static JS file, one after another every 20 ms), then fires 200 sign-ins of the
// demo admin at once and keeps measuring those requests until the last sign-in has answered.
// Prints the sign-ins' latency and the other requests' latency idle and during the burst. Figures only.
// Usage: pnpm build && node bench/sign-in-burst.mjs   (SIGN_IN_BURST overrides 200)
import { performance } from 'node:perf_hooks';
import { startServer } from './lib.mjs';

const BURST = Number(process.env.SIGN_IN_BURST ?? 200);
const PROBE_GAP_MS = 20;
const CREDENTIALS = { environment: 'lo-n02', library: 'sales2', email: 'admin@accent.local', password: 'accent-admin' };

process.env.LOGIN_RATE_LIMIT = String(BURST * 10);
process.env.LOGIN_ADDRESS_RATE_LIMIT = String(BURST * 10);
const server = await startServer(3294);

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};
const fmt = (values) => `p50 ${percentile(values, 50).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms (${values.length})`;

async function timed(url, init) {
  const started = performance.now();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url} → ${response.status}`);
  return performance.now() - started;
}

const signIn = () =>
  timed(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(CREDENTIALS) });

try {
  // a static file of the built shell (read from disk per request) and a JSON API call
  const html = await (await fetch(`${server.url}/login`)).text();
  const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
  const probes = [`${server.url}/api/v1/remotes`, ...(script ? [new URL(script, server.url).href] : [])];
  const probe = async (into) => {
    for (const url of probes) into.push(await timed(url));
  };
  await signIn(); // warm-up (and the dummy hash)

  const idle = [];
  for (let i = 0; i < 40; i++) {
    await probe(idle);
    await new Promise((r) => setTimeout(r, PROBE_GAP_MS));
  }

  const during = [];
  let done = false;
  const burstStarted = performance.now();
  const burst = Promise.all(Array.from({ length: BURST }, signIn)).finally(() => (done = true));
  while (!done) {
    await probe(during);
    await new Promise((r) => setTimeout(r, PROBE_GAP_MS));
  }
  const signIns = await burst;
  const burstMs = performance.now() - burstStarted;

  console.log(`${BURST} sign-ins at once (scrypt as the server stores it), other requests meanwhile: GET ${probes.map((u) => new URL(u).pathname).join(' and GET ')}`);
  console.log(`  burst: all ${BURST} answered in ${(burstMs / 1000).toFixed(1)} s; each sign-in ${fmt(signIns)}`);
  console.log(`  other requests idle:         ${fmt(idle)}`);
  console.log(`  other requests during burst: ${fmt(during)}`);
  console.log(`RESULT sign-in-burst others_p99_ms=${percentile(during, 99).toFixed(1)} idle_p99_ms=${percentile(idle, 99).toFixed(1)} burst_s=${(burstMs / 1000).toFixed(1)}`);
} finally {
  server.stop();
}
