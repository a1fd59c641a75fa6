// /flows-old: the older dashboard on the browser-local store (accent-ai-flows).
import { useRef, useState, type ChangeEvent } from 'react';
import { FLOW_MESSAGES, FLOW_TOASTS, newFlow } from '@accent/flows-common';
import { Button, CardGrid, EmptyState, GridCard, Page, PageHeader } from '@accent/shared/ui';
import { StatusTag } from '../common/StatusTag.js';
import { errorMessage, readFileText, useFlowsEnv } from '../state/FlowsDataContext.js';
import { createLocalFlowStore, type LocalFlowStore } from './localStore.js';

export function LegacyDashboardPage({ store: given }: { store?: LocalFlowStore }) {
  const env = useFlowsEnv();
  const [store] = useState(() => given ?? createLocalFlowStore());
  const [flows, setFlows] = useState(() => store.list());
  const fileInput = useRef<HTMLInputElement>(null);
  const refresh = () => setFlows(store.list());

  function create() {
    store.save(newFlow({ id: env.newFlowId(), now: env.now() }), env.now());
    refresh();
  }
  function exportAll() {
    if (flows.length === 0) {
      env.notify.warning(FLOW_TOASTS.noFlowsToExport.title, FLOW_TOASTS.noFlowsToExport.message);
      return;
    }
    const { filename, file } = store.exportAll(env.now());
    env.download(filename, JSON.stringify(file, null, 2));
    env.notify.success(FLOW_TOASTS.exportStarted.title, FLOW_TOASTS.exportStarted.message);
  }
  async function importFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const n = store.importMerge(await readFileText(file), env.now());
      const t = FLOW_TOASTS.importSuccessful(n);
      env.notify.success(t.title, t.message);
      refresh();
    } catch (err) {
      env.notify.error(FLOW_TOASTS.importFailed.title, errorMessage(err) === FLOW_MESSAGES.invalidFile ? FLOW_MESSAGES.invalidFile : FLOW_TOASTS.importFailed.message);
    }
  }

  return (
    <Page>
      <PageHeader
        title="AI Flows (local)"
        subtitle="The older dashboard: flows kept in this browser only."
        actions={
          <>
            <Button variant="secondary" onClick={exportAll}>
              Export
            </Button>
            <Button variant="secondary" onClick={() => fileInput.current?.click()}>
              Import
            </Button>
            <input ref={fileInput} type="file" accept=".json,application/json" hidden data-testid="legacy-import-input" onChange={(e) => void importFile(e)} />
            <Button onClick={create}>New Local Flow</Button>
          </>
        }
      />
      {flows.length === 0 ? (
        <EmptyState title={FLOW_MESSAGES.emptyTitle} text="No flows are stored in this browser." />
      ) : (
        <CardGrid label="Local flows">
          {flows.map((flow) => (
            <GridCard
              key={flow.id}
              title={flow.name}
              badge={<StatusTag status={flow.status} />}
              text={flow.description}
              footer={
                <>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => {
                      const { filename, file } = store.exportOne(flow, env.now());
                      env.download(filename, JSON.stringify(file, null, 2));
                    }}
                  >
                    Export
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    onClick={() => {
                      if (window.confirm(FLOW_MESSAGES.confirmDelete(flow.name))) {
                        store.remove(flow.id);
                        refresh();
                      }
                    }}
                  >
                    Delete
                  </Button>
                </>
              }
            />
          ))}
        </CardGrid>
      )}
    </Page>
  );
}
