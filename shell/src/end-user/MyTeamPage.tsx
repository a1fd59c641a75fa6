// /end-user/my-team: the library's members as colleagues see them (name, title, role, team, last
// active), searchable; an administrator gets a link to manage each one in Admin → Users.
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ROLE_LABELS } from '@accent/shared';
import { useSession } from '@accent/shared/client';
import { DataTable, LoadingState, EmptyState, ErrorState, SearchField, useQuery } from '@accent/shared/ui';
import { TEAM_LABELS, type TeamMember } from '@accent/shell-common';
import { Page } from '../app/Page.js';
import { initialsOf } from '../layout/initials.js';
import styles from './MyTeam.module.css';
import { useTeamApi } from './team-api.js';

export const MY_TEAM_TEXTS = {
  title: 'My Team',
  description: 'The people of your library. Roles and teams are managed by your administrator.',
  search: 'Search people',
  searchPlaceholder: 'Search by name, title, role or team',
  loading: 'Loading your team...',
  loadFailed: (reason: string) => `Could not load your team: ${reason}`,
  noMatch: 'Nobody matches your search',
  noMatchText: 'Try another name, title, role or team.',
  never: 'Never',
  manage: (name: string) => `Manage ${name}`,
} as const;

/** `2026-11-23T10:00:00Z` → `Nov 23, 2026, 10:00 AM`. */
const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

const searchableText = (m: TeamMember) => [m.name, m.title, ROLE_LABELS[m.role], m.team ? TEAM_LABELS[m.team] : ''].join(' ').toLowerCase();

export default function MyTeamPage() {
  const teamApi = useTeamApi();
  const { user } = useSession();
  const team = useQuery(['team'], () => teamApi.list());
  const [search, setSearch] = useState('');
  const isAdmin = user?.role === 'admin';

  const members = team.status === 'ready' ? team.data : null;
  const shown = useMemo(() => {
    const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
    return (members ?? []).filter((m) => words.every((w) => searchableText(m).includes(w)));
  }, [members, search]);

  return (
    <Page title={MY_TEAM_TEXTS.title} description={MY_TEAM_TEXTS.description}>
      {team.status === 'loading' && <LoadingState text={MY_TEAM_TEXTS.loading} />}
      {team.status === 'error' && (
        <ErrorState message={MY_TEAM_TEXTS.loadFailed(team.error instanceof Error ? team.error.message : String(team.error))} onRetry={team.reload} />
      )}
      {members && (
        <>
          <div className={styles.toolbar}>
            <SearchField label={MY_TEAM_TEXTS.search} placeholder={MY_TEAM_TEXTS.searchPlaceholder} value={search} onChange={setSearch} />
          </div>
          {shown.length === 0 ? (
            <EmptyState title={MY_TEAM_TEXTS.noMatch} text={MY_TEAM_TEXTS.noMatchText} />
          ) : (
            <DataTable
              caption="Members"
              hiddenCaption
              columns={['Name', 'Title', 'Role', 'Team', 'Last active', isAdmin && { label: 'Manage', hiddenLabel: true }]}
            >
              {shown.map((m) => (
                <tr key={m.id}>
                  <th scope="row">
                    <span className={styles.person}>
                      <span className={styles.avatar} aria-hidden="true">
                        {initialsOf(m.name)}
                      </span>
                      <span>
                        {m.name}
                        {m.id === user?.user_id && <span className={styles.you}> (you)</span>}
                      </span>
                    </span>
                  </th>
                  <td>{m.title || <span className={styles.muted}>—</span>}</td>
                  <td>{ROLE_LABELS[m.role]}</td>
                  <td>{m.team ? TEAM_LABELS[m.team] : <span className={styles.muted}>—</span>}</td>
                  <td>
                    {m.last_active ? (
                      <time dateTime={m.last_active}>{formatWhen(m.last_active)}</time>
                    ) : (
                      <span className={styles.muted}>{MY_TEAM_TEXTS.never}</span>
                    )}
                  </td>
                  {isAdmin && (
                    <td>
                      <Link to={`/admin?tab=users&user=${encodeURIComponent(m.id)}`}>{MY_TEAM_TEXTS.manage(m.name)}</Link>
                    </td>
                  )}
                </tr>
              ))}
            </DataTable>
          )}
        </>
      )}
    </Page>
  );
}
