// Runs read alike in every area (agents, missions, background agents, flows): one status vocabulary, one
// list panel (title, refresh, loading/error/empty) and one detail layout (facts, output, error, titled
// sections for steps or deliveries). Areas bring their own data and texts.
import type { HTMLAttributes, ReactNode } from 'react';
import { Button } from './Button.js';
import { EmptyState } from './EmptyState.js';
import { ErrorState } from './ErrorState.js';
import { LoadingState } from './LoadingState.js';
import type { StatusTone } from './Page.js';
import { cx } from './class-names.js';
import pageStyles from './Page.module.css';
import styles from './Runs.module.css';

/** The run and job states the areas store, plus "warning" (finished, with something to look at). */
export type RunState = 'queued' | 'pending' | 'running' | 'succeeded' | 'completed' | 'failed' | 'cancelled' | 'skipped' | 'warning';

/** One tone per meaning: waiting is neutral, working is blue, done is green, failed is red, a warning amber. */
export const RUN_STATE_TONES: Readonly<Record<RunState, StatusTone>> = {
  queued: 'neutral',
  pending: 'neutral',
  running: 'info',
  succeeded: 'success',
  completed: 'success',
  failed: 'danger',
  cancelled: 'neutral',
  skipped: 'neutral',
  warning: 'warning',
};

export const RUN_STATE_LABELS: Readonly<Record<RunState, string>> = {
  queued: 'Queued',
  pending: 'Pending',
  running: 'Running',
  succeeded: 'Succeeded',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
  skipped: 'Skipped',
  warning: 'Warning',
};

const isRunState = (status: string): status is RunState => Object.hasOwn(RUN_STATE_TONES, status);

/** The tone of a status; unknown statuses read neutral. */
export const runStateTone = (status: string): StatusTone => (isRunState(status) ? RUN_STATE_TONES[status] : 'neutral');

export interface RunStatusBadgeProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  status: RunState | (string & {});
  /** the area's own text for the status (default: the kit's label, or the status itself) */
  label?: ReactNode;
  /** for a state outside the vocabulary (a delivery's "dry run"): its tone */
  tone?: StatusTone;
}

/** A run's (or a step's, a delivery's) status as a pill, coloured by meaning; the text is kept as given. */
export function RunStatusBadge({ status, label, tone: givenTone, className, ...rest }: RunStatusBadgeProps) {
  const tone = givenTone ?? runStateTone(status);
  return (
    <span {...rest} className={cx(pageStyles.badge, tone !== 'neutral' && pageStyles[tone], pageStyles.asGiven, className)} data-status={status}>
      {label ?? (isRunState(status) ? RUN_STATE_LABELS[status] : status)}
    </span>
  );
}

export interface RunListPanelProps<T> {
  /** the heading's id (the section is labelled by it) */
  id: string;
  title: string;
  /** 3 inside a page section, 2 (default) on its own */
  headingLevel?: 2 | 3;
  hint?: ReactNode;
  /** shown before Refresh, e.g. "Updating…" */
  actions?: ReactNode;
  runs: readonly T[] | null;
  error: string | null;
  /** e.g. (m) => `Failed to load runs: ${m}` */
  errorText(message: string): string;
  loadingText: string;
  empty: { title: string; text?: ReactNode };
  onRefresh(): void;
  /** the Refresh button spins (a refresh keeps the list on screen) */
  refreshing?: boolean;
  /** the list or table of runs; called only when there are runs */
  children(runs: readonly T[]): ReactNode;
  /** e.g. the run's detail dialog */
  footer?: ReactNode;
}

/** A titled panel of recent runs with Refresh and its loading, error and empty states; an error while runs
 *  are on screen shows above them so the list stays readable. */
export function RunListPanel<T>(props: RunListPanelProps<T>) {
  const { id, title, headingLevel = 2, hint, actions, runs, error, errorText, loadingText, empty, onRefresh, refreshing, children, footer } = props;
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  let body: ReactNode;
  if (error && !runs) body = <ErrorState message={errorText(error)} onRetry={onRefresh} />;
  else if (!runs) body = <LoadingState text={loadingText} />;
  else if (runs.length === 0) body = <EmptyState title={empty.title} text={empty.text} />;
  else body = children(runs);
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <div className={styles.panelHeader}>
        <div className={styles.panelHeading}>
          <Heading id={id} className={styles.panelTitle}>
            {title}
          </Heading>
          {hint && <p className={styles.hint}>{hint}</p>}
        </div>
        <div className={styles.panelActions}>
          {actions}
          <Button variant="secondary" size="sm" onClick={onRefresh} loading={refreshing}>
            Refresh
          </Button>
        </div>
      </div>
      {error && runs && (
        <p className={styles.inlineError} role="alert">
          {errorText(error)}
        </p>
      )}
      {body}
      {footer}
    </section>
  );
}

/** A list of runs as cards (or rows) with the panel's spacing. */
export function RunList({ label, ordered = false, children }: { label: string; ordered?: boolean; children: ReactNode }) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className={styles.list} aria-label={label}>
      {children}
    </List>
  );
}

export interface RunFact {
  label: string;
  value: ReactNode;
  /** ids and hashes: monospace */
  mono?: boolean;
}

/** A fact, or a falsy value for one that does not apply (`cond && {…}`). */
export type MaybeRunFact = RunFact | false | null | undefined | '' | 0;

/** The run's header: status, timing, who and where, as label/value pairs. */
export function RunFacts({ facts }: { facts: readonly MaybeRunFact[] }) {
  return (
    <dl className={styles.facts}>
      {facts
        .filter((f): f is RunFact => Boolean(f))
        .map((f) => (
          <div key={f.label}>
            <dt>{f.label}</dt>
            <dd className={f.mono ? styles.mono : undefined}>{f.value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** A run's detail: its facts, then titled sections (output, error, steps, deliveries…). */
export function RunDetail({ facts, children }: { facts?: readonly MaybeRunFact[]; children?: ReactNode }) {
  return (
    <div className={styles.detail}>
      {facts && <RunFacts facts={facts} />}
      {children}
    </div>
  );
}

/** One titled part of a run's detail, named by its title. */
export function RunSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-label={title}>
      <h3 className={styles.sectionTitle}>{title}</h3>
      {children}
    </section>
  );
}

/** A small uppercase label over a part of a run (a prompt, the tool calls, the parameters). */
export function RunBlock({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.block}>
      <span className={styles.blockLabel}>{label}</span>
      {children}
    </div>
  );
}

export interface RunTextProps {
  text: string | null | undefined;
  /** shown (muted) when there is no text */
  empty?: ReactNode;
  tone?: 'error';
  /** code, prompts and JSON: monospace; answers read as prose */
  mono?: boolean;
  /** a small label above the text (e.g. "Prompt") */
  label?: string;
}

/** A run's output, error or prompt, whitespace kept and scrolled when long. */
export function RunText({ text, empty, tone, mono, label }: RunTextProps) {
  const content = text ? (
    <pre className={cx(styles.text, mono && styles.mono, tone === 'error' && styles.textError)}>{text}</pre>
  ) : (
    <p className={styles.muted}>{empty}</p>
  );
  return label ? <RunBlock label={label}>{content}</RunBlock> : content;
}
