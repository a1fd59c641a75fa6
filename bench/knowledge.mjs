// How fast does the knowledge base ingest and search? 1,000 Markdown documents of ~2 pages each (~6,000
// characters in sections, each with one fact of its own) ingested by the ingestion job's own function
// (parse → chunk → embed over HTTP against the local model server's deterministic /v1/embeddings →
// store), two at a time as the job worker runs them; then hybrid search (exact in-process cosine + full
// text, fused) over the whole collection: cold (first query reads the vectors) and p50/p99 of warm
// queries. On PGlite (in memory) and on a throwaway PostgreSQL. Prints figures, asserts nothing.
// Usage: pnpm --filter @accent/server build && node bench/knowledge.mjs [documents] [queries]
import { openDatabase } from '../server/dist/db/database.js';
import { migrate } from '../server/dist/db/migrate.js';
import { seedDemoData } from '../server/dist/db/seed.js';
import { embedderFor } from '../server/dist/knowledge/embed.js';
import { ingestFile } from '../server/dist/knowledge/ingest.js';
import { exactIndex, searchKnowledge } from '../server/dist/knowledge/search.js';
import { startModelServer } from '../server/dist/testing/model-server.js';
import { sql } from '../server/node_modules/kysely/dist/index.js';
import { withThrowawayPostgres } from './postgres.mjs';

const DOCUMENTS = Number(process.argv[2] ?? 1000);
const QUERIES = Number(process.argv[3] ?? 200);
const CONCURRENCY = 2;

const WORDS =
  'account agent analysis annual approval archive audit backup billing budget calendar campaign customer contract dashboard data deadline delivery deployment discount document email employee escalation forecast invoice license meeting migration onboarding order partner payment pipeline policy pricing product project proposal quota refund region release renewal report request revenue review risk schedule security server service shipment sla subscription support team template ticket training travel upgrade vendor warranty workflow'.split(
    ' ',
  );
const CITIES = ['Lisbon', 'Oslo', 'Nairobi', 'Lima', 'Osaka', 'Quebec', 'Tallinn', 'Perth', 'Accra', 'Bogota'];

/** deterministic pseudo-random numbers, so every run ingests the same corpus */
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function documentText(i) {
  const rand = rng(i + 1);
  const sentence = () => {
    const n = 8 + Math.floor(rand() * 10);
    const words = Array.from({ length: n }, () => WORDS[Math.floor(rand() * WORDS.length)]);
    return `${words.join(' ')}.`;
  };
  const sections = [];
  for (let s = 0; s < 5; s++) {
    const paragraphs = Array.from({ length: 3 }, () => Array.from({ length: 4 }, sentence).join(' '));
    if (s === 2) paragraphs.push(`Project ${i} is run from the ${CITIES[i % CITIES.length]} office by manager number ${i * 7}.`);
    sections.push(`## Section ${s + 1}\n\n${paragraphs.join('\n\n')}`);
  }
  return `# Document ${i}\n\n${sections.join('\n\n')}`;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function measure(label, database, modelUrl) {
  const db = database.db;
  const library = (await sql`SELECT id FROM libraries ORDER BY created_at LIMIT 1`.execute(db)).rows[0].id;
  const collection = (
    await sql`INSERT INTO knowledge_collections (library_id, name, embedding_provider, embedding_model)
              VALUES (${library}, 'Bench', 'local', 'bench-embedding') RETURNING id`.execute(db)
  ).rows[0].id;
  const deps = {
    db,
    embedderFor: (libraryId, provider, model) => embedderFor({ credentials: { get: async () => undefined }, config: { providerEnv: { local: { baseUrl: modelUrl } } } }, libraryId, provider, model),
  };

  // the files as the upload route stores them
  const texts = Array.from({ length: DOCUMENTS }, (_, i) => documentText(i));
  const averageChars = Math.round(texts.reduce((n, t) => n + t.length, 0) / texts.length);
  const ids = [];
  for (let i = 0; i < DOCUMENTS; i++) {
    const data = Buffer.from(texts[i]);
    const row = await sql`INSERT INTO knowledge_files (collection_id, library_id, name, mime, size, sha256, data)
                          VALUES (${collection}, ${library}, ${`doc-${i}.md`}, 'text/markdown', ${data.length}, '-', ${data}) RETURNING id`.execute(db);
    ids.push(row.rows[0].id);
  }

  const started = performance.now();
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < ids.length) {
        const fileId = ids[next++];
        if ((await ingestFile(deps, { fileId, revision: 1 })) !== 'ready') failed++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const chunks = Number((await sql`SELECT count(*) AS n FROM knowledge_chunks WHERE collection_id = ${collection}`.execute(db)).rows[0].n);

  const index = exactIndex(db);
  const search = (query) => searchKnowledge({ db, index, embedderFor: deps.embedderFor }, { libraryId: library, query, collectionIds: [collection], limit: 5 });
  const coldStart = performance.now();
  await search('Which office runs project 1?');
  const cold = performance.now() - coldStart;
  const times = [];
  let found = 0;
  for (let q = 0; q < QUERIES; q++) {
    const i = (q * 37) % DOCUMENTS;
    const t = performance.now();
    const { hits } = await search(`Which office runs "project ${i}"?`);
    times.push(performance.now() - t);
    if (hits.some((h) => h.file === `doc-${i}.md`)) found++;
  }
  times.sort((a, b) => a - b);
  console.log(`\n${label}`);
  console.log(`  ingested ${DOCUMENTS} documents (~${averageChars} characters each, ${chunks} chunks${failed ? `, ${failed} failed` : ''}) in ${seconds.toFixed(1)} s: ${(DOCUMENTS / seconds).toFixed(1)} documents/s`);
  console.log(`  hybrid search over ${chunks} chunks: cold ${cold.toFixed(1)} ms; warm p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms (${QUERIES} queries; the document asked about in the top 5 for ${found})`);
}

const model = await startModelServer();
try {
  const pglite = await openDatabase({ kind: 'pglite' });
  try {
    await migrate(pglite);
    await seedDemoData(pglite, { isProduction: false });
    await measure('PGlite (in memory)', pglite, model.url);
  } finally {
    await pglite.close();
  }

  await withThrowawayPostgres(async (url) => {
    const database = await openDatabase({ kind: 'postgres', url });
    try {
      await migrate(database);
      const has = (await sql`SELECT count(*)::int AS n FROM libraries`.execute(database.db)).rows[0].n;
      if (!has) {
        await sql`WITH a AS (INSERT INTO accounts (name) VALUES ('Bench') RETURNING id),
                       e AS (INSERT INTO environments (account_id, name) SELECT id, 'bench' FROM a RETURNING id)
                  INSERT INTO libraries (environment_id, name) SELECT id, 'bench' FROM e`.execute(database.db);
      }
      await measure(`PostgreSQL (${url.replace(/\/\/[^@]*@/, '//')})`, database, model.url);
    } finally {
      await database.close();
    }
  });
} finally {
  await model.close();
}
