// /flows/:id: the flow builder (spec 02 §2.2, §4.2): header with rename, status, Test Flow, Save Flow and
// Deploy; palette; xyflow canvas; Node Properties; Test Flow panel; auto-save after 2 s of quiet.
import '@xyflow/react/dist/style.css';
import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  Background,
  BackgroundVariant,
  Controls,
  MiniMap,
  ReactFlow,
  ReactFlowProvider,
  applyEdgeChanges,
  applyNodeChanges,
  useReactFlow,
  type Connection,
  type ReactFlowInstance,
  type EdgeChange,
  type NodeChange,
  type Viewport,
} from '@xyflow/react';
import {
  AUTO_SAVE_DELAY_MS,
  BUILDER_TOAST_MS,
  FLOW_DEFAULT_VIEWPORT,
  FLOW_GRID,
  FLOW_MESSAGES,
  FLOW_MINIMAP,
  FLOW_TOASTS,
  FLOW_ZOOM,
  flowVariables,
  newFlow,
  validateFlowRename,
  type Flow,
  type FlowPaletteItem,
  type FlowRun,
  type FlowRunNodeResult,
} from '@accent/flows-common';
import { refusalOr, roleRefusalText, useCanBuild, useSession } from '@accent/shared/client';
import { Button, EmptyState, LoadingState, useEditorDraft, usePendingSaveGuard } from '@accent/shared/ui';
import { StatusTag } from '../common/StatusTag.js';
import { useFlowsEnv } from '../state/FlowsDataContext.js';
import { createAutoSaver, type AutoSaver } from './autoSave.js';
import { CanvasActionsContext, EDGE_TYPES, NODE_TYPES, RunResultsContext, type CanvasActions, type InsertTarget } from './FlowNodeCard.js';
import {
  changesFlow,
  connect,
  deleteSelection,
  deselected,
  dropPosition,
  fromCanvasEdge,
  fromCanvasNode,
  insertAfter,
  insertIntoEdge,
  NODE_SIZE,
  paletteNode,
  PALETTE_MIME,
  removeNodes,
  toCanvasEdge,
  toCanvasNode,
  type CanvasEdge,
  type CanvasNode,
  type CanvasNodeData,
} from './graph.js';
import { minimapColor } from './nodeKinds.js';
import { NodePicker } from './NodePicker.js';
import { Palette } from './Palette.js';
import { PropertiesPanel } from './PropertiesPanel.js';
import { RunsPanel } from './RunsPanel.js';
import { SaveVersionDialog } from '../versions/SaveVersionDialog.js';
import { VersionsPanel } from '../versions/VersionsPanel.js';
import { TestPanel } from './TestPanel.js';
import { DeploymentDialog } from './DeploymentDialog.js';
import { EditableTitle } from './EditableTitle.js';
import { useFlowDeployment } from './useFlowDeployment.js';
import { useFlowTest } from './useFlowTest.js';
import styles from './Builder.module.css';

/** Above this many nodes the canvas trades decoration for frame rate (see `large` below). */
export const LARGE_FLOW_NODES = 150;
const LARGE_FLOW_MIN_FIT_ZOOM = 0.5;
/** Fitting the view never zooms in past 1: a flow of one or two nodes stays at its drawn size. */
export const FIT_MAX_ZOOM = 1;
const CONTROLS_FIT_OPTIONS = { maxZoom: FIT_MAX_ZOOM };

/** Background, zoom controls and minimap: one element for the page's life, so a drag re-renders none of them. */
const CANVAS_CHROME = (
  <>
    <Background variant={BackgroundVariant.Dots} gap={FLOW_GRID.gap} size={FLOW_GRID.size} />
    <Controls fitViewOptions={CONTROLS_FIT_OPTIONS} />
    <MiniMap
      style={{ width: FLOW_MINIMAP.width, height: FLOW_MINIMAP.height }}
      nodeColor={minimapColor}
      nodeStrokeColor={minimapColor}
      pannable
      zoomable
    />
  </>
);

/** Whether a viewport of this size shows any of the nodes (cards not yet measured count as NODE_SIZE). */
export function viewportShowsNodes(
  viewport: Viewport,
  size: { width: number; height: number },
  nodes: readonly { position: { x: number; y: number }; measured?: { width?: number; height?: number } }[],
): boolean {
  const [left, top] = [-viewport.x / viewport.zoom, -viewport.y / viewport.zoom];
  const [right, bottom] = [left + size.width / viewport.zoom, top + size.height / viewport.zoom];
  return nodes.some((n) => {
    const w = n.measured?.width ?? NODE_SIZE.width;
    const h = n.measured?.height ?? NODE_SIZE.height;
    return n.position.x < right && n.position.x + w > left && n.position.y < bottom && n.position.y + h > top;
  });
}

export const NEW_FLOW_PARAM = 'new';

type Load = { state: 'loading' } | { state: 'ready'; flow: Flow } | { state: 'missing' } | { state: 'error' } | { state: 'refused' };

/** The previous value while `same` says the new one shows nothing new (keeps memoised children still). */
function useStableBy<T>(value: T, same: (a: T, b: T) => boolean): T {
  const kept = useRef(value);
  if (!same(kept.current, value)) kept.current = value;
  return kept.current;
}

/** Loads the flow of the route (or creates a new one for /flows/new), then shows the editor. */
export function FlowsEditorPage() {
  const { id = NEW_FLOW_PARAM } = useParams();
  const env = useFlowsEnv();
  const { api, notify } = env;
  const navigate = useNavigate();
  const { user } = useSession();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const creating = useRef(false);
  const canEdit = useCanBuild();

  useEffect(() => {
    if (load.state === 'ready' && load.flow.id === id) return;
    let live = true;
    if (id === NEW_FLOW_PARAM) {
      // a member cannot create flows: nothing is inserted (the server would refuse it)
      if (!canEdit) {
        setLoad({ state: 'refused' });
        return;
      }
      if (creating.current) return;
      creating.current = true;
      const flow = newFlow({ id: env.newFlowId(), now: env.now() });
      void (async () => {
        try {
          await api.insertFlow(flow, user);
        } catch {
          // the editor starts dirty, so auto-save tries the insert again
          notify.error(FLOW_TOASTS.autoSaveFailed.title, FLOW_TOASTS.autoSaveFailed.message);
          setLoad({ state: 'ready', flow: { ...flow, unsaved: true } as Flow });
          navigate(`/flows/${encodeURIComponent(flow.id)}`, { replace: true });
          return;
        }
        setLoad({ state: 'ready', flow });
        navigate(`/flows/${encodeURIComponent(flow.id)}`, { replace: true });
      })();
      return;
    }
    setLoad({ state: 'loading' });
    api.getFlow(id).then(
      (flow) => {
        if (!live) return;
        if (!flow) {
          notify.error(FLOW_TOASTS.flowNotFound.title, FLOW_TOASTS.flowNotFound.message);
          setLoad({ state: 'missing' });
        } else setLoad({ state: 'ready', flow });
      },
      () => {
        if (!live) return;
        notify.error(FLOW_TOASTS.databaseError.title, FLOW_TOASTS.databaseError.message);
        setLoad({ state: 'error' });
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  if (load.state === 'loading') return <LoadingState text="Loading flow..." />;
  if (load.state === 'refused')
    return (
      <div className={styles.centered}>
        <EmptyState
          title="Flows are read-only for you"
          text={roleRefusalText('creating flows')}
          action={<Button onClick={() => navigate('/flows')}>Back to Flows</Button>}
        />
      </div>
    );
  if (load.state !== 'ready')
    return (
      <div className={styles.centered}>
        <EmptyState
          title={load.state === 'missing' ? FLOW_TOASTS.flowNotFound.title : FLOW_TOASTS.databaseError.title}
          text={load.state === 'missing' ? FLOW_TOASTS.flowNotFound.message : FLOW_TOASTS.databaseError.message}
          action={<Button onClick={() => navigate('/flows')}>Back to Flows</Button>}
        />
      </div>
    );
  return (
    <ReactFlowProvider>
      <FlowEditor key={load.flow.id} initial={load.flow} />
    </ReactFlowProvider>
  );
}

export interface FlowEditorProps {
  initial: Flow;
}

/** The editor of one loaded flow. */
export function FlowEditor({ initial }: FlowEditorProps) {
  const env = useFlowsEnv();
  const { api, notify } = env;
  const navigate = useNavigate();
  const { user } = useSession();
  const { screenToFlowPosition } = useReactFlow();
  // members see the flow read-only: no palette, no moving or connecting, no save, test or deploy
  const canEdit = useCanBuild();

  const [meta, setMeta] = useState(() => ({ name: initial.name, description: initial.description, status: initial.status, tags: initial.tags }));
  const [nodes, setNodes] = useState<CanvasNode[]>(() => initial.flowData.nodes.map(toCanvasNode));
  const [edges, setEdges] = useState<CanvasEdge[]>(() => initial.flowData.edges.map(toCanvasEdge));
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  // the side panel: Test Flow or Runs (one at a time), else Node Properties of the selected node
  const [panel, setPanel] = useState<'test' | 'runs' | 'versions' | null>(null);
  const testOpen = panel === 'test';
  const runsOpen = panel === 'runs';
  const versionsOpen = panel === 'versions';
  const [savingVersion, setSavingVersion] = useState(false);
  // bumped when a version is made here (Save version…, Deploy) so the Versions panel reloads
  const [versionsKey, setVersionsKey] = useState(0);
  const setTestOpen = useCallback((open: boolean | ((o: boolean) => boolean)) => {
    setPanel((p) => ((typeof open === 'function' ? open(p === 'test') : open) ? 'test' : p === 'test' ? null : p));
  }, []);
  const [historyRun, setHistoryRun] = useState<FlowRun | null>(null);
  const wrapper = useRef<HTMLDivElement>(null);

  // The latest state for saves that run after a render (timers, unmount).
  const latest = useRef({ meta, nodes, edges, viewport: (initial.flowData.viewport ?? { ...FLOW_DEFAULT_VIEWPORT }) as Viewport });
  latest.current.meta = meta;
  latest.current.nodes = nodes;
  latest.current.edges = edges;

  const snapshot = useCallback((): Flow => {
    const { meta: m, nodes: n, edges: e, viewport } = latest.current;
    const flowNodes = n.map(fromCanvasNode);
    return {
      ...initial,
      name: m.name,
      description: m.description,
      status: m.status,
      tags: m.tags,
      updatedAt: env.now().toISOString(),
      nodeCount: flowNodes.length,
      flowData: { nodes: flowNodes, edges: e.map(fromCanvasEdge), viewport: { x: viewport.x, y: viewport.y, zoom: viewport.zoom } },
    };
  }, [env, initial]);

  // Whether the row exists: then the save on leaving the page is one PATCH (no existence check first,
  // whose answer would come after the page is gone).
  const stored = useRef(!(initial as Flow & { unsaved?: boolean }).unsaved);
  const saver = useRef<AutoSaver | null>(null);
  saver.current ??= createAutoSaver({
    delayMs: env.autoSaveDelayMs ?? AUTO_SAVE_DELAY_MS,
    save: async () => {
      await api.saveFlow(snapshot(), user);
      stored.current = true;
    },
    saveOnLeave: async () => {
      const flow = snapshot();
      if (!stored.current) return api.saveFlow(flow, user);
      await api.updateFlow(flow.id, { name: flow.name, description: flow.description, tags: flow.tags, flowData: flow.flowData });
    },
    onError: (err) => notify.error(FLOW_TOASTS.autoSaveFailed.title, refusalOr(err, 'saving flows', FLOW_TOASTS.autoSaveFailed.message)),
    onDirtyChange: setDirty,
    onSavingChange: setSaving,
  });
  const markDirty = useCallback(() => {
    if (canEdit) saver.current!.markDirty();
  }, [canEdit]);

  useEffect(() => {
    // a new flow whose insert failed is saved by the first auto-save
    if ((initial as Flow & { unsaved?: boolean }).unsaved) saver.current!.markDirty();
    const current = saver.current!;
    return () => {
      // leaving the builder saves pending changes
      void current.flush();
    };
  }, [initial]);
  // reloading or closing the tab saves at once and, while a save is pending, asks to confirm
  usePendingSaveGuard({ pending: dirty || saving, flush: () => saver.current!.leave() });
  // A sign-out elsewhere before the auto-save ran (the save on leaving then has no session any more):
  // the pending flow is kept in this browser and offered back on the next visit.
  const { banner: draftBanner } = useEditorDraft({
    editor: 'flow',
    id: initial.id,
    value: () => {
      const { meta: m, nodes: n, edges: e } = latest.current;
      return { meta: m, nodes: n.map(fromCanvasNode), edges: e.map(fromCanvasEdge) };
    },
    dirty: (dirty || saving) && canEdit,
    ready: true,
    restore: (kept) => {
      setMeta(kept.meta);
      setNodes(kept.nodes.map(toCanvasNode));
      setEdges(kept.edges.map(toCanvasEdge));
      markDirty();
    },
  });

  const flush = useCallback(() => saver.current!.flush(), []);
  const { deployment, dismissDeployment, deploying, deployed, deploy, undeploy } = useFlowDeployment(initial.id, flush, (status) =>
    setMeta((m) => ({ ...m, status })),
  );
  const { payload, setPayload, testErrors, running, run, runTest } = useFlowTest(initial.id, flush, () => ({
    nodes: latest.current.nodes.map(fromCanvasNode),
    edges: latest.current.edges.map(fromCanvasEdge),
  }));

  /** A restored version is now the stored flow: it replaces what the editor shows (nothing left to save). */
  const loadRestored = useCallback(async () => {
    const stored = await api.getFlow(initial.id);
    if (!stored) return;
    setMeta((m) => ({ ...m, name: stored.name, description: stored.description, tags: stored.tags }));
    setNodes(stored.flowData.nodes.map(toCanvasNode));
    setEdges(stored.flowData.edges.map(toCanvasEdge));
  }, [api, initial.id]);

  // ---- canvas -------------------------------------------------------------------------------------

  const onNodesChange = useCallback(
    (changes: NodeChange<CanvasNode>[]) => {
      setNodes((nds) => applyNodeChanges(changes, nds));
      if (changesFlow(changes)) markDirty();
    },
    [markDirty],
  );
  const onEdgesChange = useCallback(
    (changes: EdgeChange<CanvasEdge>[]) => {
      setEdges((eds) => applyEdgeChanges(changes, eds));
      if (changesFlow(changes)) markDirty();
    },
    [markDirty],
  );
  const onConnect = useCallback(
    (connection: Connection) => {
      setEdges((eds) => connect(eds, connection));
      markDirty();
    },
    [markDirty],
  );
  const onMoveEnd = useCallback((_: unknown, viewport: Viewport) => {
    latest.current.viewport = viewport;
  }, []);

  const addNode = useCallback(
    (item: Pick<FlowPaletteItem, 'type' | 'subtype' | 'label'>, flowPoint: { x: number; y: number }) => {
      const node = paletteNode(item, env.newNodeId(item.type), dropPosition(flowPoint));
      setNodes((nds) => [...deselected(nds), { ...node, selected: true }]);
      markDirty();
    },
    [env, markDirty],
  );

  const onDragOver = useCallback((event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
  }, []);
  const onDrop = useCallback(
    (event: DragEvent) => {
      event.preventDefault();
      const raw = event.dataTransfer.getData(PALETTE_MIME);
      if (!raw) return;
      try {
        const item = JSON.parse(raw) as FlowPaletteItem;
        addNode(item, screenToFlowPosition({ x: event.clientX, y: event.clientY }));
      } catch {
        /* not a palette item */
      }
    },
    [addNode, screenToFlowPosition],
  );
  const addAtCentre = useCallback(
    (item: FlowPaletteItem) => {
      const rect = wrapper.current?.getBoundingClientRect();
      const centre = rect ? { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 } : { x: 0, y: 0 };
      addNode(item, screenToFlowPosition(centre));
    },
    [addNode, screenToFlowPosition],
  );

  // ---- "+" node picker and Ctrl/⌘-K ------------------------------------------------------------------

  const [picker, setPicker] = useState<{ target: InsertTarget; anchor: DOMRect; title: string; opener: HTMLElement } | null>(null);
  const openPicker = useCallback((target: InsertTarget, opener: HTMLElement) => {
    // the "+" names what it adds ("Add a node after Agent (true)"): the picker says the same
    setPicker({ target, opener, anchor: opener.getBoundingClientRect(), title: opener.getAttribute('aria-label') ?? 'Add a node' });
  }, []);
  const canvasActions = useMemo<CanvasActions>(() => ({ canEdit, openPicker }), [canEdit, openPicker]);
  // the new node takes the focus once xyflow has drawn and measured it (hidden until then: a few frames)
  const focusNode = useCallback((id: string, frames = 30) => {
    const node = wrapper.current?.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(id)}"]`);
    node?.focus();
    if (node && document.activeElement === node) return;
    if (frames > 0) requestAnimationFrame(() => focusNode(id, frames - 1));
  }, []);
  const closePicker = useCallback(() => {
    setPicker(null);
    // back to the "+" it opened from (an edge's "+" may be gone: then the canvas keeps the focus)
    if (picker?.opener.isConnected) picker.opener.focus();
  }, [picker]);
  const pick = useCallback(
    (item: FlowPaletteItem) => {
      if (!picker) return;
      const make = (position: { x: number; y: number }) => paletteNode(item, env.newNodeId(item.type), position);
      const { nodes: n, edges: e } = latest.current;
      const next = picker.target.kind === 'output' ? insertAfter(n, e, picker.target, make) : insertIntoEdge(n, e, picker.target.edgeId, make);
      setPicker(null);
      if (!next) return;
      setNodes(next.nodes);
      setEdges(next.edges);
      markDirty();
      focusNode(next.node.id);
    },
    [picker, env, markDirty, focusNode],
  );

  // Ctrl/⌘-K from anywhere in the builder: to the palette's search field
  const paletteSearch = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!canEdit) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key.toLowerCase() !== 'k' || !(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
      const search = paletteSearch.current;
      if (!search) return;
      e.preventDefault();
      search.focus();
      search.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [canEdit]);

  const onCanvasKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      if (!canEdit || (event.key !== 'Delete' && event.key !== 'Backspace')) return;
      const target = event.target as HTMLElement;
      if (target.closest('input, textarea, select, [contenteditable="true"]')) return;
      const next = deleteSelection(latest.current.nodes, latest.current.edges);
      if (!next) return;
      event.preventDefault();
      setNodes(next.nodes);
      setEdges(next.edges);
      markDirty();
    },
    [markDirty, canEdit],
  );

  const updateNodeData = useCallback(
    (id: string, patch: Partial<CanvasNodeData>) => {
      setNodes((nds) => nds.map((n) => (n.id === id ? { ...n, data: { ...n.data, ...patch } as CanvasNodeData } : n)));
      markDirty();
    },
    [markDirty],
  );
  const deleteNode = useCallback(
    (id: string) => {
      const next = removeNodes(latest.current.nodes, latest.current.edges, [id]);
      setNodes(next.nodes);
      setEdges(next.edges);
      markDirty();
    },
    [markDirty],
  );
  const clearSelection = useCallback(() => setNodes(deselected), []);
  const selectNode = useCallback(
    (id: string) => setNodes((nds) => nds.map((n) => (n.selected !== (n.id === id) ? { ...n, selected: n.id === id } : n))),
    [],
  );

  // Dragging changes a node's position on every mouse move: the properties panel and the variables only
  // follow what they show (the selected node's id, type and data; the nodes' types and data), so a drag
  // re-renders neither.
  const selected = useStableBy(
    useMemo(() => {
      let found: CanvasNode | null = null;
      for (const n of nodes)
        if (n.selected) {
          if (found) return null; // several: no panel
          found = n;
        }
      return found;
    }, [nodes]),
    (a, b) => a === b || (!!a && !!b && a.id === b.id && a.type === b.type && a.data === b.data),
  );
  const graphNodes = useStableBy(
    useMemo(() => nodes.map((n) => ({ id: n.id, type: n.type ?? '', data: n.data })), [nodes]),
    (a, b) => a.length === b.length && a.every((n, i) => n.id === b[i]!.id && n.type === b[i]!.type && n.data === b[i]!.data),
  );

  // what the selected node's placeholders can name (its upstream nodes by the current edges)
  const variables = useMemo(() => (selected ? flowVariables(selected.id, graphNodes, edges) : []), [selected, graphNodes, edges]);

  // ---- header actions -----------------------------------------------------------------------------

  async function rename(next: string): Promise<void> {
    const check = validateFlowRename(meta.name, next);
    if (!check.ok) {
      if (check.reason === 'too_long') notify.error(FLOW_MESSAGES.renameFailed, check.message, BUILDER_TOAST_MS);
      return;
    }
    const previous = meta.name;
    setMeta((m) => ({ ...m, name: check.name }));
    latest.current.meta = { ...latest.current.meta, name: check.name };
    try {
      await api.updateFlow(initial.id, { name: check.name });
      notify.success(FLOW_MESSAGES.renamed, undefined, BUILDER_TOAST_MS);
    } catch {
      setMeta((m) => ({ ...m, name: previous }));
      notify.error(FLOW_MESSAGES.renameFailed, undefined, BUILDER_TOAST_MS);
    }
  }

  async function saveNow() {
    saver.current!.markDirty(); // Save Flow always writes
    try {
      await saver.current!.flush({ throws: true });
      notify.success(FLOW_MESSAGES.saved, undefined, BUILDER_TOAST_MS);
    } catch {
      notify.error(FLOW_MESSAGES.saveFailed, undefined, BUILDER_TOAST_MS);
    }
  }

  async function back() {
    await saver.current!.flush();
    navigate('/flows');
  }

  const active = deployed ?? meta.status === 'active';
  const shownStatus = deployed === null ? meta.status : deployed ? 'active' : meta.status === 'active' ? 'inactive' : meta.status;

  // the canvas shows the results of the panel that is open: the Test Flow run, or the run picked in Runs
  const shownRun = runsOpen ? historyRun : run;
  const results = useMemo(() => (shownRun ? new Map<string, FlowRunNodeResult>((shownRun.nodes ?? []).map((r) => [r.nodeId, r])) : null), [shownRun]);
  const defaultViewport = initial.flowData.viewport ?? FLOW_DEFAULT_VIEWPORT;
  // decided once: a prop that turns true later would re-fit the view when a node is added
  const [fitView] = useState(
    () => defaultViewport.x === 0 && defaultViewport.y === 0 && defaultViewport.zoom === 1 && initial.flowData.nodes.length > 1,
  );
  // A large flow stays smooth only if the browser does not repaint every node and edge each frame:
  // it opens at a readable zoom (only the visible part is drawn) and its edges are not animated on screen
  // (the stored edges keep `animated: true`).
  const large = nodes.length > LARGE_FLOW_NODES;
  const fitViewOptions = useMemo(() => ({ maxZoom: FIT_MAX_ZOOM, ...(large ? { minZoom: LARGE_FLOW_MIN_FIT_ZOOM } : {}) }), [large]);
  // a saved viewport that shows none of the nodes (they moved, or it was saved elsewhere) opens fitted
  const onInit = useCallback(
    (instance: ReactFlowInstance<CanvasNode, CanvasEdge>) => {
      const rect = wrapper.current?.getBoundingClientRect();
      if (fitView || !rect?.width || !rect.height || latest.current.nodes.length === 0) return;
      if (!viewportShowsNodes(instance.getViewport(), rect, latest.current.nodes)) void instance.fitView(fitViewOptions);
    },
    [fitView, fitViewOptions],
  );
  const shownEdges = useMemo(() => (large ? edges.map((e) => (e.animated ? { ...e, animated: false } : e)) : edges), [edges, large]);

  return (
    <div className={styles.builder}>
      <header className={styles.header}>
        <Button variant="ghost" onClick={() => void back()}>
          ← Back to Flows
        </Button>
        {canEdit ? <EditableTitle name={meta.name} onCommit={(n) => void rename(n)} /> : <h1 className={styles.title}>{meta.name}</h1>}
        <StatusTag status={shownStatus} />
        {canEdit ? (
          <span className={styles.saveState} aria-live="polite">
            {saving ? 'Saving…' : dirty ? 'Unsaved changes' : 'All changes saved'}
          </span>
        ) : (
          <span className={styles.saveState}>Read only</span>
        )}
        <div className={styles.headerActions}>
          {canEdit && (
            <Button variant="secondary" onClick={() => setTestOpen((o) => !o)} aria-pressed={testOpen}>
              Test Flow
            </Button>
          )}
          <Button variant="secondary" onClick={() => setPanel((p) => (p === 'runs' ? null : 'runs'))} aria-pressed={runsOpen}>
            Runs
          </Button>
          <Button variant="secondary" onClick={() => setPanel((p) => (p === 'versions' ? null : 'versions'))} aria-pressed={versionsOpen}>
            Versions
          </Button>
          {canEdit && (
            <Button variant="secondary" onClick={() => void saveNow()} loading={saving}>
              Save Flow
            </Button>
          )}
          {canEdit && (
            <Button variant="secondary" onClick={() => setSavingVersion(true)}>
              Save version…
            </Button>
          )}
          {canEdit &&
            (active ? (
              <Button variant="secondary" onClick={() => void undeploy()} loading={deploying}>
                Undeploy
              </Button>
            ) : (
              <Button onClick={() => void deploy().then(() => setVersionsKey((k) => k + 1))} loading={deploying}>
                Deploy
              </Button>
            ))}
        </div>
      </header>
      {draftBanner}
      <div className={styles.body}>
        {canEdit && <Palette onAdd={addAtCentre} searchRef={paletteSearch} />}
        <div className={styles.canvas} ref={wrapper} onKeyDown={onCanvasKeyDown} data-testid="canvas">
          <CanvasActionsContext.Provider value={canvasActions}>
            <RunResultsContext.Provider value={results}>
              <ReactFlow<CanvasNode, CanvasEdge>
                nodes={nodes}
                edges={shownEdges}
                nodeTypes={NODE_TYPES}
                edgeTypes={EDGE_TYPES}
                onNodesChange={onNodesChange}
                onEdgesChange={onEdgesChange}
                onConnect={onConnect}
                nodesDraggable={canEdit}
                nodesConnectable={canEdit}
                onDrop={onDrop}
                onDragOver={onDragOver}
                onMoveEnd={onMoveEnd}
                onInit={onInit}
                onPaneClick={clearSelection}
                defaultViewport={defaultViewport}
                fitView={fitView}
                fitViewOptions={fitViewOptions}
                minZoom={FLOW_ZOOM.min}
                maxZoom={FLOW_ZOOM.max}
                deleteKeyCode={null}
                onlyRenderVisibleElements
                proOptions={{ hideAttribution: true }}
              >
                {CANVAS_CHROME}
              </ReactFlow>
            </RunResultsContext.Provider>
          </CanvasActionsContext.Provider>
          {picker && <NodePicker anchor={picker.anchor} title={picker.title} onPick={pick} onClose={closePicker} />}
        </div>
        {testOpen ? (
          <TestPanel
            payload={payload}
            onPayloadChange={setPayload}
            running={running}
            errors={testErrors}
            run={run}
            onRun={() => void runTest()}
            onClose={() => setTestOpen(false)}
            onSelectNode={selectNode}
          />
        ) : versionsOpen ? (
          <VersionsPanel
            flowId={initial.id}
            canEdit={canEdit}
            refreshKey={versionsKey}
            flush={flush}
            onRestored={loadRestored}
            onClose={() => setPanel(null)}
          />
        ) : runsOpen ? (
          <RunsPanel flowId={initial.id} selected={historyRun} onSelectRun={setHistoryRun} onClose={() => setPanel(null)} onSelectNode={selectNode} />
        ) : (
          selected && (
            <PropertiesPanel
              node={selected}
              onChange={updateNodeData}
              onDelete={deleteNode}
              onClose={clearSelection}
              readOnly={!canEdit}
              variables={variables}
            />
          )
        )}
      </div>
      <DeploymentDialog deployment={deployment} onClose={dismissDeployment} />
      <SaveVersionDialog
        open={savingVersion}
        flowId={initial.id}
        flush={flush}
        onSaved={() => setVersionsKey((k) => k + 1)}
        onClose={() => setSavingVersion(false)}
      />
    </div>
  );
}
