// Entry point: configuration, database (migrated, seeded when embedded), HTTP server, clean shutdown.
import { API_DOCS_PATH, buildApp, type App } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabaseWithRetry } from './db/connect.js';
import { databaseTargetFor, type Database } from './db/database.js';
import { migrate } from './db/migrate.js';
import { DEMO_CREDENTIALS, seedDemoData } from './db/seed.js';
import { drain } from './run-leases/shutdown.js';
import { schedulerLogFrom } from './scheduler/index.js';

/** After the grace, closing the database and the rest may take this long before the process exits anyway. */
const SHUTDOWN_CLOSE_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function openDatabaseOrExit(config: Config): Promise<Database> {
  const target = databaseTargetFor(config);
  try {
    // PostgreSQL away at start (not up yet, restarting): wait for it, within DATABASE_CONNECT_ATTEMPTS
    return await openDatabaseWithRetry(target, { attempts: config.databaseConnectAttempts, log: (line) => console.warn(line) });
  } catch (error) {
    const where = target.kind === 'postgres' ? 'the PostgreSQL server in DATABASE_URL' : `the embedded database in ${target.dataDir}`;
    console.error(`Cannot open ${where}: ${(error as Error).message}`);
    process.exit(1);
  }
}

async function main() {
  const config = readConfig();
  const database = await openDatabaseOrExit(config);
  let app: App | undefined;

  // Registered before migrating, so Ctrl-C at any point still closes PGlite cleanly. In-flight requests
  // and runs get SHUTDOWN_GRACE_MS to finish; what remains is marked interrupted (drain).
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app?.log.info(`${signal} received, shutting down`);
    setTimeout(() => process.exit(1), config.shutdownGraceMs + SHUTDOWN_CLOSE_MS).unref();
    try {
      if (app) {
        const running = app;
        await drain(
          {
            close: () => running.close(),
            stopJobs: () => running.scheduler.stop(),
            leases: running.runLeases,
            openRequests: () => running.openRequests(),
            log: schedulerLogFrom(running.log),
          },
          config.shutdownGraceMs,
        );
      }
    } finally {
      // closing PGlite flushes it, so the data directory is consistent for the next start
      await database.close();
    }
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  // jobs: pg-boss on the same database, started below once the schema is in place (app.close() stops it)
  app = await buildApp({ config, db: database, jobs: { stopTimeoutMs: config.shutdownGraceMs } });
  const log = app.log;
  await migrate(database, { log: (line) => log.info(line) });
  const seed = await seedDemoData(database, { isProduction: config.isProduction });
  if (seed === 'seeded') log.info('Seeded the demo account, users and starter agents');
  if (seed === 'refused-in-production') log.warn('Empty embedded database in production: demo accounts with public passwords are not created');
  if (stopping) return;
  // runs left running by a process that died are failed now, then leases are renewed and swept on timers
  await app.runLeases.start();
  try {
    // among the servers on this database; refused when this one's files would be split from theirs
    await app.servers.start();
  } catch (error) {
    console.error((error as Error).message);
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(1);
  }
  if (stopping) return;
  try {
    await app.scheduler.start();
  } catch (error) {
    console.error(`Cannot start the job scheduler (pg-boss): ${(error as Error).message}`);
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(1);
  }
  if (stopping) return;

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  console.log(`Accent Studio is running at http://localhost:${port}${config.role === 'all' ? '' : ` as a ${config.role} server (SERVER_ROLE)`}`);
  console.log(`API documentation: http://localhost:${port}${API_DOCS_PATH}`);
  if (database.embedded && !config.isProduction && seed !== 'refused-in-production') {
    const { environment, library, admin, member } = DEMO_CREDENTIALS;
    console.log(`Demo sign-in (environment ${environment}, library ${library}):`);
    console.log(`  administrator  ${admin.email} / ${admin.password}`);
    console.log(`  end user       ${member.email} / ${member.password}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
