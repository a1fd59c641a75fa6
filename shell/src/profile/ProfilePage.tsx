// /profile: the signed-in user's own account (name, email, role) and one section per account feature.
// Each feature adds its section to PROFILE_SECTIONS with one line; the order here is the order on screen.
import type { ComponentType } from 'react';
import { ROLE_LABELS } from '@accent/shared';
import { useSession } from '@accent/shared/client';
import { Page, Section } from '../app/Page.js';
import styles from './Profile.module.css';
import { PasswordSection } from './PasswordSection.js';
import { LinkedAccountsSection } from './LinkedAccountsSection.js';
import { SessionsSection } from './SessionsSection.js';
import { TwoFactorSection } from './TwoFactorSection.js';
import { ApiKeysSection } from '../api-keys/ApiKeysSection.js';

export const PROFILE_SECTIONS: ComponentType[] = [PasswordSection, TwoFactorSection, SessionsSection, LinkedAccountsSection, ApiKeysSection];

export default function ProfilePage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Page title="Profile" description="Your account and how you sign in." width="narrow">
      <Section title="Account" id="profile-account">
        <dl className={styles.facts}>
          <div>
            <dt>Name</dt>
            <dd>{user.name || '—'}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>{user.email}</dd>
          </div>
          <div>
            <dt>Role</dt>
            <dd>{ROLE_LABELS[user.role] ?? user.role}</dd>
          </div>
        </dl>
      </Section>
      {PROFILE_SECTIONS.map((SectionComponent) => (
        <SectionComponent key={SectionComponent.displayName ?? SectionComponent.name} />
      ))}
    </Page>
  );
}
