// /pages/builder and /pages/builder/:id: the page builder (spec 02 §2.6, §3.9, §4.6). Header with Back,
// title, tagline, Build / Preview, Save and Deploy; a settings bar (page name, bound agent); Build mode:
// sidebar (Blocks, Templates) and the drag-and-drop canvas inside the error boundary; Preview mode: the
// page as visitors see it with a working assistant; Deploy: save, publish, and the deployment screen.
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { DragDropContext, type DropResult } from '@hello-pangea/dnd';
import { canvasReducer, type PageTemplate } from './pages-canvas.js';
import { pageDraftSchema, type CanvasComponent, type PageDraft, type PageRow, type PublishPageResponse } from '@accent/pages-common';
import { refusalOr, roleRefusalText, useCanBuild } from '@accent/shared/client';
import {
  BackLink,
  Button,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  LoadingState,
  Select,
  TextField,
  useDiscardChanges,
  useEditorDraft,
  usePendingSaveGuard,
} from '@accent/shared/ui';
import { cannotRunNote } from '@accent/agents-common';
import { useAgents } from '../common/useAgents.js';
import { PERSONALIZED_LINKS, personalizePath, type PersonalizeFrom } from '../content/PersonalizePage.js';
import { builderPath } from '../dashboard/PagesDashboardPage.js';
import { DeploymentScreen } from '../deploy/DeploymentScreen.js';
import { studioAsk } from '../renderer/ask.js';
import { PageView } from '../renderer/PageView.js';
import { errorMessage, usePagesEnv } from '../state/PagesDataContext.js';
import { Canvas } from './Canvas.js';
import { CanvasErrorBoundary } from './CanvasErrorBoundary.js';
import { dropAction } from './dnd.js';
import { PropsEditor } from './PropsEditor.js';
import { Sidebar } from './Sidebar.js';
import styles from './Builder.module.css';

export const BUILDER_TEXTS = {
  title: 'AI Page Builder',
  tagline: 'Drag. Drop. Deploy.',
  deploy: 'Deploy',
  deploying: 'Deploying...',
  untitled: 'Untitled Page',
  chooseAgent: 'Choose the agent this page talks to before deploying.',
  // the save state: a new page nobody touched has nothing unsaved
  notSaved: 'Not saved yet',
  unsaved: 'Unsaved changes',
  allSaved: 'All changes saved',
  saving: 'Saving...',
  // where the stored page stands against what visitors see
  draft: 'Saved as a draft; Deploy publishes it.',
  published: 'Published: visitors see this version.',
  publishedWithDraft: 'Published; your saved changes are a draft until you deploy them.',
} as const;

interface EditablePage {
  id: string | null;
  /** what visitors see: never published, or published with this draft or an older one */
  published: 'never' | 'this' | 'older';
  name: string;
  description: string;
  agent_name: string;
  template_id: string | null;
  components: CanvasComponent[];
}

const fromRow = (row: PageRow): EditablePage => ({
  id: row.id,
  // a publish freezes the draft in the same statement's time; a later save moves updated_at past it
  published:
    row.status !== 'published' || !row.published_at ? 'never' : Date.parse(row.updated_at) <= Date.parse(row.published_at) ? 'this' : 'older',
  name: row.name,
  description: row.description,
  agent_name: row.agent_name,
  template_id: row.template_id,
  components: row.components,
});
const blank = (): EditablePage => ({
  id: null,
  published: 'never',
  name: BUILDER_TEXTS.untitled,
  description: '',
  agent_name: '',
  template_id: null,
  components: [],
});

type Load = { state: 'loading' } | { state: 'ready'; page: EditablePage } | { state: 'missing' } | { state: 'error'; message: string };

/** Route state after the first save of a new page: the saved row, so the editor goes on without a reload. */
export interface BuilderLocationState {
  page?: PageRow;
}

export function PagesEditorPage() {
  const { id } = useParams();
  const { api } = usePagesEnv();
  const navigate = useNavigate();
  const location = useLocation();
  const handedOver = (location.state as BuilderLocationState | null)?.page;
  const [load, setLoad] = useState<Load>(() =>
    !id ? { state: 'ready', page: blank() } : handedOver?.id === id ? { state: 'ready', page: fromRow(handedOver) } : { state: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);
  const canEdit = useCanBuild();

  // The handed-over row is good for this one render only: the browser keeps history state across a
  // reload, and the page must then be read again (it may have been saved on the way out).
  useEffect(() => {
    if (handedOver) navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [handedOver, location.pathname, location.search, navigate]);

  useEffect(() => {
    if (!id) {
      setLoad((l) => (l.state === 'ready' && l.page.id === null ? l : { state: 'ready', page: blank() }));
      return;
    }
    if (load.state === 'ready' && load.page.id === id) return;
    if (handedOver?.id === id) {
      setLoad({ state: 'ready', page: fromRow(handedOver) });
      return;
    }
    let live = true;
    setLoad({ state: 'loading' });
    api.getPage(id).then(
      (row) => live && setLoad(row ? { state: 'ready', page: fromRow(row) } : { state: 'missing' }),
      (err: unknown) => live && setLoad({ state: 'error', message: errorMessage(err, 'Could not load the page.') }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, api, attempt]);

  if (!canEdit && !id)
    return (
      <EmptyState
        title="Pages are read-only for you"
        text={roleRefusalText('creating pages')}
        action={<Button onClick={() => navigate('/pages')}>Back to Pages</Button>}
      />
    );
  if (load.state === 'loading') return <LoadingState text="Loading page..." />;
  if (load.state === 'error') return <ErrorState message={load.message} onRetry={() => setAttempt((a) => a + 1)} />;
  if (load.state === 'missing')
    return (
      <EmptyState
        title="Page not found"
        text="This page does not exist or was deleted."
        action={<Button onClick={() => navigate('/pages')}>Back to Pages</Button>}
      />
    );
  return <PageEditor key={load.page.id ?? 'new'} initial={load.page} />;
}

export const DISCARD_MESSAGE = 'You have unsaved changes to this page. If you go back now, they will be lost.';

const draftOf = (p: Omit<EditablePage, 'id' | 'published'>): PageDraft => ({
  name: p.name,
  description: p.description,
  agent_name: p.agent_name,
  template_id: p.template_id,
  components: p.components,
});
const snapshot = (p: Omit<EditablePage, 'id' | 'published'>) => JSON.stringify(draftOf(p));

function PageEditor({ initial }: { initial: EditablePage }) {
  const env = usePagesEnv();
  const { api, notify } = env;
  const navigate = useNavigate();
  const agents = useAgents();
  const canEdit = useCanBuild();
  const [pageId, setPageId] = useState(initial.id);
  const idRef = useRef(initial.id);
  const [name, setName] = useState(initial.name);
  const [agentName, setAgentName] = useState(initial.agent_name);
  const [templateId, setTemplateId] = useState(initial.template_id);
  const [components, dispatch] = useReducer(canvasReducer, initial.components);
  // a new page starts as the blank it was given: untouched, it has nothing unsaved
  const [saved, setSaved] = useState(() => snapshot(initial));
  /** the draft visitors see ('' : an older one; null: never published) */
  const [publishedDraft, setPublishedDraft] = useState<string | null>(() =>
    initial.published === 'never' ? null : initial.published === 'this' ? snapshot(initial) : '',
  );
  const [deployPhase, setDeployPhase] = useState<'deploying' | 'success' | 'error'>('deploying');
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; agent?: string }>({});
  const [previewMode, setPreviewMode] = useState(false);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [isDeploying, setIsDeploying] = useState(false);
  const [threadId, setThreadId] = useState(() => env.newThreadId());
  const [confirm, setConfirm] = useState<{ kind: 'template'; template: PageTemplate } | { kind: 'clear' } | null>(null);
  // Opening the builder puts the focus on its heading (not on <body>): the keyboard starts at the top.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const current = { name, description: initial.description, agent_name: agentName, template_id: templateId, components };
  const dirty = snapshot(current) !== saved;
  // Leaving with unsaved changes asks first: Back, sidebar and header links, the browser's back button.
  const {
    back,
    dialog: discardDialog,
    proceed,
  } = useDiscardChanges({ dirty: dirty && canEdit, leave: () => navigate('/pages'), message: DISCARD_MESSAGE });
  const editing = components.find((c) => c.id === activeId) ?? null;

  /** Checks the draft; the problems go next to their fields. */
  const validDraft = (requireAgent: boolean): PageDraft | null => {
    const parsed = pageDraftSchema.safeParse(draftOf(current));
    const next: typeof errors = {};
    if (!parsed.success) {
      const nameIssue = parsed.error.issues.find((i) => i.path[0] === 'name');
      if (nameIssue) next.name = nameIssue.message;
      const other = parsed.error.issues.find((i) => i.path[0] !== 'name');
      if (other) notify.error('Cannot save the page', other.message);
    }
    if (requireAgent && !agentName.trim()) next.agent = BUILDER_TEXTS.chooseAgent;
    setErrors(next);
    return parsed.success && !next.agent ? parsed.data : null;
  };

  /** Saves the draft (an insert the first time); resolves with the stored row. */
  const lastSaved = useRef<PageRow | null>(null);
  const persist = async (draft: PageDraft): Promise<PageRow> => {
    const row = await api.savePage(draft, idRef.current);
    idRef.current = row.id;
    lastSaved.current = row;
    setPageId(row.id);
    setSaved(snapshot(draft));
    return row;
  };

  // A new page's address follows its first save (not while the deployment screen is up: the route change
  // would replace the editor, so that waits for Build Another).
  const followAddress = () => {
    const row = lastSaved.current;
    if (initial.id === null && row)
      proceed(() => navigate(`/pages/builder/${encodeURIComponent(row.id)}`, { replace: true, state: { page: row } satisfies BuilderLocationState }));
  };

  const save = async () => {
    const draft = validDraft(false);
    if (!draft) return;
    setSaving(true);
    try {
      const row = await persist(draft);
      notify.success('Page saved', `${row.name} has been saved.`);
      followAddress();
    } catch (err) {
      notify.error('Save failed', refusalOr(err, 'saving pages', errorMessage(err, 'Could not save the page. Please check your connection.')));
    } finally {
      setSaving(false);
    }
  };

  // Reloading or closing the tab saves the draft of a stored page at once (one request; a new page is
  // never created that way) and, while anything is unsaved, asks to confirm.
  usePendingSaveGuard({
    pending: dirty || saving,
    flush: () => {
      const id = idRef.current;
      const parsed = pageDraftSchema.safeParse(draftOf(current));
      if (!canEdit || !dirty || !id || !parsed.success) return;
      const draft = parsed.data;
      api.savePage(draft, id).then(
        () => setSaved(snapshot(draft)),
        () => undefined, // still shown as unsaved if the page stays
      );
    },
  });

  // A sign-out elsewhere keeps the unsaved page in this browser; the next visit offers it back.
  const { banner: draftBanner } = useEditorDraft({
    editor: 'page',
    id: pageId ?? 'new',
    value: () => draftOf(current),
    dirty: dirty && canEdit,
    ready: true,
    restore: (kept) => {
      setName(kept.name);
      setAgentName(kept.agent_name);
      setTemplateId(kept.template_id);
      dispatch({ type: 'replace', components: kept.components });
    },
  });

  const deploy = () => {
    if (!validDraft(true)) return;
    setActiveId(null);
    setDeployPhase('deploying');
    setIsDeploying(true);
  };

  // What the deployment screen runs (again on Retry): save when needed, then publish.
  const publish = async (): Promise<PublishPageResponse> => {
    const draft = pageDraftSchema.parse(draftOf(current));
    const id = dirty || !idRef.current ? (await persist(draft)).id : idRef.current;
    const published = await api.publishPage(id);
    setPublishedDraft(snapshot(draft));
    // a new page's editor is opened again at its address after Build Another: with the row as published
    const row = lastSaved.current;
    if (row?.id === id)
      lastSaved.current = {
        ...row,
        status: 'published',
        slug: published.slug,
        published_version: published.version,
        published_at: published.published_at,
      };
    return published;
  };

  const completeDeploy = () => {
    setIsDeploying(false);
    followAddress();
  };

  const onDragEnd = useCallback((result: DropResult) => {
    const action = dropAction(result);
    if (action) dispatch(action);
  }, []);

  const useTemplate = (template: PageTemplate) => {
    if (components.length > 0) setConfirm({ kind: 'template', template });
    else applyTemplate(template);
  };
  const applyTemplate = (template: PageTemplate) => {
    dispatch({ type: 'loadTemplate', template });
    setTemplateId(template.id);
    if (name === BUILDER_TEXTS.untitled || !name.trim()) setName(template.name);
  };

  const ask = useMemo(() => studioAsk(env.invoke, agentName, components), [env.invoke, agentName, components]);
  // an agent whose steps' provider has no key is marked in its option's own text, so screen readers say it too
  const agentOptions =
    agents.status === 'ready' ? agents.agents.map((a) => ({ value: a.name, label: agentLabel(a.name, cannotRunNote(a.missingProviders)) })) : [];
  const chosenNote = agents.status === 'ready' ? cannotRunNote(agents.agents.find((a) => a.name === agentName)?.missingProviders) : null;
  if (agentName && !agentOptions.some((o) => o.value === agentName))
    agentOptions.unshift({ value: agentName, label: agents.status === 'ready' ? `${agentName} (not found)` : agentName });

  const saveState = saving ? BUILDER_TEXTS.saving : dirty ? BUILDER_TEXTS.unsaved : pageId ? BUILDER_TEXTS.allSaved : BUILDER_TEXTS.notSaved;
  const standing =
    publishedDraft === null ? BUILDER_TEXTS.draft : publishedDraft === saved ? BUILDER_TEXTS.published : BUILDER_TEXTS.publishedWithDraft;

  // A member may not change pages (the server refuses): the page as visitors see it, nothing to edit.
  if (!canEdit)
    return (
      <div className={styles.builder}>
        <header className={styles.header}>
          <BackLink onClick={() => navigate('/pages')} aria-label="Back to Pages">
            Back
          </BackLink>
          <div className={styles.titleBox}>
            <h1 className={styles.title} ref={headingRef} tabIndex={-1}>
              {name}
            </h1>
            <p className={styles.tagline}>{agentName ? `Answered by ${agentName}` : 'No agent chosen'}</p>
          </div>
          <span className={styles.saveState}>Read only</span>
        </header>
        <div className={styles.preview}>
          <PageView components={components} ask={ask} threadId={threadId} onClearHistory={() => setThreadId(env.newThreadId())} label="Preview" />
        </div>
      </div>
    );

  return (
    <div className={styles.builder}>
      <header className={styles.header}>
        <BackLink onClick={back} aria-label="Back to Pages">
          Back
        </BackLink>
        <div className={styles.titleBox}>
          <h1 className={styles.title} ref={headingRef} tabIndex={-1}>
            {BUILDER_TEXTS.title}
          </h1>
          <p className={styles.tagline}>{BUILDER_TEXTS.tagline}</p>
        </div>
        <div className={styles.modes} role="group" aria-label="Mode">
          <button type="button" className={styles.mode} aria-pressed={!previewMode} onClick={() => setPreviewMode(false)} disabled={isDeploying}>
            Build
          </button>
          <button type="button" className={styles.mode} aria-pressed={previewMode} onClick={() => setPreviewMode(true)} disabled={isDeploying}>
            Preview
          </button>
        </div>
        <span className={styles.saveState} role="status">
          {saveState}
        </span>
        <Button variant="secondary" onClick={() => void save()} loading={saving} disabled={isDeploying}>
          Save
        </Button>
        <Button onClick={deploy} disabled={isDeploying}>
          {isDeploying && deployPhase === 'deploying' ? BUILDER_TEXTS.deploying : BUILDER_TEXTS.deploy}
        </Button>
      </header>

      {isDeploying ? (
        <DeploymentScreen publish={publish} onComplete={completeDeploy} onPhase={setDeployPhase} random={env.random} />
      ) : (
        <>
          {draftBanner}
          <div className={styles.settings}>
            <TextField
              label="Page name"
              required
              value={name}
              maxLength={100}
              onChange={(e) => setName(e.target.value)}
              error={errors.name}
              fieldClassName={styles.settingName}
            />
            <Select
              label="Agent"
              required
              value={agentName}
              placeholder={agents.status === 'loading' ? 'Loading agents...' : 'Choose an agent'}
              options={agentOptions}
              onChange={(e) => {
                setAgentName(e.target.value);
                setErrors((x) => ({ ...x, agent: undefined }));
              }}
              error={errors.agent ?? (agents.status === 'error' ? agents.message : undefined)}
              hint={chosenNote ? `${agentName} cannot run now: ${chosenNote}.` : "The agent that answers this page's visitors."}
              fieldClassName={styles.settingAgent}
            />
            {agents.status === 'error' && (
              <Button variant="secondary" size="sm" onClick={agents.reload}>
                Retry
              </Button>
            )}
            {pageId && <span className={styles.pageId}>{standing}</span>}
            {/* a published page's prospect-specific links, also reachable without the experimental Content area */}
            {pageId && publishedDraft !== null && (
              <Link to={personalizePath(pageId)} state={{ back: { to: builderPath(pageId), label: 'Page builder' } } satisfies PersonalizeFrom}>
                {PERSONALIZED_LINKS}
              </Link>
            )}
          </div>

          {previewMode ? (
            <div className={styles.preview}>
              <PageView components={components} ask={ask} threadId={threadId} onClearHistory={() => setThreadId(env.newThreadId())} label="Preview" />
            </div>
          ) : (
            <CanvasErrorBoundary
              onError={(error, info) => env.logError('Page builder canvas error:', error, info.componentStack)}
              onReload={env.reload}
            >
              <DragDropContext onDragEnd={onDragEnd}>
                <div className={styles.workspace}>
                  <Sidebar
                    currentTemplate={templateId}
                    onUseTemplate={useTemplate}
                    onClear={() => setConfirm({ kind: 'clear' })}
                    canClear={components.length > 0}
                  />
                  <Canvas
                    components={components}
                    activeId={activeId}
                    onEdit={setActiveId}
                    onDelete={(cid) => dispatch({ type: 'delete', id: cid })}
                  />
                </div>
              </DragDropContext>
            </CanvasErrorBoundary>
          )}
        </>
      )}

      {editing && !isDeploying && (
        <PropsEditor component={editing} onSave={(props) => dispatch({ type: 'update', id: editing.id, props })} onClose={() => setActiveId(null)} />
      )}

      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.kind === 'clear' ? 'Clear canvas' : 'Use template'}
        message={
          confirm?.kind === 'template'
            ? `Loading "${confirm.template.name}" replaces every block on the canvas.`
            : 'Remove every block from the canvas?'
        }
        confirmLabel={confirm?.kind === 'clear' ? 'Clear' : 'Replace'}
        danger
        onConfirm={() => {
          if (confirm?.kind === 'template') applyTemplate(confirm.template);
          else {
            dispatch({ type: 'clear' });
            setTemplateId(null);
          }
          setConfirm(null);
        }}
        onCancel={() => setConfirm(null)}
      />
      {discardDialog}
    </div>
  );
}

/** "Support Assistant (no API key for Anthropic)" for an agent that cannot run now, else its name. */
const agentLabel = (name: string, note: string | null) => (note ? `${name} (${note})` : name);
