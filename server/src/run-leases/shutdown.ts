// A graceful shutdown: stop taking new work, let in-flight requests and runs finish for `graceMs`, then
// mark what remains as interrupted (failed with RUN_INTERRUPTED) and say in the log what was cut.
import { setTimeout as sleep } from 'node:timers/promises';
import { describeRuns, type CutRun, type RunLeases } from './leases.js';

export interface DrainTarget {
  /** Closes the HTTP server (no new connections; in-flight requests finish) and the app's hooks. */
  close(): Promise<void>;
  /** Stops taking jobs now (pg-boss stop, graceful within the grace). */
  stopJobs(): Promise<void>;
  leases: RunLeases;
  /** The requests still open, by name (named in the log when the grace cuts them). */
  openRequests?: () => string[];
  log: { info(message: string): void; warn(message: string): void; error(error: unknown, message: string): void };
}

export interface DrainResult {
  /** Everything finished within the grace. */
  drained: boolean;
  /** Runs still going after the grace, now marked failed. */
  cut: CutRun[];
}

export async function drain(target: DrainTarget, graceMs: number): Promise<DrainResult> {
  const { leases, log } = target;
  const started = Date.now();
  const carrying = leases.held().length;
  log.info(
    `Shutting down: no new work; ${carrying === 0 ? 'no runs' : describeRuns(leases.held())} and in-flight requests have ${graceMs / 1000} s to finish`,
  );
  const settled = (work: Promise<unknown>, what: string) =>
    work.then(
      () => true,
      (error: unknown) => {
        log.error(error, `Shutting down: ${what} failed`);
        return true;
      },
    );
  const finished = Promise.all([
    settled(target.stopJobs(), 'stopping the job workers'),
    settled(target.close(), 'closing the server'),
    leases.whenIdle(graceMs),
  ]).then(([, , idle]) => idle);
  const drained = await Promise.race([finished, sleep(graceMs).then(() => false)]);
  // taken before the runs are failed: what the grace cut
  const openRequests = drained ? [] : (target.openRequests?.() ?? []);
  let cut: CutRun[] = [];
  try {
    cut = await leases.interruptAll();
  } catch (error) {
    log.error(error, 'Shutting down: marking the unfinished runs as interrupted failed (the next sweep does it)');
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (cut.length > 0) log.warn(`Shutdown cut ${describeRuns(cut)} after ${seconds} s: marked failed as interrupted`);
  if (openRequests.length > 0)
    log.warn(
      `Shutdown cut ${openRequests.length} open ${openRequests.length === 1 ? 'request' : 'requests'} after ${seconds} s: ${openRequests.join(', ')}`,
    );
  if (drained && cut.length === 0) log.info(`Shutdown: everything finished in ${seconds} s`);
  else if (cut.length === 0 && openRequests.length === 0) log.warn(`Shutdown after ${seconds} s: work was still going after the grace and was cut`);
  await leases.stop();
  return { drained: drained && cut.length === 0, cut };
}
