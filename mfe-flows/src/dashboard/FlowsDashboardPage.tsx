// /flows: the AI Flows dashboard (spec 02 §2.1, §5, §8): search, status filter, cards, duplicate,
// delete, export, import, sample flows on an empty list.
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { filterFlows, FLOW_MESSAGES, FLOW_STATUSES, FLOW_TOASTS, type Flow, type FlowStatus } from '@accent/flows-common';
import { useCanBuild, useSession } from '@accent/shared/client';
import type { FlowSummary } from '../data/flows.js';
import {
  Button,
  CardGrid,
  ConfirmDeleteDialog,
  EmptyState,
  GridCard,
  LoadingState,
  Menu,
  Page,
  PageHeader,
  PageToolbar,
  SearchField,
  useConfirmDelete,
  useQuery,
} from '@accent/shared/ui';
import { errorMessage, useFlowsEnv } from '../state/FlowsDataContext.js';
import { StatusTag } from '../common/StatusTag.js';
import { sampleFlows } from './sampleFlows.js';
import styles from './Dashboard.module.css';

type StatusFilter = FlowStatus | 'all';
const NO_FLOWS: FlowSummary[] = [];

export function exportFileName(now: Date): string {
  return `accent-flows-${now.toISOString().slice(0, 10)}.json`;
}

export function FlowsDashboardPage() {
  const env = useFlowsEnv();
  const { api, notify } = env;
  const navigate = useNavigate();
  const { user } = useSession();
  // members see the flows read-only: no create, import, duplicate, delete, nor sample seeding
  const canEdit = useCanBuild();
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const fileInput = useRef<HTMLInputElement>(null);
  // One seeding per mount, even when StrictMode reads the list twice.
  const seeding = useRef<Promise<FlowSummary[] | null> | null>(null);
  /** The check's read when it found flows: the first list shown, rather than a second read of the same. */
  const checked = useRef<FlowSummary[] | null>(null);
  const seedOnce = () =>
    (seeding.current ??= (async () => {
      // The emptiness check runs before the list is read: samples only go into an empty list.
      if (!canEdit) return null;
      let flows: FlowSummary[] | null = null;
      try {
        flows = await api.listFlows();
      } catch {
        return null; // the list read reports the failure
      }
      if (flows.length === 0) {
        try {
          await api.insertFlows(sampleFlows(env.newFlowId, env.now()), user);
        } catch {
          notify.error(FLOW_TOASTS.sampleDataFailed.title, FLOW_TOASTS.sampleDataFailed.message);
        }
        return null;
      }
      checked.current = flows;
      return flows;
    })());
  const list = useQuery(['flows', 'list'], async () => {
    await seedOnce();
    const read = checked.current;
    checked.current = null;
    return read ?? api.listFlows();
  });
  const { reload, setData: setFlows } = list;
  const loading = list.status === 'loading';
  const flows = list.status === 'ready' ? list.data : NO_FLOWS;
  useEffect(() => {
    // a list that cannot be read shows as empty, with the toast saying why
    if (list.status === 'error') notify.error(FLOW_TOASTS.databaseConnectionFailed.title, FLOW_TOASTS.databaseConnectionFailed.message);
  }, [list.status, notify]);

  const visible = useMemo(() => filterFlows(flows, query, status), [flows, query, status]);

  function createFlow() {
    navigate('/flows/new');
  }

  const del = useConfirmDelete<FlowSummary>({
    remove: (flow) => api.deleteFlow(flow.id),
    deleted: (flow) => {
      const t = FLOW_TOASTS.deleted(flow.name);
      notify.success(t.title, t.message);
      setFlows((list) => list.filter((f) => f.id !== flow.id));
    },
    failed: () => notify.error(FLOW_TOASTS.deletionFailedConnection.title, FLOW_TOASTS.deletionFailedConnection.message),
  });

  async function duplicate(flow: FlowSummary) {
    let original: Flow | null = null;
    try {
      original = await api.getFlow(flow.id);
    } catch {
      original = null;
    }
    if (!original) {
      notify.error(FLOW_TOASTS.duplicationLoadFailed.title, FLOW_TOASTS.duplicationLoadFailed.message);
      return;
    }
    const stamp = env.now().toISOString();
    // The dashboard's own duplicate keeps the original status (spec 02 §4.1).
    const copy: Flow = {
      ...original,
      id: env.newFlowId(),
      name: `${original.name} (Copy)`,
      executionCount: 0,
      successRate: 0,
      createdAt: stamp,
      updatedAt: stamp,
    };
    try {
      await api.insertFlow(copy, user);
      const t = FLOW_TOASTS.duplicated(copy.name);
      notify.success(t.title, t.message);
      reload();
    } catch {
      notify.error(FLOW_TOASTS.duplicationFailed.title, FLOW_TOASTS.duplicationFailed.message);
    }
  }

  async function exportAll() {
    if (flows.length === 0) {
      notify.warning(FLOW_TOASTS.noFlowsToExport.title, FLOW_TOASTS.noFlowsToExport.message);
      return;
    }
    try {
      const file = await api.exportFlows();
      if (file.flows.length === 0) {
        notify.warning(FLOW_TOASTS.noFlowsToExport.title, FLOW_TOASTS.noFlowsToExport.message);
        return;
      }
      env.download(exportFileName(env.now()), JSON.stringify(file, null, 2));
      notify.success(FLOW_TOASTS.exportStarted.title, FLOW_TOASTS.exportStarted.message);
    } catch {
      notify.error(FLOW_TOASTS.exportFailed.title, FLOW_TOASTS.exportFailed.message);
    }
  }

  async function importFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const { imported, skipped } = await api.importFlows(file, user);
      const t = FLOW_TOASTS.importSuccessful(imported, skipped);
      notify.success(t.title, t.message);
      reload();
    } catch (err) {
      const invalid = errorMessage(err) === FLOW_MESSAGES.invalidFile;
      notify.error(FLOW_TOASTS.importFailed.title, invalid ? FLOW_MESSAGES.invalidFile : FLOW_TOASTS.importFailed.message);
    }
  }

  const statusItems = [
    { label: FLOW_MESSAGES.allStatuses, onSelect: () => setStatus('all') },
    ...FLOW_STATUSES.map((s) => ({ label: s, onSelect: () => setStatus(s) })),
  ];
  // the spec's order: All, active, draft, inactive
  statusItems.sort((a, b) => order(a.label) - order(b.label));

  return (
    <Page>
      <PageHeader
        title="AI Flows"
        subtitle="Build, test and deploy automated AI workflows."
        actions={
          <>
            {/* a member with no visible flows has nothing to export (builders keep it: it says so) */}
            {(canEdit || flows.length > 0) && (
              <Button variant="secondary" onClick={() => void exportAll()}>
                Export
              </Button>
            )}
            {canEdit && (
              <>
                <Button variant="secondary" onClick={() => fileInput.current?.click()}>
                  Import
                </Button>
                <input
                  ref={fileInput}
                  type="file"
                  accept=".json,application/json"
                  hidden
                  data-testid="import-input"
                  onChange={(e) => void importFile(e)}
                />
                <Button onClick={createFlow}>Create New Flow</Button>
              </>
            )}
          </>
        }
      />

      <PageToolbar>
        <SearchField label="Search flows" placeholder={FLOW_MESSAGES.searchPlaceholder} value={query} onChange={setQuery} />
        <Menu
          label="Filter by status"
          align="end"
          items={statusItems}
          trigger={(props) => (
            <button
              {...props}
              type="button"
              className={styles.filterButton}
              aria-label={`Status filter: ${status === 'all' ? FLOW_MESSAGES.allStatuses : status}`}
            >
              {status === 'all' ? FLOW_MESSAGES.allStatuses : status} ▾
            </button>
          )}
        />
      </PageToolbar>

      {loading ? (
        <LoadingState text="Loading flows..." />
      ) : flows.length === 0 ? (
        <EmptyState
          title={canEdit ? FLOW_MESSAGES.emptyTitle : FLOW_MESSAGES.memberEmptyTitle}
          text={canEdit ? FLOW_MESSAGES.emptyText : FLOW_MESSAGES.memberEmptyText}
          action={canEdit ? <Button onClick={createFlow}>{FLOW_MESSAGES.emptyButton}</Button> : undefined}
        />
      ) : visible.length === 0 ? (
        <EmptyState title="No flows match your search" text="Try another search or status." />
      ) : (
        <CardGrid label="Flows">
          {visible.map((flow) => (
            <GridCard
              key={flow.id}
              data-testid="flow-card"
              title={flow.name}
              badge={<StatusTag status={flow.status} />}
              text={flow.description}
              meta={flowMeta(flow)}
              onOpen={() => navigate(`/flows/${encodeURIComponent(flow.id)}`)}
              // a member's card has no menu
              actions={
                canEdit
                  ? [
                      { label: 'Duplicate', onSelect: () => void duplicate(flow) },
                      { label: 'Delete', onSelect: () => del.ask(flow), danger: true },
                    ]
                  : undefined
              }
            />
          ))}
        </CardGrid>
      )}

      <ConfirmDeleteDialog state={del} title="Delete flow" message={(flow) => FLOW_MESSAGES.confirmDelete(flow.name)} />
    </Page>
  );
}

function order(label: string): number {
  return [FLOW_MESSAGES.allStatuses, 'active', 'draft', 'inactive'].indexOf(label);
}

function flowMeta(flow: FlowSummary): string {
  const nodes = `${flow.nodeCount} ${flow.nodeCount === 1 ? 'node' : 'nodes'}`;
  const runs = `${flow.executionCount} ${flow.executionCount === 1 ? 'run' : 'runs'}`;
  return `${nodes} · ${runs}${flow.updatedAt ? ` · updated ${new Date(flow.updatedAt).toLocaleDateString()}` : ''}`;
}
