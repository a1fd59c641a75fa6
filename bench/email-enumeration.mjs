// Does the time of an answer tell whether an email has an account? The emailed sign-in endpoints answer
// an unknown email with the same words as a known one; this measures their times too. For each endpoint
// it sends requests for a known and an unknown email in alternation (each from its own client address,
// so the rate limits stay out of the way) to the real app on the embedded PGlite with a local SMTP sink,
// and prints p50/p90 in ms for both and the difference of the medians. Cases: a first request (the known
// one stores a challenge and sends a mail after answering), a repeat within the 60-second cool-down, and
// a wrong sign-in code. Figures only, no assertions.
//
// Usage: pnpm --filter @accent/server build && node bench/email-enumeration.mjs
//   EMAIL_BENCH_ROUNDS (default 300)
import { performance } from 'node:perf_hooks';
import { inProcessApp, p50p90 as stats } from './lib.mjs';

const ROUNDS = Number(process.env.EMAIL_BENCH_ROUNDS ?? 300);
const { app, database, sink, createUser, DEMO_CREDENTIALS, nextAddress } = await inProcessApp('email');

const { environment, library } = DEMO_CREDENTIALS;
const post = (url, payload) => app.inject({ method: 'POST', url, payload, remoteAddress: nextAddress() });

/** Known and unknown in alternation; `known()` makes a fresh known email when a case needs one per round. */
async function measure(label, request, knownEmail, unknownEmail) {
  const times = { known: [], unknown: [] };
  const statuses = new Set();
  for (let i = 0; i < ROUNDS + 20; i++) {
    for (const kind of i % 2 ? ['known', 'unknown'] : ['unknown', 'known']) {
      const email = kind === 'known' ? await knownEmail(i) : unknownEmail(i);
      const started = performance.now();
      const answer = await request(email);
      const ms = performance.now() - started;
      statuses.add(`${kind} ${answer.statusCode}`);
      if (i >= 20) times[kind].push(ms); // the first rounds warm up
    }
  }
  const known = stats(times.known);
  const unknown = stats(times.unknown);
  console.log(
    `${label.padEnd(34)} known p50 ${known.p50.toFixed(2)} p90 ${known.p90.toFixed(2)} | unknown p50 ${unknown.p50.toFixed(2)} p90 ${unknown.p90.toFixed(2)} | Δp50 ${(known.p50 - unknown.p50).toFixed(2)} ms  [${[...statuses].join(', ')}]`,
  );
}

// one user made the usual way; the others copy its row (one scrypt hash instead of hundreds)
await createUser(database, { environment, library, email: 'bench-0@example.com', password: 'bench-password-1', role: 'member' });
const template = await database.db.selectFrom('users').select(['account_id', 'library_id', 'role', 'password_hash']).where('email', '=', 'bench-0@example.com').executeTakeFirstOrThrow();
let people = 0;
const freshUser = async () => {
  const email = `bench-${++people}@example.com`;
  await database.db.insertInto('users').values({ ...template, email, name: email }).execute();
  return email;
};
// users made ahead, so creating them (a scrypt hash each) is not timed
const fresh = { forgot: [], code: [] };
for (let i = 0; i < ROUNDS + 20; i++) {
  fresh.forgot.push(await freshUser());
  fresh.code.push(await freshUser());
}
const repeated = await freshUser();
const unknown = (i) => `nobody-${i}-${Math.random().toString(36).slice(2)}@example.com`;

console.log(`email enumeration by timing: ${ROUNDS} requests each for a known and an unknown email (ms)`);
const forgot = (email) => post('/api/auth/password/forgot', { environment, library, email });
const send = (email) => post('/api/auth/code/send', { environment, library, email });
await measure('password/forgot, first request', forgot, (i) => fresh.forgot[i], unknown);
await measure('code/send, first request', send, (i) => fresh.code[i], unknown);
await send(repeated);
await measure('code/send, within the cool-down', send, () => repeated, unknown);
await measure('code/verify, wrong code', (email) => post('/api/auth/code/verify', { environment, library, email, code: '000000' }), () => repeated, unknown);
console.log(`mails sent: ${sink.messages.length}`);

await app.close();
await database.close();
await sink.close();
