// /end-user/my-team: who you are in this studio. Team membership is managed by an administrator.
import { ROLE_LABELS } from '@accent/shared';
import { useSession } from '@accent/shared/client';
import { Page, Section } from '../app/Page.js';
import { initialsOf } from '../layout/initials.js';
import styles from './EndUser.module.css';

export default function MyTeamPage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Page title="My Team" description="Your account in this studio. Team members and their roles are managed by your administrator.">
      <div className={styles.member}>
        <span className={styles.memberAvatar} aria-hidden="true">
          {initialsOf(user.name || user.email)}
        </span>
        <div>
          <h2 className={styles.memberName}>
            {user.name} <span className={styles.you}>(you)</span>
          </h2>
          <p className={styles.memberMeta}>
            {user.title ? `${user.title} · ` : ''}
            {ROLE_LABELS[user.role] ?? user.role}
          </p>
          <p className={styles.memberMeta}>{user.email}</p>
        </div>
      </div>
      <Section title="Workspace" id="team-workspace">
        <dl className={styles.facts}>
          <div>
            <dt>Environment</dt>
            <dd>{user.env_name}</dd>
          </div>
          <div>
            <dt>Library id</dt>
            <dd className={styles.mono}>{user.library_id}</dd>
          </div>
        </dl>
      </Section>
    </Page>
  );
}
