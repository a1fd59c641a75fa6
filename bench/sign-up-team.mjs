// Two figures for invitations, self sign-up and My Team, on the real app and the embedded PGlite with a
// local SMTP sink. (1) Does the time of a sign-up answer tell whether an address has an account? Requests
// for a known and an unknown address of an allowed domain alternate (each from its own client address, so
// the rate limits stay out of the way); p50/p90 of both and the difference of the medians. Both send one
// email before answering (a link, or "you already have an account"). (2) GET /api/v1/team for a library
// of MEMBERS members who each signed in a few times (last active is the newest refresh token): p50/p90.
// Figures only, no assertions.
//
// Usage: pnpm --filter @accent/server build && node bench/sign-up-team.mjs
//   SIGN_UP_BENCH_ROUNDS (default 200), TEAM_BENCH_MEMBERS (default 1000)
import { performance } from 'node:perf_hooks';
import { verifySignUpDomainAsOperator } from '../server/dist/auth/invitations/sign-up-domains.js';
import { inProcessApp, p50p90 as stats } from './lib.mjs';

const ROUNDS = Number(process.env.SIGN_UP_BENCH_ROUNDS ?? 200);
const MEMBERS = Number(process.env.TEAM_BENCH_MEMBERS ?? 1000);
const { app, database, sink, createUser, DEMO_CREDENTIALS, nextAddress } = await inProcessApp('sign-up');

const { environment, library } = DEMO_CREDENTIALS;
const signIn = async (email, password) => {
  const answer = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { environment, library, email, password }, remoteAddress: nextAddress() });
  if (answer.statusCode !== 200) throw new Error(`sign-in of ${email}: ${answer.statusCode} ${answer.body}`);
  return answer.json();
};

const admin = await signIn(DEMO_CREDENTIALS.admin.email, DEMO_CREDENTIALS.admin.password);
const headers = { authorization: `Bearer ${admin.token}` };
// listed and verified, as a studio operator does on the command line (no DNS record for bench.example)
await app.inject({ method: 'PUT', url: '/api/v1/admin/sign-up-domains', headers, payload: { domains: ['bench.example'] } });
await verifySignUpDomainAsOperator(database.db, admin.library_id, 'bench.example');

// one user made the usual way; the others copy its row (one scrypt hash instead of thousands)
await createUser(database, { environment, library, email: 'known-0@bench.example', password: 'bench-password-1', role: 'member' });
const template = await database.db.selectFrom('users').select(['account_id', 'library_id', 'role', 'password_hash']).where('email', '=', 'known-0@bench.example').executeTakeFirstOrThrow();
const known = [];
for (let i = 1; i <= ROUNDS + 20; i++) {
  const email = `known-${i}@bench.example`;
  await database.db.insertInto('users').values({ ...template, email, name: email }).execute();
  known.push(email);
}

// (1) sign-up: known and unknown in alternation
const times = { known: [], unknown: [] };
const statuses = new Set();
for (let i = 0; i < ROUNDS + 20; i++) {
  for (const kind of i % 2 ? ['known', 'unknown'] : ['unknown', 'known']) {
    const email = kind === 'known' ? known[i] : `nobody-${i}-${Math.random().toString(36).slice(2)}@bench.example`;
    const started = performance.now();
    const answer = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { environment, library, email }, remoteAddress: nextAddress() });
    const ms = performance.now() - started;
    statuses.add(`${kind} ${answer.statusCode}`);
    if (i >= 20) times[kind].push(ms); // the first rounds warm up
  }
}
const k = stats(times.known);
const u = stats(times.unknown);
console.log(`sign-up by timing: ${ROUNDS} requests each for a known and an unknown address (ms)`);
console.log(
  `POST /api/auth/sign-up              known p50 ${k.p50.toFixed(2)} p90 ${k.p90.toFixed(2)} | unknown p50 ${u.p50.toFixed(2)} p90 ${u.p90.toFixed(2)} | Δp50 ${(k.p50 - u.p50).toFixed(2)} ms  [${[...statuses].join(', ')}]`,
);

// (2) My Team for a library of MEMBERS members, each with three refresh tokens (three sign-ins)
const members = await database.db.selectFrom('users').select('id').where('library_id', '=', template.library_id).execute();
for (let i = members.length; i < MEMBERS; i++) {
  const email = `member-${i}@bench.example`;
  await database.db.insertInto('users').values({ ...template, email, name: `Member ${String(i).padStart(5, '0')}` }).execute();
}
await database.runScript(`
  INSERT INTO refresh_tokens (family_id, user_id, token_hash, expires_at, created_at)
  SELECT gen_random_uuid(), u.id, md5(random()::text || u.id::text || n::text), now() + interval '1 day', now() - (n || ' hours')::interval
  FROM users u CROSS JOIN generate_series(1, 3) AS n
  WHERE u.library_id = '${template.library_id}'`);
const teamTimes = [];
let size = 0;
for (let i = 0; i < 120; i++) {
  const started = performance.now();
  const answer = await app.inject({ method: 'GET', url: '/api/v1/team', headers });
  const ms = performance.now() - started;
  if (answer.statusCode !== 200) throw new Error(`team: ${answer.statusCode} ${answer.body}`);
  size = answer.json().members.length;
  if (i >= 20) teamTimes.push(ms);
}
const t = stats(teamTimes);
console.log(`GET /api/v1/team, ${size} members              p50 ${t.p50.toFixed(2)} p90 ${t.p90.toFixed(2)} ms (100 requests, inject, PGlite)`);

await app.close(); // waits for the emails still being sent
console.log(`mails sent: ${sink.messages.length} (sign-up: ${2 * (ROUNDS + 20)} requests)`);
await database.close();
await sink.close();
