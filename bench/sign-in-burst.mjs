// 200 people signing in at once: does anyone else wait behind them? Starts the built server (fresh
// embedded database, the demo accounts, sign-in rate limits lifted), measures other requests while idle
// (a JSON API call and a static JS file, one after another every 20 ms), then fires 200 sign-ins of the
// demo admin at once and keeps measuring those requests until the last sign-in has answered.
// Each sign-in comes from its own address (X-Forwarded-For, the server trusting one proxy) and gives up
// after 60 s, like a browser. 5 s after the burst starts one more person signs in.
// Prints the sign-ins' latency and outcomes (200, 503 with Retry-After, other, given up), how many were
// answered within 10 s, the lone sign-in's time, and the other requests' latency idle and during the
// burst. Goal: all answered within 10 s (success or 503 + Retry-After), the lone sign-in <= 1 s, the
// other requests' p99 unchanged. Figures only.
// Usage: pnpm build && node bench/sign-in-burst.mjs   (SIGN_IN_BURST overrides 200)
import { performance } from 'node:perf_hooks';
import { SIGN_IN_ANSWER_GOAL_MS, SIGN_IN_GIVE_UP_MS, signIn, signInBurst, startServer } from './lib.mjs';

const BURST = Number(process.env.SIGN_IN_BURST ?? 200);
const PROBE_GAP_MS = 20;
const CREDENTIALS = { environment: 'lo-n02', library: 'sales2', email: 'admin@accent.local', password: 'accent-admin' };

process.env.LOGIN_RATE_LIMIT = String(BURST * 10);
process.env.LOGIN_ADDRESS_RATE_LIMIT = String(BURST * 10);
const server = await startServer(3294, { TRUST_PROXY: '1' });

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};
const fmt = (values) =>
  `p50 ${percentile(values, 50).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms (${values.length})`;

async function timed(url, init) {
  const started = performance.now();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url} → ${response.status}`);
  return performance.now() - started;
}

try {
  // a static file of the built shell (read from disk per request) and a JSON API call
  const html = await (await fetch(`${server.url}/login`)).text();
  const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
  const probes = [`${server.url}/api/v1/remotes`, ...(script ? [new URL(script, server.url).href] : [])];
  const probe = async (into) => {
    for (const url of probes) into.push(await timed(url));
  };
  const warm = await signIn(server.url, CREDENTIALS); // warm-up (and the dummy hash)
  if (warm.status !== 200) throw new Error(`the warm-up sign-in answered ${warm.status}: ${warm.body}`);

  const idle = [];
  for (let i = 0; i < 40; i++) {
    await probe(idle);
    await new Promise((r) => setTimeout(r, PROBE_GAP_MS));
  }

  const during = [];
  const { signIns, ok, busy, gaveUp, other, inTime, busyExample, later, seconds } = await signInBurst(
    server.url,
    CREDENTIALS,
    BURST,
    async (done) => {
      while (!done()) {
        await probe(during);
        await new Promise((r) => setTimeout(r, PROBE_GAP_MS));
      }
    },
  );
  console.log(
    `${BURST} sign-ins at once from ${BURST} addresses, other requests meanwhile: GET ${probes.map((u) => new URL(u).pathname).join(' and GET ')}`,
  );
  console.log(
    `  burst: ${ok} signed in, ${busy} refused 503 with Retry-After, ${other} other answers, ${gaveUp} gave up after ${SIGN_IN_GIVE_UP_MS / 1000} s; all settled in ${seconds.toFixed(1)} s`,
  );
  console.log(`  answered within ${SIGN_IN_ANSWER_GOAL_MS / 1000} s (200, or 503 + Retry-After): ${inTime} of ${BURST} (goal: all)`);
  console.log(
    `  each sign-in ${fmt(signIns.map((s) => s.ms))}; signed in only: ${ok ? fmt(signIns.filter((s) => s.status === 200).map((s) => s.ms)) : '-'}`,
  );
  if (busyExample) console.log(`  a 503 says: Retry-After ${busyExample.retryAfter}, ${busyExample.body}`);
  console.log(`  a sign-in 5 s after the burst started: ${later.status || 'gave up'} in ${later.ms.toFixed(0)} ms (goal <= 1000 ms)`);
  console.log(`  other requests idle:         ${fmt(idle)}`);
  console.log(`  other requests during burst: ${fmt(during)}`);
  console.log(
    `RESULT sign-in-burst answered_10s=${inTime}/${BURST} ok=${ok} busy_503=${busy} gave_up=${gaveUp} later_ms=${later.ms.toFixed(0)} later_status=${later.status} others_p99_ms=${percentile(during, 99).toFixed(1)} idle_p99_ms=${percentile(idle, 99).toFixed(1)} burst_s=${seconds.toFixed(1)}`,
  );
} finally {
  server.stop();
}
