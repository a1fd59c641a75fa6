// Run now, Pause / Resume and Delete, shared by the dashboard, the editor and My Missions.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { MISSION_STATUS_LABELS, type Mission, type MissionStatus } from '@accent/missions-common';
import { msg } from '@accent/agents-common';
import { ConfirmDialog } from '@accent/shared/ui';
import { errorMessage, useMissionsEnv } from '../state/MissionsDataContext.js';

export const MISSION_TEXTS = {
  started: 'Mission started',
  startedMessage: (name: string) => `"${name}" is running. Its result will appear in Mission results.`,
  runFailed: 'Run failed',
  deleted: 'Mission deleted',
  deleteFailed: 'Delete failed',
  deleteFailedMessage: (name: string) => `"${name}" could not be deleted.`,
  deleteTitle: 'Delete Mission',
  saved: 'Mission saved',
  savedMessage: (name: string) => `"${name}" was saved.`,
  saveFailed: 'Save failed',
  updateFailed: 'Update failed',
  paused: 'Mission paused',
  resumed: 'Mission resumed',
};

/** How often a started run is checked on, and for how long at most (a run has its own timeout). */
export const RUN_FOLLOW_INTERVAL_MS = 1000;
export const RUN_FOLLOW_LIMIT_MS = 120_000;

/**
 * Queues a run; toasts the outcome. `running` is the id of the mission being started. With `onFinished`,
 * the mission is read again every second until its run is counted (or a limit passes), so a list shows
 * the new last run, executions and success rate when the run ends instead of at the next refresh.
 */
export function useRunNow(onStarted?: (mission: Mission, runId: string) => void, onFinished?: (mission: Mission) => void) {
  const { api, notify } = useMissionsEnv();
  const [running, setRunning] = useState<string | null>(null);
  const finished = useRef(onFinished);
  finished.current = onFinished;
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const t of pending) clearTimeout(t);
      pending.clear();
    };
  }, []);

  const follow = (id: string, executionsBefore: number | null, lastRunBefore: string | null) => {
    const started = Date.now();
    const check = () => {
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        api.getMission(id).then(
          (m) => {
            if (!m) return;
            const counted = executionsBefore === null || m.execution_count > executionsBefore || m.last_run !== lastRunBefore;
            if (counted) finished.current?.(m);
            else if (Date.now() - started < RUN_FOLLOW_LIMIT_MS) check();
          },
          () => {
            if (Date.now() - started < RUN_FOLLOW_LIMIT_MS) check();
          },
        );
      }, RUN_FOLLOW_INTERVAL_MS);
      timers.current.add(timer);
    };
    check();
  };

  const runNow = async (mission: Pick<Mission, 'id' | 'name'> & Partial<Pick<Mission, 'execution_count' | 'last_run'>>) => {
    setRunning(mission.id);
    try {
      const runId = await api.runNow(mission.id);
      notify.success(MISSION_TEXTS.started, MISSION_TEXTS.startedMessage(mission.name));
      onStarted?.(mission as Mission, runId);
      if (finished.current) follow(mission.id, mission.execution_count ?? null, mission.last_run ?? null);
    } catch (err) {
      notify.error(MISSION_TEXTS.runFailed, errorMessage(err));
    } finally {
      setRunning(null);
    }
  };
  return { runNow, running };
}

/** Pauses / resumes (sets the status); toasts the outcome. `updating` is the id of the mission being updated. */
export function useSetMissionStatus(onUpdated: (mission: Mission) => void) {
  const { api, notify } = useMissionsEnv();
  const [updating, setUpdating] = useState<string | null>(null);
  const setStatus = async (mission: Mission, next: MissionStatus) => {
    setUpdating(mission.id);
    try {
      onUpdated(await api.updateMission(mission.id, { status: next }));
      notify.success(next === 'paused' ? MISSION_TEXTS.paused : MISSION_TEXTS.resumed, `"${mission.name}" is ${MISSION_STATUS_LABELS[next].toLowerCase()}.`);
    } catch (err) {
      notify.error(MISSION_TEXTS.updateFailed, errorMessage(err));
    } finally {
      setUpdating(null);
    }
  };
  return { setStatus, updating };
}

/** Asks for confirmation (spec 01 §5 wording), then deletes; toasts the outcome. */
export function useDeleteMission(onDeleted: (mission: Mission) => void): { askDelete(mission: Mission): void; dialog: ReactNode } {
  const { api, notify } = useMissionsEnv();
  const [pending, setPending] = useState<Mission | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    const mission = pending;
    if (!mission) return;
    setBusy(true);
    const ok = await api.deleteMission(mission.id).catch(() => false);
    setBusy(false);
    setPending(null);
    if (ok) {
      notify.success(MISSION_TEXTS.deleted, msg.successfullyDeleted(mission.name));
      onDeleted(mission);
    } else {
      notify.error(MISSION_TEXTS.deleteFailed, MISSION_TEXTS.deleteFailedMessage(mission.name));
    }
  };
  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title={MISSION_TEXTS.deleteTitle}
      message={pending ? msg.confirmDelete(pending.name) : ''}
      confirmLabel="Delete"
      danger
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={() => {
        if (!busy) setPending(null);
      }}
    />
  );
  return { askDelete: setPending, dialog };
}
