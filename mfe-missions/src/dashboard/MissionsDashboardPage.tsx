// /missions: every mission the user can see (admins: the whole library, through row-level security),
// with search, status and agent filters (?agent= from the agents dashboard), the agent mission stats,
// Run now, pause / resume, edit and delete.
import { useCallback, useMemo } from 'react';
import { useAtom } from 'jotai';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  MISSION_STATUSES,
  MISSION_STATUS_LABELS,
  agentMissionStats,
  filterMissions,
  scheduleText,
  type MissionStatus,
} from '@accent/missions-common';
import { useSession } from '@accent/shared/client';
import {
  ACTIONS_COLUMN,
  Cell,
  Page,
  PageHeader,
  PageToolbar,
  Button,
  DataTable,
  LoadingState,
  ActionsMenu,
  EmptyState,
  ErrorState,
  SearchField,
  Select,
  TextLink,
} from '@accent/shared/ui';
import { useDeleteMission, useRunNow, useSetMissionStatus } from '../common/actions.js';
import { MissionStatusBadge, ScopeLabel } from '../common/Badges.js';
import { formatDateTime, missionRate, formatShortDateTime, nextRunOf } from '../common/format.js';
import { StatsSummary } from '../common/StatsSummary.js';
import { useMissionList } from '../common/useMissionList.js';
import { missionSearchAtom, missionStatusFilterAtom } from '../state/atoms.js';
import { useMissionsEnv } from '../state/MissionsDataContext.js';
import { canManageMission } from '../state/permissions.js';
import styles from './MissionsDashboardPage.module.css';

export const MISSIONS_TEXTS = {
  title: 'Missions',
  subtitle: 'Agents at work on a schedule or on demand, with their results delivered where you need them.',
  create: '+ Create Mission',
  search: 'Search missions...',
  loading: 'Loading missions...',
  empty: 'No missions found',
  failed: (message: string) => `Failed to load missions: ${message}`,
};

const ALL = '';

export function MissionsDashboardPage() {
  const { api } = useMissionsEnv();
  const { user } = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const agent = params.get('agent') || null;
  const [search, setSearch] = useAtom(missionSearchAtom);
  const [status, setStatus] = useAtom(missionStatusFilterAtom);
  const load = useCallback(() => api.listMissions(), [api]);
  const { state, reload, replace, remove } = useMissionList(load);
  const { setStatus: setMissionStatus, updating } = useSetMissionStatus(replace);
  const { runNow, running } = useRunNow(undefined, replace);
  const { askDelete, dialog } = useDeleteMission((m) => remove(m.id));

  const agentQuery = agent ? `?agent=${encodeURIComponent(agent)}` : '';
  const visible = filterMissions(state.missions, { search, status, agent });

  // The agent filter lists the agents the missions use, plus the one asked for in the address.
  const agentOptions = useMemo(() => {
    const names = new Map<string, string>();
    for (const m of state.missions) if (!names.has(m.agent_id)) names.set(m.agent_id, m.agent_name || m.agent_id);
    if (agent && !names.has(agent)) names.set(agent, agent);
    return [...names].sort((a, b) => a[1].localeCompare(b[1])).map(([value, label]) => ({ value, label }));
  }, [state.missions, agent]);

  const statsScope = agent ? state.missions.filter((m) => m.agent_id === agent) : state.missions;
  const stats = agentMissionStats(statsScope);
  const agentLabel = agent ? (agentOptions.find((o) => o.value === agent)?.label ?? agent) : null;

  const setAgent = (value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set('agent', value);
        else next.delete('agent');
        return next;
      },
      { replace: true },
    );

  let body;
  if (state.status === 'error') {
    body = <ErrorState message={MISSIONS_TEXTS.failed(state.error ?? '')} onRetry={() => void reload()} />;
  } else if (state.status === 'loading') {
    body = <LoadingState text={MISSIONS_TEXTS.loading} />;
  } else if (visible.length === 0) {
    const filtered = Boolean(search.trim() || status || agent);
    body = (
      <EmptyState
        title={MISSIONS_TEXTS.empty}
        text={filtered ? 'Try a different search or filter.' : 'Create your first mission to get started.'}
        action={!filtered ? <Button onClick={() => navigate(`/missions/new${agentQuery}`)}>{MISSIONS_TEXTS.create}</Button> : undefined}
      />
    );
  } else {
    body = (
      <DataTable
        caption={`Missions (${visible.length})`}
        hiddenCaption
        columns={[
          'Name',
          'Agent',
          'Schedule',
          'Status · scope',
          'Last run',
          'Next run',
          { label: 'Executions', numeric: true },
          { label: 'Success rate', numeric: true },
          ACTIONS_COLUMN,
        ]}
      >
        {visible.map((m) => {
          const manage = canManageMission(user, m);
          const items = [
            { label: manage ? 'Edit' : 'View', onSelect: () => navigate(`/missions/${encodeURIComponent(m.id)}${agentQuery}`) },
            ...(manage
              ? [
                  m.status === 'active'
                    ? { label: 'Pause', onSelect: () => void setMissionStatus(m, 'paused'), disabled: updating === m.id }
                    : {
                        label: m.status === 'paused' ? 'Resume' : 'Activate',
                        onSelect: () => void setMissionStatus(m, 'active'),
                        disabled: updating === m.id,
                      },
                  { label: 'Delete', onSelect: () => askDelete(m), danger: true },
                ]
              : []),
          ];
          return (
            <tr key={m.id} data-mission={m.id}>
              <th scope="row" className={styles.nameCell}>
                <Link to={`/missions/${encodeURIComponent(m.id)}${agentQuery}`} className={styles.nameLink}>
                  {m.name}
                </Link>
                {m.description && <span className={styles.description}>{m.description}</span>}
                {m.tags.length > 0 && (
                  <span className={styles.tags}>
                    {m.tags.map((t) => (
                      <span key={t} className={styles.tag}>
                        {t}
                      </span>
                    ))}
                  </span>
                )}
              </th>
              <td>{m.agent_name || m.agent_id}</td>
              <td>
                <span className={styles.schedule}>{scheduleText(m.schedule)}</span>
                {m.schedule.type === 'scheduled' && m.schedule.timezone && <span className={styles.zone}>{m.schedule.timezone}</span>}
              </td>
              <td>
                <span className={styles.statusCell}>
                  <MissionStatusBadge status={m.status} />
                  <ScopeLabel scope={m.scope} short />
                </span>
              </td>
              <Cell kind="time">
                <time dateTime={m.last_run ?? undefined} title={formatDateTime(m.last_run, 'Never')}>
                  {formatShortDateTime(m.last_run, 'Never')}
                </time>
              </Cell>
              <Cell kind="time">
                <time dateTime={nextRunOf(m) ?? undefined} title={formatDateTime(nextRunOf(m))}>
                  {formatShortDateTime(nextRunOf(m))}
                </time>
              </Cell>
              <Cell kind="number">{m.execution_count}</Cell>
              <Cell kind="number">{missionRate(m)}</Cell>
              <td>
                <div className={styles.actions}>
                  <Button size="sm" variant="secondary" loading={running === m.id} onClick={() => void runNow(m)} aria-label={`Run now: ${m.name}`}>
                    Run now
                  </Button>
                  <ActionsMenu name={m.name} items={items} />
                </div>
              </td>
            </tr>
          );
        })}
      </DataTable>
    );
  }

  return (
    <Page labelledBy="missions-dashboard-title">
      <PageHeader
        titleId="missions-dashboard-title"
        title={MISSIONS_TEXTS.title}
        subtitle={MISSIONS_TEXTS.subtitle}
        actions={
          <>
            <TextLink to="/end-user/mission-results">Mission results</TextLink>
            <Button variant="primary" onClick={() => navigate(`/missions/new${agentQuery}`)}>
              {MISSIONS_TEXTS.create}
            </Button>
          </>
        }
      />
      {state.status === 'ready' && <StatsSummary stats={stats} label={agentLabel ? `Missions of ${agentLabel}` : 'All missions'} />}
      <PageToolbar search>
        <SearchField label="Search missions" placeholder={MISSIONS_TEXTS.search} value={search} onChange={setSearch} />
        <Select
          label="Status"
          fieldClassName={styles.filter}
          value={status ?? ALL}
          options={[{ value: ALL, label: 'All statuses' }, ...MISSION_STATUSES.map((s) => ({ value: s, label: MISSION_STATUS_LABELS[s] }))]}
          onChange={(e) => setStatus((e.target.value || null) as MissionStatus | null)}
        />
        <Select
          label="Agent"
          fieldClassName={styles.filter}
          value={agent ?? ALL}
          options={[{ value: ALL, label: 'All agents' }, ...agentOptions]}
          onChange={(e) => setAgent(e.target.value)}
        />
      </PageToolbar>
      {body}
      {dialog}
    </Page>
  );
}
