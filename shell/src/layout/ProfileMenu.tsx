// The sidebar footer: the user's initials, name and role, and their menu (spec 01 §2): Settings (only
// closes the menu), the mode switch, Profile (the account page, in both modes) and Logout.
import { useNavigate } from 'react-router';
import { ROLE_LABELS } from '@accent/shared';
import { getStore, useSession } from '@accent/shared/client';
import { Menu, type MenuItem } from '@accent/shared/ui';
import { useServices } from '../app/services.js';
import { signOut } from '../app/signOut.js';
import { initialsOf } from './initials.js';
import { Tooltip } from './Tooltip.js';
import type { ShellMode } from './navItems.js';
import styles from './ProfileMenu.module.css';

export const SWITCH_TO_END_USER = 'Switch to End-User Mode';
export const SWITCH_TO_ADMIN = 'Switch to Admin Mode';

export function ProfileMenu({ mode, expanded }: { mode: ShellMode; expanded: boolean }) {
  const { user } = useSession();
  const { session } = useServices();
  const navigate = useNavigate();
  const name = user?.name || user?.email || 'Signed-in user';
  const role = user ? (ROLE_LABELS[user.role] ?? user.role) : '';

  const items: MenuItem[] = [
    { label: 'Settings', onSelect: () => {} },
    mode === 'end-user'
      ? { label: SWITCH_TO_ADMIN, onSelect: () => navigate('/home') }
      : { label: SWITCH_TO_END_USER, onSelect: () => navigate('/end-user/dashboard') },
    { label: 'Profile', onSelect: () => navigate('/profile') },
    {
      label: 'Logout',
      danger: true,
      onSelect: () => void signOut(getStore(), session, navigate),
    },
  ];

  return (
    <div className={`${styles.wrap} ${expanded ? styles.expanded : styles.collapsed}`}>
      <Menu
        align="start"
        label={`Account menu for ${name}`}
        items={items}
        trigger={(props) => (
          <button {...props} type="button" className={styles.trigger} aria-label={`Account menu: ${name}${role ? `, ${role}` : ''}`}>
            {/* the initials are decoration, drawn by CSS: as text they would be visible words that
                the button's name does not contain (WCAG 2.5.3) */}
            <span className={styles.avatar} aria-hidden="true" data-initials={initialsOf(name)} />
            <span className={expanded ? styles.who : styles.srOnly} aria-hidden="true">
              <span className={styles.name}>{name}</span> <span className={styles.role}>{role}</span>
            </span>
            {!expanded && <Tooltip text={name} />}
          </button>
        )}
      />
    </div>
  );
}
