// The mission editor, shared by the admin routes (/missions/new, /missions/:id) and the end user's
// (/end-user/missions/create, /end-user/missions/edit/:id): basics, parameters, schedule with a live
// preview, delivery, sharing, status and tags; validated with the shared zod schema; saved with an upsert.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  MISSION_SCOPES,
  MISSION_SCOPE_LABELS,
  MISSION_STATUSES,
  MISSION_STATUS_LABELS,
  type Mission,
  type MissionScope,
  type MissionStatus,
} from '@accent/missions-common';
import { msg, type AgentListItem } from '@accent/agents-common';
import { useSession } from '@accent/shared/client';
import {
  BackLink,
  Button,
  EmptyState,
  ErrorState,
  FormGrid,
  FormSection,
  LoadingState,
  Notice,
  Page,
  PageHeader,
  Select,
  StatusBadge,
  TextArea,
  TextField,
  useDiscardChanges,
  useEditorDraft,
  usePendingSaveGuard,
} from '@accent/shared/ui';
import { MISSION_TEXTS, useDeleteMission, useRunNow } from '../common/actions.js';
import { MissionRuns, type MissionRunsHandle } from '../runs/MissionRuns.js';
import { errorMessage, useMissionsEnv } from '../state/MissionsDataContext.js';
import { canManageMission } from '../state/permissions.js';
import { DeliveryFields } from './DeliveryFields.js';
import { FIELD_ORDER, formFromMission, newMissionForm, validateMissionForm, type FormErrors, type MissionForm } from './form.js';
import { ParametersEditor } from './ParametersEditor.js';
import { ScheduleFields } from './ScheduleFields.js';
import { TagsInput } from './TagsInput.js';
import styles from './Editor.module.css';

export const CREATE_MISSION_TITLE = 'Create Mission';
export const editMissionTitle = (name: string) => `Edit ${name}`;
export const DISCARD_MESSAGE = 'You have unsaved changes to this mission. If you go back now, they will be lost.';
const SCOPE_HINTS: Record<MissionScope, string> = {
  private: 'Only you (and administrators) see it and its results.',
  library: 'Everyone in the library sees it and its results.',
};

const FIELD_IDS: Record<string, string> = {
  name: 'mission-name',
  agent_id: 'mission-agent',
  'schedule.frequency': 'mission-frequency',
  'schedule.time': 'mission-time',
  'schedule.daysOfWeek': 'mission-days',
  'schedule.dayOfMonth': 'mission-day-of-month',
  'delivery.email': 'mission-email',
  'delivery.webhookUrl': 'mission-webhook',
};

function focusFirstError(errors: FormErrors) {
  const keys = Object.keys(errors);
  for (const field of FIELD_ORDER) {
    const key = field === 'parameters' ? keys.find((k) => k.startsWith('parameters.')) : keys.includes(field) ? field : undefined;
    if (!key) continue;
    const id = key.startsWith('parameters.') ? `mission-param-key-${key.split('.')[1]}` : FIELD_IDS[key];
    const el = id ? document.getElementById(id) : null;
    if (el) {
      el.focus();
      return;
    }
  }
}

export interface MissionEditorProps {
  /** undefined: a new mission */
  missionId?: string;
  /** where Back, Cancel, Save and Delete lead */
  backTo: string;
  backLabel: string;
  /** agent preselected for a new mission (?agent= on the admin dashboard) */
  initialAgent?: string | null;
}

type Loaded = { status: 'loading' } | { status: 'error'; message: string } | { status: 'missing' } | { status: 'ready'; mission: Mission | null };

export function MissionEditor({ missionId, backTo, backLabel, initialAgent }: MissionEditorProps) {
  const { api, notify, newId, defaultTimeZone, timeZones } = useMissionsEnv();
  const { user } = useSession();
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<Loaded>(missionId ? { status: 'loading' } : { status: 'ready', mission: null });
  const [form, setForm] = useState<MissionForm | null>(null);
  const [baseline, setBaseline] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [agents, setAgents] = useState<AgentListItem[] | null>(null);
  const [agentsError, setAgentsError] = useState<string | null>(null);
  const zones = useMemo(() => timeZones(), [timeZones]);
  const runsRef = useRef<MissionRunsHandle>(null);
  // Opening the editor puts the focus on its heading, not on <body>: the keyboard starts at the top.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const load = useCallback(async () => {
    if (!missionId) return;
    setLoaded({ status: 'loading' });
    try {
      const mission = await api.getMission(missionId);
      if (!mission) return setLoaded({ status: 'missing' });
      const f = formFromMission(mission, defaultTimeZone(), user?.email ?? '');
      setForm(f);
      setBaseline(JSON.stringify(f));
      setLoaded({ status: 'ready', mission });
    } catch (err) {
      setLoaded({ status: 'error', message: errorMessage(err) });
    }
    // user is read once (a token refresh must not reload the form)
  }, [api, missionId, defaultTimeZone]);

  useEffect(() => {
    if (missionId) {
      void load();
      return;
    }
    const f = newMissionForm({ id: newId(), timezone: defaultTimeZone(), createdBy: user?.email ?? '', agentId: initialAgent ?? '' });
    setForm(f);
    setBaseline(JSON.stringify(f));
    // one new form per mount
  }, [missionId]);

  const loadAgents = useCallback(async () => {
    setAgentsError(null);
    try {
      setAgents(await api.listAgents());
    } catch (err) {
      setAgentsError(errorMessage(err));
    }
  }, [api]);
  useEffect(() => {
    void loadAgents();
  }, [loadAgents]);

  // A preselected agent gets its display name once the list is there.
  useEffect(() => {
    if (!agents || !form?.agentId) return;
    const match = agents.find((a) => a.name === form.agentId);
    if (match && form.agentName !== (match.title || match.name) && !missionId) {
      setForm((f) => (f ? { ...f, agentName: match.title || match.name } : f));
    }
  }, [agents, form?.agentId, form?.agentName, missionId]);

  const mission = loaded.status === 'ready' ? loaded.mission : null;
  const readOnly = Boolean(mission && !canManageMission(user, mission));
  const dirty = Boolean(form && !readOnly && JSON.stringify(form) !== baseline);
  const errors = useMemo<FormErrors>(() => (form && submitted ? validateMissionForm(form).errors : {}), [form, submitted]);

  const { runNow, running } = useRunNow(() => runsRef.current?.reload());
  const { askDelete, dialog: deleteDialog } = useDeleteMission(() => proceed(() => navigate(backTo)));

  // Leaving the page (reload, closing the tab) with unsaved changes asks the browser to confirm.
  usePendingSaveGuard({ pending: dirty || saving });
  // A sign-out elsewhere keeps the unsaved mission in this browser; the next visit offers it back.
  const { banner: draftBanner } = useEditorDraft<MissionForm | null>({
    editor: 'mission',
    id: missionId ?? 'new',
    value: () => form,
    dirty,
    ready: loaded.status === 'ready' && form !== null,
    restore: (kept) => kept && setForm(kept),
  });

  const patch = (p: Partial<MissionForm>) => {
    setForm((f) => (f ? { ...f, ...p } : f));
    setSaveError(null);
  };

  const save = async () => {
    if (!form || saving) return;
    setSubmitted(true);
    const { write, errors: found } = validateMissionForm(form);
    if (!write) {
      // after React has rendered the messages
      setTimeout(() => focusFirstError(found), 0);
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      const saved = await api.upsertMission(write);
      notify.success(MISSION_TEXTS.saved, MISSION_TEXTS.savedMessage(saved.name || write.name));
      setBaseline(JSON.stringify(form));
      proceed(() => navigate(backTo));
    } catch (err) {
      const message = errorMessage(err);
      setSaveError(message);
      notify.error(MISSION_TEXTS.saveFailed, message);
    } finally {
      setSaving(false);
    }
  };

  const { back, dialog: discardDialog, proceed } = useDiscardChanges({ dirty, leave: () => navigate(backTo), message: DISCARD_MESSAGE });

  const agentOptions = useMemo(() => {
    const options = (agents ?? []).map((a) => ({ value: a.name, label: a.title && a.title !== a.name ? `${a.title} (${a.name})` : a.name }));
    if (form?.agentId && !options.some((o) => o.value === form.agentId)) {
      options.unshift({ value: form.agentId, label: agents ? `${form.agentName || form.agentId} (not available)` : form.agentName || form.agentId });
    }
    return options;
  }, [agents, form?.agentId, form?.agentName]);

  const title = missionId ? editMissionTitle(mission?.name ?? form?.name ?? '') : CREATE_MISSION_TITLE;

  let content;
  if (loaded.status === 'error') {
    content = <ErrorState message={`Failed to load mission: ${loaded.message}`} onRetry={() => void load()} />;
  } else if (loaded.status === 'missing') {
    content = (
      <EmptyState
        title="Mission not found"
        text="It may have been deleted, or it is not shared with you."
        action={<Button onClick={() => navigate(backTo)}>{backLabel}</Button>}
      />
    );
  } else if (loaded.status === 'loading' || !form) {
    content = <LoadingState text="Loading mission..." />;
  } else {
    content = (
      <form
        className={styles.form}
        noValidate
        aria-labelledby="mission-editor-title"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {draftBanner}
        {saveError && (
          <Notice tone="danger" role="alert">
            {saveError}
          </Notice>
        )}
        {submitted && Object.keys(errors).length > 0 && (
          <Notice tone="danger" role="alert">
            Fix the highlighted fields to save the mission.
          </Notice>
        )}
        <fieldset className={styles.fieldset} disabled={readOnly || saving}>
          <FormSection title="Mission" titleId="mission-basics-title">
            <FormGrid>
              <TextField
                id="mission-name"
                label="Name"
                required
                maxLength={200}
                value={form.name}
                error={errors.name}
                onChange={(e) => patch({ name: e.target.value })}
              />
              <div className={styles.agentField}>
                <Select
                  id="mission-agent"
                  label="Agent"
                  required
                  placeholder={agents ? 'Select an agent' : 'Loading agents...'}
                  options={agentOptions}
                  value={form.agentId}
                  error={errors.agent_id}
                  hint={agentsError ? undefined : 'The agent that carries out the mission.'}
                  onChange={(e) => {
                    const a = agents?.find((x) => x.name === e.target.value);
                    patch({ agentId: e.target.value, agentName: a ? a.title || a.name : e.target.value });
                  }}
                />
                {agentsError && (
                  <p className={styles.inlineError} role="alert">
                    {msg.failedToLoadAgents(agentsError)}{' '}
                    <Button variant="ghost" size="sm" onClick={() => void loadAgents()}>
                      Retry
                    </Button>
                  </p>
                )}
              </div>
            </FormGrid>
            <TextArea label="Description" rows={2} value={form.description} onChange={(e) => patch({ description: e.target.value })} />
            <TextArea
              label="Prompt"
              rows={5}
              value={form.prompt}
              hint="What the agent should do each time the mission runs."
              onChange={(e) => patch({ prompt: e.target.value })}
            />
          </FormSection>
          <ParametersEditor rows={form.parameters} errors={errors} onChange={(parameters) => patch({ parameters })} />
          <ScheduleFields form={form} errors={errors} timeZones={zones} onChange={patch} />
          <DeliveryFields form={form} errors={errors} onChange={patch} />
          <FormSection as="fieldset" title="Sharing and status">
            <FormGrid>
              <div role="radiogroup" aria-label="Who can see it" className={styles.radioColumn}>
                <span className={styles.label} aria-hidden="true">
                  Who can see it
                </span>
                {MISSION_SCOPES.map((scope) => (
                  <label key={scope} className={styles.radio}>
                    <input type="radio" name="mission-scope" checked={form.scope === scope} onChange={() => patch({ scope })} />
                    <span>
                      {MISSION_SCOPE_LABELS[scope]}
                      <span className={styles.radioHint}>{SCOPE_HINTS[scope]}</span>
                    </span>
                  </label>
                ))}
              </div>
              <Select
                label="Status"
                value={form.status}
                options={MISSION_STATUSES.map((s) => ({ value: s, label: MISSION_STATUS_LABELS[s] }))}
                hint="Only active missions run on their schedule."
                onChange={(e) => patch({ status: e.target.value as MissionStatus })}
              />
            </FormGrid>
            <TagsInput tags={form.tags} onChange={(tags) => patch({ tags })} disabled={readOnly || saving} />
          </FormSection>
        </fieldset>
        {!readOnly && (
          <div className={styles.formActions}>
            <Button variant="secondary" onClick={back} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" loading={saving}>
              {saving ? 'Saving...' : 'Save Mission'}
            </Button>
          </div>
        )}
      </form>
    );
  }

  return (
    <Page labelledBy="mission-editor-title">
      <PageHeader
        titleId="mission-editor-title"
        titleRef={headingRef}
        title={title}
        back={<BackLink onClick={back}>{backLabel}</BackLink>}
        meta={
          <>
            {readOnly && <StatusBadge tone="neutral">Read only</StatusBadge>}
            {dirty && <StatusBadge tone="info">Unsaved changes</StatusBadge>}
          </>
        }
        actions={
          mission && (
            <>
              <Button
                variant="secondary"
                onClick={() => void runNow(mission)}
                loading={running === mission.id}
                title={dirty ? 'Runs the saved version' : undefined}
              >
                Run now
              </Button>
              {!readOnly && (
                <Button variant="danger" onClick={() => askDelete(mission)}>
                  Delete
                </Button>
              )}
            </>
          )
        }
      />
      {content}
      {mission && <MissionRuns ref={runsRef} missionId={mission.id} missionName={mission.name} />}
      {deleteDialog}
      {discardDialog}
    </Page>
  );
}
