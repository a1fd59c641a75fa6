// /end-user/my-missions: the user's own missions (listMissionsByUser) as cards, with Create, Edit,
// Run now, Pause / Resume and Delete.
import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router';
import { scheduleText, type Mission } from '@accent/missions-common';
import { useSession } from '@accent/shared/client';
import { Button, EmptyState, ErrorState, LoadingState, Page, PageHeader, TextLink } from '@accent/shared/ui';
import { useDeleteMission, useRunNow, useSetMissionStatus } from '../common/actions.js';
import { MissionStatusBadge, ScopeLabel } from '../common/Badges.js';
import { formatDateTime, missionRate, nextRunOf } from '../common/format.js';
import { useMissionList } from '../common/useMissionList.js';
import { useMissionsEnv } from '../state/MissionsDataContext.js';
import styles from './MyMissions.module.css';

export const MY_MISSIONS_TEXTS = {
  title: 'My Missions',
  subtitle: 'Give an agent a task and choose when it runs. Results arrive in Mission results.',
  create: '+ Create Mission',
  loading: 'Loading missions...',
  empty: 'You have no missions yet',
  emptyText: 'Create a mission to have an agent work for you on demand or on a schedule.',
};

export const editPath = (m: Pick<Mission, 'id'>) => `/end-user/missions/edit/${encodeURIComponent(m.id)}`;

export function MyMissionsPage() {
  const { api } = useMissionsEnv();
  const { user } = useSession();
  const navigate = useNavigate();
  const userId = user?.user_id ?? null;
  const load = useCallback(() => api.listMissionsByUser(userId!), [api, userId]);
  const { state, reload, replace, remove } = useMissionList(userId ? load : null);
  const { runNow, running } = useRunNow(undefined, replace);
  const { askDelete, dialog } = useDeleteMission((m) => remove(m.id));
  const { setStatus, updating } = useSetMissionStatus(replace);

  const create = () => navigate('/end-user/missions/create');

  let body;
  if (!userId) body = <LoadingState text="Restoring your session..." />;
  else if (state.status === 'error') body = <ErrorState message={`Failed to load missions: ${state.error ?? ''}`} onRetry={() => void reload()} />;
  else if (state.status === 'loading') body = <LoadingState text={MY_MISSIONS_TEXTS.loading} />;
  else if (state.missions.length === 0)
    body = (
      <EmptyState
        title={MY_MISSIONS_TEXTS.empty}
        text={MY_MISSIONS_TEXTS.emptyText}
        action={<Button onClick={create}>{MY_MISSIONS_TEXTS.create}</Button>}
      />
    );
  else
    body = (
      <ul className={styles.grid} aria-label="My missions">
        {state.missions.map((m) => (
          <li key={m.id} className={styles.cell}>
            <article className={styles.card} aria-labelledby={`mission-${m.id}-name`} data-mission={m.id}>
              <header className={styles.cardHeader}>
                <h2 id={`mission-${m.id}-name`} className={styles.name}>
                  <Link to={editPath(m)} className={styles.nameLink}>
                    {m.name}
                  </Link>
                </h2>
                <MissionStatusBadge status={m.status} />
              </header>
              {m.description && <p className={styles.description}>{m.description}</p>}
              <dl className={styles.facts}>
                <div>
                  <dt>Agent</dt>
                  <dd>{m.agent_name || m.agent_id}</dd>
                </div>
                <div>
                  <dt>Schedule</dt>
                  <dd>{scheduleText(m.schedule)}</dd>
                </div>
                <div>
                  <dt>Last run</dt>
                  <dd>{formatDateTime(m.last_run, 'Never')}</dd>
                </div>
                <div>
                  <dt>Next run</dt>
                  <dd>{formatDateTime(nextRunOf(m))}</dd>
                </div>
                <div>
                  <dt>Executions</dt>
                  <dd>{m.execution_count}</dd>
                </div>
                <div>
                  <dt>Success rate</dt>
                  <dd>{missionRate(m)}</dd>
                </div>
              </dl>
              <div className={styles.scopeRow}>
                <ScopeLabel scope={m.scope} />
                <TextLink to={`/end-user/mission-results?mission=${encodeURIComponent(m.id)}`}>Results</TextLink>
              </div>
              <footer className={styles.actions} aria-label={`Actions for ${m.name}`} role="group">
                <Button size="sm" variant="primary" loading={running === m.id} onClick={() => void runNow(m)}>
                  Run now
                </Button>
                {m.status === 'active' ? (
                  <Button size="sm" variant="secondary" disabled={updating === m.id} onClick={() => void setStatus(m, 'paused')}>
                    Pause
                  </Button>
                ) : (
                  <Button size="sm" variant="secondary" disabled={updating === m.id} onClick={() => void setStatus(m, 'active')}>
                    {m.status === 'paused' ? 'Resume' : 'Activate'}
                  </Button>
                )}
                <Button size="sm" variant="secondary" onClick={() => navigate(editPath(m))}>
                  Edit
                </Button>
                <Button size="sm" variant="ghost" className={styles.delete} onClick={() => askDelete(m)}>
                  Delete
                </Button>
              </footer>
            </article>
          </li>
        ))}
      </ul>
    );

  return (
    <Page labelledBy="my-missions-title">
      <PageHeader
        titleId="my-missions-title"
        title={MY_MISSIONS_TEXTS.title}
        subtitle={MY_MISSIONS_TEXTS.subtitle}
        actions={
          <>
            <TextLink to="/end-user/mission-results">Mission results</TextLink>
            <Button variant="primary" onClick={create}>
              {MY_MISSIONS_TEXTS.create}
            </Button>
          </>
        }
      />
      {body}
      {dialog}
    </Page>
  );
}
