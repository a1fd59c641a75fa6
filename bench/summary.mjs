// `npm run bench`: every benchmark one after another (their own output as it comes), then one table of
// the figures with their goals and, where there is a floor, the ratio to it: ready to paste into a note.
// Benchmarks print a `RESULT <name> key=value …` line; older ones are read from their summary line.
// Usage: pnpm build && node bench/summary.mjs [name …]   (names: the benchmark files without .mjs; jest-server,
// minutes long, only when named)
import { spawn } from 'node:child_process';
import path from 'node:path';

const BENCHES = ['size-budget', 'login-bundle', 'login-paint', 'area-switch', 'runtime-overhead', 'gateway', 'revocation', 'sign-in-burst', 'load', 'background-workers', 'chaos', 'flow-engine', 'flow-render', 'published-page', 'server-start', 'cold-start'];
const chosen = process.argv.slice(2).length ? process.argv.slice(2) : BENCHES;

function runBench(name) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(import.meta.dirname, `${name}.mjs`)], { cwd: import.meta.dirname, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      process.stdout.write(chunk);
    });
    child.on('exit', (code) => resolve({ out, code }));
  });
}

/** `RESULT name a=1 b=2` lines → { name: { a: '1', b: '2' } } */
function results(out) {
  const found = {};
  for (const line of out.split('\n')) {
    const m = /^RESULT (\S+)(.*)$/.exec(line.trim());
    if (!m) continue;
    found[m[1]] = Object.fromEntries([...m[2].matchAll(/(\w+)=(\S+)/g)].map((x) => [x[1], x[2]]));
  }
  return found;
}

const rows = [];
const row = (figure, value, goal, ratio = '') => rows.push({ figure, value, goal, ratio });
const failed = [];

for (const name of chosen) {
  console.log(`\n\x1b[1m▸ bench/${name}.mjs\x1b[0m`);
  const { out, code } = await runBench(name);
  if (code !== 0) failed.push(name);
  const r = results(out);
  const grab = (re) => re.exec(out)?.slice(1);
  switch (name) {
    case 'size-budget': {
      const s = r['size-budget'];
      if (s) {
        row('login page JS, gzip', `${s.login_kib} KiB`, '≤ 120 KiB');
        row('largest remote entry, gzip', `${s.max_remote_entry_kib} KiB`, "the shell's one runtime");
        row('largest area first visit JS, gzip', `${s.max_first_visit_kib} KiB`, 'bench/budgets.json');
        row('sizes over budget', s.over, '0');
      }
      break;
    }
    case 'login-bundle': {
      const s = r['login-bundle'];
      if (s) row('login page JS on the wire', `${s.wire_kib} KiB (${s.files} files)`, '≤ 120 KiB');
      break;
    }
    case 'login-paint': {
      const s = r['login-paint'];
      if (s) row('/login first paint / Sign In usable (cold, loopback)', `p50 ${s.fcp_p50_ms} / ${s.usable_p50_ms} ms`, '≤ 300 / ≤ 400 ms');
      break;
    }
    case 'area-switch': {
      const s = r['area-switch'];
      if (s) {
        row('first visit of Agents after sign-in (click → cards)', `median ${s.median_ms} ms (${s.min_ms}–${s.max_ms}), ${s.kib} KiB JS fetched`, '≤ 150 ms');
        row('… the same not warmed (Data Saver)', `median ${s.unwarmed_median_ms} ms (${s.unwarmed_min_ms}–${s.unwarmed_max_ms}), ${s.unwarmed_kib} KiB JS fetched`, '—');
      }
      const all = r['area-switch-all'];
      for (const area of ['missions', 'flows', 'pages', 'background']) {
        if (all?.[`${area}_ms`]) row(`first visit of ${area} after sign-in (click → shown)`, `median ${all[`${area}_ms`]} ms (not warmed ${all[`${area}_unwarmed_ms`]} ms)`, '≤ 150 ms');
      }
      break;
    }
    case 'runtime-overhead':
      for (const [key, label] of [['pglite', 'PGlite'], ['postgres', 'PostgreSQL']]) {
        const s = r[`runtime-overhead-${key}`];
        if (s) row(`runtime overhead per invoke, ${label}`, `p50 ${s.p50_ms} ms, p99 ${s.p99_ms} ms${s.cpu_ms ? ` (server CPU ${s.cpu_ms} ms per invoke)` : ''}`, 'p50 ≤ 2 ms, p99 ≤ 10 ms');
      }
      break;
    case 'gateway':
      for (const [key, label] of [['pglite', 'PGlite'], ['postgres', 'PostgreSQL']]) {
        const s = r[`gateway-${key}`];
        if (s) row(`gateway, ${label} (10k missions, 50 clients)`, `${s.rps} req/s, p99 ${s.p99_ms} ms`, '≥ 0.5× floor, p99 ≤ 2×', `${s.throughput_ratio}×, p99 ${s.p99_ratio}× (floor ${s.floor_rps} req/s, p99 ${s.floor_p99_ms} ms)`);
      }
      break;
    case 'revocation':
      for (const [key, label] of [['pglite', 'PGlite'], ['postgres', 'PostgreSQL']]) {
        const s = r[`revocation-${key}`];
        if (s) row(`revocation check per request, ${label}`, `p50 ${s.check_p50_us} µs, p99 ${s.check_p99_us} µs (authenticated GET: ${s.rps} req/s, p99 ${s.p99_ms} ms)`, 'one indexed lookup, ≤ 1 ms p50');
      }
      break;
    case 'sign-in-burst': {
      const s = r['sign-in-burst'];
      if (s) row('others during 200 sign-ins at once', `p99 ${s.others_p99_ms} ms (idle ${s.idle_p99_ms} ms; burst ${s.burst_s} s)`, 'no wait behind sign-ins', `${(Number(s.others_p99_ms) / Number(s.idle_p99_ms)).toFixed(2)}× idle`);
      break;
    }
    case 'load':
      for (const [key, label] of [['pglite', 'PGlite'], ['postgres', 'PostgreSQL']]) {
        const s = r[`load-${key}`];
        if (s) row(`load, ${label} (${s.users} users, ${s.seconds} s)`, `${s.rps} req/s, p50 ${s.p50_ms} ms, p99 ${s.p99_ms} ms, errors ${s.errors} (load avg ${s.load1})`, '0 errors', key === 'pglite' ? 'was 177 req/s, p50 670 ms, p99 8.6 s' : '');
      }
      break;
    case 'chaos': {
      const s = r.chaos;
      if (s) {
        row('chaos: serving again after connections killed / database back / worker SIGKILL', `${s.kill_s} / ${s.restart_s} / ${s.worker_kill_s} s`, '≤ 5 / ≤ 10 s / —');
        row('chaos: runs left running after the lease sweep', s.runs_left, '0');
        row('chaos: process exits, requests failed (other than 503 in the outage)', `${s.exits}, ${s.failed} (${s.unexpected})`, '0, — (0)');
        row('chaos: 200 sign-ins at once answered within 10 s', `${s.burst_10s} (${s.burst_ok} signed in, ${s.burst_503} 503); one more ${s.later_ms} ms`, 'all; ≤ 1000 ms');
      }
      break;
    }
    case 'background-workers':
      for (const m of out.matchAll(/^(\d) worker process(?:es)?: .* → (\d+) agents started per minute/gm)) row(`background agents started, ${m[1]} worker${m[1] === '1' ? '' : 's'}`, `${m[2]} / min`, '—');
      break;
    case 'flow-engine':
      for (const m of out.matchAll(/^(\S.*?)\s+(\d+) runs\/s/gm)) row(`flow engine: ${m[1].trim()}`, `${m[2]} runs/s`, '—');
      break;
    case 'flow-render': {
      const m = grab(/open \/flows\/<id> → nodes on canvas: ([^(]+)\(/);
      if (m) row('500-node flow open → canvas', m[0].trim(), '—');
      break;
    }
    case 'published-page': {
      const m = grab(/published page JS: (\d+) files, [\d.]+ KiB raw, ([\d.]+) KiB gzip/);
      if (m) row('published page JS, gzip', `${m[1]} KiB (${m[0]} files)`, '—');
      break;
    }
    case 'server-start': {
      const s = r['server-start'];
      if (s) row('server start: import app / start on existing data → first answer', `median ${s.import_ms} ms (${s.import_cpu_ms} ms CPU) / ${s.start_ms} ms (load avg ${s.load1})`, '—');
      break;
    }
    case 'jest-server': {
      const s = r['jest-server'];
      if (s) row('jest, ten server test files, one worker', `median ${s.median_s} s (${s.min_s}–${s.max_s}), CPU ${s.cpu_s} s (load avg ${s.load1})`, '—');
      break;
    }
    case 'cold-start': {
      const m = grab(/served \/login in ([\d.]+) s/);
      if (m) row('cold npm start → /login', `${m[0]} s`, '—');
      break;
    }
  }
  if (code !== 0) row(`bench/${name}.mjs`, `failed (exit ${code})`, '');
}

const widths = ['figure', 'value', 'goal', 'ratio'].map((k) => Math.max(k.length, ...rows.map((r) => String(r[k]).length)));
const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
console.log(`\nSummary (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${process.platform} ${process.arch}, Node ${process.version}):\n`);
console.log(line(['figure', 'value', 'goal', 'ratio']));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const r of rows) console.log(line([r.figure, r.value, r.goal, r.ratio]));
if (failed.length) process.exitCode = 1;
