// The Fastify application, without listening: main.ts listens, tests call app.inject().
import { readFileSync } from 'node:fs';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { REMOTE_IDS } from '@accent/shared';
import Fastify from 'fastify';
import { sql } from 'kysely';
import type { DestinationStream } from 'pino';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createAccessTokens } from './auth/access-token.js';
import { agentRoutes } from './agents/routes.js';
import { flowHostRoutes } from './flows/allowed-hosts.js';
import { createKnowledge, knowledgeRoutes, type KnowledgeOptions } from './knowledge/index.js';
import { invitationAdminRoutes, invitationPublicRoutes } from './auth/invitations/routes.js';
import { txtResolver, type TxtResolver } from './auth/invitations/sign-up-domains.js';
import { createMailer } from './delivery/channels.js';
import { teamRoutes } from './team/routes.js';
import { AUTH_PATH, authRoutes } from './auth/routes.js';
import { sessionRoutes } from './auth/sessions/routes.js';
import { twoFactorAdminRoutes } from './auth/two-factor/admin-routes.js';
import { twoFactorRoutes } from './auth/two-factor/routes.js';
import { emailSignInRoutes } from './auth/email/routes.js';
import { adminPasswordRoutes } from './auth/email/admin-password.js';
import { SSO_PATH, ssoAdminRoutes, ssoAuthRoutes } from './auth/sso/routes.js';
import { WALLET_PATH, walletAdminRoutes, walletAuthRoutes } from './auth/wallet/routes.js';
import { clientConfigRoutes } from './client-config/routes.js';
import { GATEWAY_PATH, gatewayRoutes } from './gateway/routes.js';
import { createAuthenticate } from './auth/guard.js';
import { adminRoutes } from './admin/routes.js';
import { apiKeyRoutes } from './auth/api-keys/routes.js';
import { auditRoutes } from './audit/routes.js';
import { analyticsRoutes } from './analytics/routes.js';
import { masterKeyFor, type Config } from './config.js';
import { createCredentialStore } from './credentials/store.js';
import type { Database } from './db/database.js';
import { BODY_LIMIT_BYTES, errorHandler, HTTP_MESSAGES, notFoundError } from './http/errors.js';
import { BOUND_TO_REQUEST, loggerOptions } from './http/log.js';
import { observePool, observeQueues } from './observability/metrics.js';
import { REQUEST_ID_HEADER, requestIdOf, runWithContext } from './observability/request-context.js';
import { observabilityRoutes, registerRequestMetrics } from './observability/routes.js';
import { readMigrations } from './db/migrate.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { discoverLocalRemotes, studioContractVersion } from './remotes/local.js';
import { describeRemote, listRemotes } from './remotes/registry.js';
import { remoteRoutes } from './remotes/routes.js';
import { createFlows, flowRoutes, type FlowsOptions } from './flows/index.js';
import { backgroundRoutes, createBackground, type BackgroundOptions } from './background/index.js';
import { createMissions, missionRoutes, type MissionsOptions } from './missions/index.js';
import { publicPageRoutes } from './pages/public.js';
import { pageRoutes } from './pages/routes.js';
import { createRuntime } from './runtime/run-agent.js';
import { runtimeRoutes } from './runtime/routes.js';
import { mcpRoutes } from './mcp/routes.js';
import { mcpServerRoutes } from './mcp/servers.js';
import { createMcpWatcher } from './mcp/watcher.js';
import { testSetRoutes } from './test-sets/routes.js';
import { createScheduler, schedulerLogFrom, type SchedulerOptions } from './scheduler/index.js';
import { createRunLeases, type RunLeases, type RunLeaseTiming } from './run-leases/leases.js';
import { isAppRoute, registerStaticSites } from './static/sites.js';
import { STORAGE_PATH, storageRoutes } from './storage/routes.js';
import { createStorage, type Storage, type UploadHook } from './storage/service.js';
import { storageLocationOf } from './storage/location.js';
import { createServerRegistry, serveOnlyProbes, serverRoutes } from './servers/routes.js';

const SERVER_VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export const API_DOCS_PATH = '/api/docs';


export interface AppDeps {
  config: Config;
  db: Database;
  /** Auth tuning; tests shorten the failure delay. */
  auth?: {
    loginFailureDelayMs?: number;
    loginRateLimit?: { max: number; windowMs: number };
    loginAddressRateLimit?: { max: number; windowMs: number };
    /** how long a sign-in may wait for its password check before the 503 (default 2 s) */
    signInMaxWaitMs?: number;
  };
  /** Background jobs (pg-boss): given → `app.scheduler` can be started (main.ts does after migrating); absent → disabled (tests). */
  jobs?: SchedulerOptions;
  /** Mission scheduler tuning (tests shorten retries and timeouts). */
  missions?: MissionsOptions;
  /** Flow runs tuning (tests shorten time limits). */
  flows?: FlowsOptions;
  /** Background agent runs tuning (tests shorten retry delays). */
  background?: BackgroundOptions;
  /** Knowledge ingestion tuning (tests and benchmarks change chunk sizes and concurrency). */
  knowledge?: KnowledgeOptions;
  /** Where the log goes (default stdout); tests read it. */
  logStream?: DestinationStream;
  /** Called before an uploaded object is committed (a virus scanner); throwing refuses the upload. */
  uploadHooks?: UploadHook[];
  /** Where sign-up domains' TXT records are looked up (default: DNS_SERVERS, else the system's DNS). */
  resolver?: TxtResolver;
  /** Run leases tuning (tests shorten the lease and the sweep). */
  runLeases?: RunLeaseTiming;
}

export async function buildApp({ config, db, auth = {}, jobs, missions: missionsOptions, flows: flowsOptions, background: backgroundOptions, knowledge: knowledgeOptions, logStream, uploadHooks, resolver, runLeases: runLeaseTiming }: AppDeps) {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logStream),
    bodyLimit: BODY_LIMIT_BYTES,
    // a hop count: believe that many proxies in front of us
    trustProxy: typeof config.trustProxy === 'number' ? ((_address: string, hop: number) => hop < (config.trustProxy as number)) : config.trustProxy,
    // a sane X-Request-Id from the caller or a new UUID: ids stay unique across processes and restarts
    genReqId: requestIdOf,
    childLoggerFactory(logger, bindings, options) {
      const child = logger.child(bindings, options);
      Object.defineProperty(child, BOUND_TO_REQUEST, { value: true });
      return child;
    },
  });
  // the id goes back to the caller, and with the request's context into the log lines and jobs it causes
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    runWithContext({ reqId: request.id }, done);
  });
  registerRequestMetrics(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.decorateRequest('user', null as never);
  app.decorateRequest('rawBody', null);
  // a worker runs jobs; people are served by the web servers
  if (config.role === 'worker') serveOnlyProbes(app);

  // An empty JSON body means "no body" (many clients send Content-Type: application/json on body-less
  // POSTs such as logout); routes that need a body then say so. Anything else goes to fastify's own
  // parser, which also guards against prototype poisoning. The text is kept as `request.rawBody`:
  // signatures (signed webhooks) cover the exact bytes sent, not a re-serialisation.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString(); // always a string with parseAs: 'string'
    request.rawBody = text;
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });

  // HTML and JSON compressed on the fly when large enough to pay for it; built assets come precompressed
  // (static/sites.ts) and SSE streams are written raw (hijacked), so neither passes through here. Request
  // bodies are not inflated: the body limit keeps meaning bytes received.
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Accent Studio API', version: SERVER_VERSION },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: API_DOCS_PATH });

  db.onConnectionError((error) => app.log.warn({ err: error }, 'Database connection lost; the pool opens a new one when needed'));
  const tokens = createAccessTokens(config.jwtSecret);
  const authenticate = createAuthenticate(tokens, db.db);
  const localRemotes = discoverLocalRemotes(config.staticRoot);
  registerSecurityHeaders(app, {
    https: config.cookieSecure,
    supabaseUrl: config.supabase?.url,
    devRemoteOrigins: config.devRemoteOrigins,
    // what is served now, and every registered version: an open tab moves to a newer version (or a user
    // into a canary) without loading the page, so without a new policy either
    remoteEntries: async () => {
      const sources = { local: localRemotes, overrides: config.remoteOverrides };
      const [served, described] = await Promise.all([listRemotes(db.db, sources), Promise.all(REMOTE_IDS.map((id) => describeRemote(db.db, id, sources)))]);
      return [...served.map((remote) => remote.entry), ...described.flatMap((remote) => remote.versions.filter((v) => v.status !== 'withdrawn').map((v) => v.entry))];
    },
  });

  await app.register(authRoutes, {
    prefix: AUTH_PATH,
    db: db.db,
    tokens,
    authenticate,
    cookieSecure: config.cookieSecure,
    loginFailureDelayMs: auth.loginFailureDelayMs ?? 400,
    loginRateLimit: auth.loginRateLimit ?? { max: config.loginRateLimit, windowMs: 60_000 },
    loginAddressRateLimit: auth.loginAddressRateLimit ?? { max: config.loginAddressRateLimit, windowMs: 60_000 },
    refreshKey: config.jwtSecret,
    signInMaxWaitMs: auth.signInMaxWaitMs,
  });
  // two-factor authentication (a user's own setup, the sign-in's second step, the library's requirement) and the session list
  await app.register(twoFactorRoutes, { prefix: AUTH_PATH, db: db.db, tokens, authenticate, cookieSecure: config.cookieSecure, masterKey: masterKeyFor(config) });
  await app.register(sessionRoutes, { prefix: AUTH_PATH, db: db.db, authenticate });
  await app.register(twoFactorAdminRoutes, { prefix: '/api/v1/admin', db: db.db, authenticate });
  await app.register(emailSignInRoutes, { prefix: AUTH_PATH, db: db.db, tokens, authenticate, cookieSecure: config.cookieSecure, smtpUrl: config.smtpUrl, smtpFrom: config.smtpFrom, publicUrl: config.publicUrl, codeKey: config.jwtSecret });
  await app.register(adminPasswordRoutes, { prefix: '/api/v1/admin', db: db.db, authenticate });
  const credentials = createCredentialStore(db.db, masterKeyFor(config));
  // Library storage; documents kept in the database before it existed move into it first
  const storage = createStorage({ db: db.db, pglite: db.pglite, config, hooks: uploadHooks });
  await storage.prepare();
  // once the app is ready: main.ts builds the app before it migrates and seeds a new database, where the
  // legacy table does not exist yet (adopting here stopped `npm start` on a fresh data directory)
  app.addHook('onReady', async () => {
    await storage.adoptLegacyDocuments();
  });
  app.decorate('storage', storage);
  // One pg-boss per process on the same database; stopped (gracefully) when the app closes.
  const scheduler = createScheduler(db, { enabled: Boolean(jobs), log: schedulerLogFrom(app.log), runsJobs: config.role !== 'web', ...jobs });
  app.decorate('scheduler', scheduler);
  app.addHook('onClose', () => scheduler.stop());
  credentials.listenWith(scheduler, schedulerLogFrom(app.log));
  app.addHook('onClose', () => credentials.close());
  const knowledge = createKnowledge({ db: db.db, scheduler, credentials, config, storage, log: schedulerLogFrom(app.log), options: knowledgeOptions });
  app.decorate('knowledge', knowledge);
  app.addHook('onClose', () => knowledge.drain());
  // every run holds a lease while this process carries it; main.ts starts the renewals and the sweep
  const leases = createRunLeases({ db: db.db, log: schedulerLogFrom(app.log), timing: runLeaseTiming });
  app.decorate('runLeases', leases);
  app.addHook('onClose', () => leases.stop());
  const runtime = createRuntime({ db: db.db, config, credentials, storage, knowledge, scheduler, log: schedulerLogFrom(app.log), mcp: { masterKey: masterKeyFor(config), environmentHosts: config.flowAllowHosts }, leases });
  app.addHook('onClose', () => runtime.close());
  const missions = createMissions({ db: db.db, scheduler, runtime, config, log: schedulerLogFrom(app.log), options: missionsOptions, leases });
  app.decorate('missions', missions);
  const flows = createFlows({ db: db.db, scheduler, config, credentials, log: schedulerLogFrom(app.log), options: flowsOptions, leases, mcp: { masterKey: masterKeyFor(config) } });
  app.decorate('flows', flows);
  app.addHook('onClose', () => flows.runner.drain());
  // the worker keeps the MCP servers' tool lists current (notifications/tools/list_changed, re-lists)
  const mcpWatcher = createMcpWatcher({ db: db.db, masterKey: masterKeyFor(config), environmentHosts: config.flowAllowHosts, log: schedulerLogFrom(app.log) });
  scheduler.onStart(async () => {
    if (scheduler.runsJobs) mcpWatcher.start();
  });
  scheduler.onStop(() => mcpWatcher.stop());
  const background = createBackground({ db: db.db, scheduler, runtime, credentials, config, log: schedulerLogFrom(app.log), options: backgroundOptions, leases });
  app.decorate('background', background);
  // this process among the servers sharing the database (started by main.ts once the schema is there)
  const servers = createServerRegistry(db.db, () => ({ role: config.role, version: SERVER_VERSION, storage: storageLocationOf(config) }), { log: app.log });
  app.decorate('servers', servers);
  app.addHook('onClose', () => servers.stop());
  await app.register(serverRoutes, { prefix: '/api/v1/admin', db: db.db, authenticate, registry: servers });
  await app.register(agentRoutes, { prefix: '/api/v1', db: db.db, authenticate, credentials, providerEnv: config.providerEnv });
  await app.register(runtimeRoutes, { prefix: '/api/v1', db: db.db, authenticate, runtime });
  // the studio's agents as MCP tools, for MCP clients with an API key
  await app.register(mcpRoutes, { db: db.db, authenticate, runtime, version: SERVER_VERSION });
  // tools from MCP servers (Admin → MCP servers, and the tools the agent editor offers)
  await app.register(mcpServerRoutes, { prefix: '/api/v1', db: db.db, authenticate, masterKey: masterKeyFor(config), environmentHosts: config.flowAllowHosts });
  await app.register(testSetRoutes, { prefix: '/api/v1', db: db.db, authenticate, runtime, credentials, providerEnv: config.providerEnv, scheduler, log: schedulerLogFrom(app.log), leases });
  await app.register(adminRoutes, { prefix: '/api/v1/admin', db: db.db, authenticate, credentials, providerEnv: config.providerEnv });
  await app.register(auditRoutes, { prefix: '/api/v1/admin', db: db.db, authenticate });
  await app.register(apiKeyRoutes, { prefix: '/api/v1', db: db.db, authenticate });
  await app.register(analyticsRoutes, { prefix: '/api/v1', db: db.db, authenticate });
  await app.register(flowHostRoutes, { prefix: '/api/v1/admin', db: db.db, authenticate, environment: config.flowAllowHosts });
  await app.register(knowledgeRoutes, { prefix: '/api/v1', db: db.db, authenticate, knowledge });
  // single sign-on (OpenID Connect): Admin → Sign-in, and the login page's start, callback and linked identities
  await app.register(ssoAdminRoutes, { prefix: '/api/v1/admin', db: db.db, authenticate, masterKey: masterKeyFor(config), allowHosts: config.ssoAllowHosts, publicUrl: config.publicUrl });
  await app.register(ssoAuthRoutes, { prefix: SSO_PATH, db: db.db, authenticate, tokens, cookieSecure: config.cookieSecure, masterKey: masterKeyFor(config), allowHosts: config.ssoAllowHosts, publicUrl: config.publicUrl });
  await app.register(walletAdminRoutes, { prefix: '/api/v1/admin', db: db.db, authenticate, publicUrl: config.publicUrl });
  await app.register(walletAuthRoutes, { prefix: WALLET_PATH, db: db.db, authenticate, tokens, cookieSecure: config.cookieSecure, publicUrl: config.publicUrl });
  // invitations and self sign-up: the admin side, and the emailed links' public side
  const linkMailer = createMailer(config);
  app.addHook('onClose', async () => linkMailer.close());
  await app.register(invitationAdminRoutes, { prefix: '/api/v1/admin', db: db.db, authenticate, mailer: linkMailer, publicUrl: config.publicUrl, resolver: resolver ?? txtResolver(config.dnsServers) });
  await app.register(invitationPublicRoutes, { prefix: AUTH_PATH, db: db.db, tokens, cookieSecure: config.cookieSecure, mailer: linkMailer, publicUrl: config.publicUrl });
  await app.register(teamRoutes, { prefix: '/api/v1', db: db.db, authenticate });
  await app.register(remoteRoutes, {
    prefix: '/api/v1',
    db: db.db,
    authenticate,
    local: localRemotes,
    overrides: config.remoteOverrides,
    releasesDir: config.releasesDir,
    manifest: { allowPrivate: config.allowPrivateWebhooks, contractVersion: studioContractVersion(config.staticRoot) },
  });
  await app.register(missionRoutes, { prefix: '/api/v1', db: db.db, authenticate, scheduler, runner: missions.runner, webhookSigningSecret: config.webhookSigningSecret });
  await app.register(flowRoutes, { prefix: '/api/v1', db: db.db, authenticate, scheduler, runner: flows.runner, publicUrl: config.publicUrl });
  await app.register(pageRoutes, { prefix: '/api/v1', db: db.db, authenticate, publicUrl: config.publicUrl });
  // published pages and their chat, for anonymous visitors (/p/:slug, /api/public/pages/*)
  await app.register(publicPageRoutes, { db: db.db, runtime, config });
  await app.register(backgroundRoutes, {
    prefix: '/api/v1',
    db: db.db,
    authenticate,
    scheduler,
    runner: background.runner,
    webhookSigningSecret: config.webhookSigningSecret,
    retryMinuteSeconds: background.retryMinuteSeconds,
    publicUrl: config.publicUrl,
  });
  await app.register(clientConfigRoutes, { prefix: '/api/v1', supabase: config.supabase });
  // PostgREST for the browser's supabase-js client (its own error shape and error handler)
  await app.register(gatewayRoutes, { prefix: GATEWAY_PATH, db: db.db, jwtSecret: config.jwtSecret, pglite: db.pglite, pool: db.pool });
  // Supabase Storage for supabase-js's storage client (its own error shape and error handler)
  await app.register(storageRoutes, { prefix: STORAGE_PATH, db: db.db, storage, jwtSecret: config.jwtSecret, rateLimit: config.storage.rateLimit });

  // health, readiness and metrics (db.pool and pg-boss's queues are read at each scrape)
  const latestMigration = readMigrations().at(-1)?.version;
  await app.register(observabilityRoutes, {
    version: SERVER_VERSION,
    metricsToken: config.metricsToken,
    checks: {
      database: async () => {
        const { rows } = await sql<{ version: string | null }>`SELECT max(version) AS version FROM schema_migrations`.execute(db.db);
        const version = rows[0]?.version ?? null;
        if (latestMigration && (version === null || version < latestMigration)) throw new Error(`migrations pending: at ${version ?? 'none'}, this server needs ${latestMigration}`);
      },
      storage: () => storage.checkWritable(),
    },
  });
  if (db.pool) app.addHook('onClose', observePool('app', db.pool));
  let unobserveQueues: (() => void) | undefined;
  scheduler.onStart(async (boss) => {
    unobserveQueues = observeQueues(() => boss.getQueues());
  });
  scheduler.onStop(() => unobserveQueues?.());

  const sites = await registerStaticSites(app, { staticRoot: config.staticRoot, localRemotes, releasesDir: config.releasesDir });
  app.setNotFoundHandler(async (request, reply) => {
    if (isAppRoute(request)) {
      if (sites.serveApp) return sites.serveApp(request, reply);
      return reply.code(404).send({ detail: HTTP_MESSAGES.shellNotBuilt });
    }
    const error = notFoundError(request);
    return reply.code(error.statusCode).send({ detail: error.detail });
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** library storage (/storage/v1 and the document tools) */
    storage: Storage;
    /** the leases of the runs this process carries (and the sweep of runs whose process died) */
    runLeases: RunLeases;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** a JSON request's body as sent (set by the app's JSON parser; null otherwise) */
    rawBody: string | null;
  }
}
