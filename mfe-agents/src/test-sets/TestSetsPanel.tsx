// The editor's Test Sets tab: an agent's named sets of cases with expectations, a form to add one,
// and Run against the editor's draft or any saved version. Each set shows its latest run beside the
// previous one, case by case, so a change that breaks a case is seen at once.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { toSaveRequest, type TestSetRun } from '@accent/agents-common';
import type { AgentVersion, TestSetWithRuns } from '@accent/agents-common/client';
import { Button, ConfirmDialog, DataTable, EmptyState, ErrorState, LoadingState, Select, TextArea, TextField } from '@accent/shared/ui';
import { GENERATE_MODEL_OPTIONS } from '../create/generate.js';
import { errorMessage, useAgentsEnv } from '../state/AgentsDataContext.js';
import { editorAtom } from '../state/editor.js';
import { useCanEdit } from '../state/permissions.js';
import { EXPECTATION_KINDS, newCase, newExpectation, toBody, type CaseDraft, type ExpectationDraft } from './form.js';
import styles from './TestSets.module.css';

export const TEST_SET_TEXTS = {
  loading: 'Loading test sets...',
  empty: 'No test sets yet',
  emptyText: 'A test set runs cases against this agent and checks each answer.',
  add: 'New Test Set',
  save: 'Save Test Set',
  run: 'Run',
  runAgainst: 'Run against',
  draft: 'Unsaved draft',
  running: (done: number, total: number) => `Running case ${Math.min(done + 1, total)} of ${total}...`,
  noRuns: 'Not run yet.',
  deleteTitle: (name: string) => `Delete test set "${name}"?`,
  deleteMessage: 'The test set and its results will be removed.',
} as const;

/** how often a running set is read again */
export const POLL_MS = 1000;

const runLabel = (run: TestSetRun) => (run.agent_version === null ? 'Draft' : `Version ${run.agent_version}`);

export function TestSetsPanel({ agentName }: { agentName: string }) {
  const { api, notify } = useAgentsEnv();
  const canEdit = useCanEdit();
  const [sets, setSets] = useState<TestSetWithRuns[] | null>(null);
  const [versions, setVersions] = useState<AgentVersion[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<TestSetWithRuns | null>(null);

  const load = useCallback(async () => {
    if (!api.testSets) return;
    setError(null);
    try {
      const [list, saved] = await Promise.all([api.testSets.testSets(agentName), api.versions ? api.versions(agentName) : Promise.resolve([])]);
      setSets(list);
      setVersions(saved);
    } catch (err) {
      setError(errorMessage(err, 'Could not load the test sets'));
    }
  }, [api, agentName]);
  useEffect(() => void load(), [load]);

  if (error) return <ErrorState message={error} onRetry={() => void load()} />;
  if (!sets) return <LoadingState text={TEST_SET_TEXTS.loading} />;

  return (
    <div className={styles.panel}>
      {canEdit && !adding && (
        <div>
          <Button onClick={() => setAdding(true)}>{TEST_SET_TEXTS.add}</Button>
        </div>
      )}
      {adding && (
        <TestSetForm
          agentName={agentName}
          onCancel={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            void load();
          }}
        />
      )}
      {sets.length === 0 && !adding ? (
        <EmptyState title={TEST_SET_TEXTS.empty} text={TEST_SET_TEXTS.emptyText} />
      ) : (
        sets.map((set) => <TestSetCard key={set.id} set={set} versions={versions} canEdit={canEdit} onRan={() => void load()} onDelete={() => setDeleting(set)} />)
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={TEST_SET_TEXTS.deleteTitle(deleting?.name ?? '')}
        message={TEST_SET_TEXTS.deleteMessage}
        confirmLabel="Delete"
        danger
        onConfirm={() => {
          const set = deleting;
          setDeleting(null);
          if (!set || !api.testSets) return;
          api.testSets.deleteTestSet(set.id).then(
            () => void load(),
            (err: unknown) => notify.error('Delete failed', errorMessage(err, 'Delete failed')),
          );
        }}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

function TestSetCard({ set, versions, canEdit, onRan, onDelete }: { set: TestSetWithRuns; versions: AgentVersion[]; canEdit: boolean; onRan: () => void; onDelete: () => void }) {
  const { api } = useAgentsEnv();
  const session = useAtomValue(editorAtom);
  const [target, setTarget] = useState(versions[0] ? String(versions[0].version) : 'draft');
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState(0);
  // polling stops when the tab is left; the run itself goes on in the job
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const [error, setError] = useState<string | null>(null);
  const [latest, previous] = set.last_runs;

  const run = async () => {
    if (!api.testSets || !session) return;
    setRunning(true);
    setProgress(0);
    setError(null);
    try {
      // a job runs the cases; its results fill in one by one
      let run = await api.testSets.runTestSet(set.id, target === 'draft' ? { draft: toSaveRequest(session.agent) } : { version: Number(target) });
      while (run.status === 'running' && mounted.current) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        run = await api.testSets.getTestSetRun(run.id);
        setProgress(run.results.length);
      }
      if (!mounted.current) return;
      if (run.status === 'failed') setError(run.error ?? 'The test set could not run');
      onRan();
    } catch (err) {
      setError(errorMessage(err, 'The test set could not run'));
    } finally {
      setRunning(false);
    }
  };

  const options = [...versions.map((v) => ({ value: String(v.version), label: `Version ${v.version}` })), { value: 'draft', label: TEST_SET_TEXTS.draft }];
  return (
    <section className={styles.card} aria-label={`Test set ${set.name}`}>
      <header className={styles.cardHeader}>
        <h3 className={styles.cardTitle}>{set.name}</h3>
        <span className={styles.muted}>
          {set.cases.length} case{set.cases.length === 1 ? '' : 's'}
        </span>
        {latest && (
          <span className={latest.status === 'running' ? styles.muted : latest.failed || latest.status === 'failed' ? styles.fail : styles.pass}>
            {runLabel(latest)}: {latest.passed} passed, {latest.failed} failed
            {latest.status === 'running' && ` (running, ${latest.results.length} of ${latest.total} cases done)`}
            {latest.status === 'failed' && ` (stopped: ${latest.error ?? 'unknown error'})`}
          </span>
        )}
      </header>
      <div className={styles.runRow}>
        <Select label={TEST_SET_TEXTS.runAgainst} value={target} options={options} onChange={(e) => setTarget(e.target.value)} disabled={running} />
        <Button variant="primary" onClick={() => void run()} disabled={running} aria-label={`Run test set ${set.name}`}>
          {TEST_SET_TEXTS.run}
        </Button>
        {canEdit && (
          <Button variant="ghost" onClick={onDelete} disabled={running} aria-label={`Delete test set ${set.name}`}>
            Delete
          </Button>
        )}
      </div>
      {running && (
        <p role="status" className={styles.muted}>
          {TEST_SET_TEXTS.running(progress, set.cases.length)}
        </p>
      )}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {latest ? <ResultsTable set={set} latest={latest} previous={previous} /> : <p className={styles.muted}>{TEST_SET_TEXTS.noRuns}</p>}
    </section>
  );
}

function ResultCell({ run, index }: { run: TestSetRun | undefined; index: number }) {
  const result = run?.results[index];
  if (!run || !result) return <td className={styles.muted}>—</td>;
  return (
    <td>
      <strong className={result.pass ? styles.pass : styles.fail}>{result.pass ? 'Pass' : 'Fail'}</strong>
      <ul className={styles.reasons}>
        {result.error && <li>{result.error}</li>}
        {result.expectations.map((e, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: expectations have no identity beyond their position
          <li key={i}>{e.reason}</li>
        ))}
      </ul>
    </td>
  );
}

function ResultsTable({ set, latest, previous }: { set: TestSetWithRuns; latest: TestSetRun; previous: TestSetRun | undefined }) {
  return (
    <DataTable
      label={`Results of ${set.name}`}
      className={styles.results}
      columns={['Case', `Previous run${previous ? ` (${runLabel(previous)})` : ''}`, `Latest run (${runLabel(latest)})`]}
    >
      {set.cases.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: cases are numbered by position
        <tr key={i}>
          <th scope="row">
            Case {i + 1}
            <span className={styles.caseQuery}>{c.query || Object.entries(c.params).map(([k, v]) => `${k} = ${v}`).join(', ')}</span>
          </th>
          <ResultCell run={previous} index={i} />
          <ResultCell run={latest} index={i} />
        </tr>
      ))}
    </DataTable>
  );
}

function TestSetForm({ agentName, onCancel, onSaved }: { agentName: string; onCancel: () => void; onSaved: () => void }) {
  const { api } = useAgentsEnv();
  const [name, setName] = useState('');
  const [cases, setCases] = useState<CaseDraft[]>([newCase()]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const patchCase = (i: number, patch: Partial<CaseDraft>) => setCases((cs) => cs.map((c, k) => (k === i ? { ...c, ...patch } : c)));
  const patchExpectation = (i: number, j: number, patch: Partial<ExpectationDraft>) =>
    setCases((cs) => cs.map((c, k) => (k === i ? { ...c, expectations: c.expectations.map((e, m) => (m === j ? { ...e, ...patch } : e)) } : c)));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const built = toBody(agentName, name, cases);
    if (!built.ok) {
      setError(built.error);
      return;
    }
    if (!api.testSets) return;
    setSaving(true);
    setError(null);
    try {
      await api.testSets.createTestSet(built.body);
      onSaved();
    } catch (err) {
      setError(errorMessage(err, 'The test set could not be saved'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-label="New test set">
      <TextField label="Test set name" value={name} onChange={(e) => setName(e.target.value)} required />
      {cases.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: cases are numbered by position
        <fieldset key={i} className={styles.caseBox}>
          <legend>Case {i + 1}</legend>
          <TextArea label={`Case ${i + 1} query`} rows={2} value={c.query} onChange={(e) => patchCase(i, { query: e.target.value })} hint="Empty: the agent's own query." />
          <TextArea label={`Case ${i + 1} parameters`} rows={2} value={c.params} onChange={(e) => patchCase(i, { params: e.target.value })} hint="One name = value per line." />
          {c.expectations.map((e, j) => {
            const label = `Case ${i + 1} expectation ${j + 1}`;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: expectations are numbered by position
              <div key={j} className={styles.expectation}>
                <Select label={`${label} kind`} value={e.kind} options={EXPECTATION_KINDS} onChange={(ev) => patchExpectation(i, j, { kind: ev.target.value as ExpectationDraft['kind'] })} />
                {e.kind === 'json' || e.kind === 'judge' ? (
                  <TextArea
                    label={e.kind === 'json' ? `${label} JSON shape` : `${label} rubric`}
                    rows={3}
                    value={e.value}
                    placeholder={e.kind === 'json' ? '{"type": "object", "required": ["score"], "properties": {"score": {"type": "number"}}}' : 'The answer greets the person by name.'}
                    onChange={(ev) => patchExpectation(i, j, { value: ev.target.value })}
                  />
                ) : (
                  <TextField label={e.kind === 'regex' ? `${label} pattern` : `${label} text`} value={e.value} onChange={(ev) => patchExpectation(i, j, { value: ev.target.value })} />
                )}
                {e.kind === 'regex' && <TextField label={`${label} flags`} value={e.flags} onChange={(ev) => patchExpectation(i, j, { flags: ev.target.value })} hint="i, m, s or u" />}
                {e.kind === 'judge' && <Select label={`${label} judge model`} value={e.model} options={GENERATE_MODEL_OPTIONS} onChange={(ev) => patchExpectation(i, j, { model: ev.target.value })} />}
              </div>
            );
          })}
          <Button type="button" variant="ghost" size="sm" onClick={() => patchCase(i, { expectations: [...c.expectations, newExpectation()] })}>
            + Expectation
          </Button>
        </fieldset>
      ))}
      <div className={styles.formActions}>
        <Button type="button" variant="ghost" onClick={() => setCases((cs) => [...cs, newCase()])}>
          + Case
        </Button>
        <span className={styles.spacer} />
        <Button type="button" variant="ghost" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={saving}>
          {saving ? 'Saving...' : TEST_SET_TEXTS.save}
        </Button>
      </div>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </form>
  );
}
