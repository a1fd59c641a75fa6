// The shell's sidebar (spec 01 §2 "Shell"): starts collapsed, expands and collapses, items by mode
// (admin or end user, from the path), the Content item behind its feature flag, and the profile footer.
import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { STORAGE_KEYS } from '@accent/shared';
import { useSession } from '@accent/shared/client';
import { ChevronIcon } from '../app/icons.js';
import { Logo } from './Logo.js';
import { ADMIN_LINK, CONTENT_FLAG_EVENT, isContentEnabled, mainItemsFor, modeForPath, type NavItem } from './navItems.js';
import { ProfileMenu } from './ProfileMenu.js';
import { useAreaWarmer, useIdleWarmup } from '../remotes/prefetch.js';
import { Tooltip } from './Tooltip.js';
import styles from './Sidebar.module.css';

/** Keep in step with the media query in Sidebar.module.css. */
const NARROW_SCREEN = '(max-width: 720px)';

export const MODE_LABELS = { admin: 'Admin Mode', 'end-user': 'End-User Mode' } as const;

/** The Content flag, followed live when another tab (or the console) changes it. */
function useContentFlag(): boolean {
  const [enabled, setEnabled] = useState(isContentEnabled);
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === STORAGE_KEYS.contentFeatureFlag) setEnabled(isContentEnabled());
    };
    const onLocal = () => setEnabled(isContentEnabled());
    window.addEventListener('storage', onStorage);
    window.addEventListener(CONTENT_FLAG_EVENT, onLocal);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener(CONTENT_FLAG_EVENT, onLocal);
    };
  }, []);
  return enabled;
}

export interface SidebarProps {
  /** Starts collapsed (spec); tests may start it expanded. */
  defaultExpanded?: boolean;
}

export function Sidebar({ defaultExpanded = false }: SidebarProps) {
  const [expanded, setExpanded] = useState(defaultExpanded);
  const isAdmin = useSession().user?.role === 'admin';
  const { pathname } = useLocation();
  const mode = modeForPath(pathname);
  const contentEnabled = useContentFlag();
  const items = mainItemsFor(mode, contentEnabled);
  const navId = useId();
  // the areas of this mode are warmed once the browser is idle after sign-in
  useIdleWarmup(items.map((item) => item.to));

  // On a narrow screen the expanded sidebar covers the page: close it once the user has gone somewhere.
  useEffect(() => {
    if (typeof window.matchMedia === 'function' && window.matchMedia(NARROW_SCREEN).matches) setExpanded(false);
  }, [pathname]);

  return (
    <div className={styles.rail}>
      <aside className={`${styles.sidebar} ${expanded ? styles.expanded : styles.collapsed}`} aria-label="Sidebar" data-expanded={expanded}>
        <div className={styles.top}>
          <Link to={mode === 'end-user' ? '/end-user/dashboard' : '/home'} className={styles.brand}>
            <Logo variant={expanded ? 'full' : 'mark'} />
          </Link>
          <button
            type="button"
            className={styles.toggle}
            aria-expanded={expanded}
            aria-controls={navId}
            aria-label={expanded ? 'Collapse sidebar' : 'Expand sidebar'}
            onClick={() => setExpanded((v) => !v)}
          >
            <ChevronIcon size={18} className={styles.chevron} />
            {!expanded && <Tooltip text="Expand sidebar" />}
          </button>
        </div>

        <nav id={navId} className={styles.nav} aria-label="Main navigation">
          <p className={styles.modeLabel} aria-hidden={!expanded}>
            {MODE_LABELS[mode]}
          </p>
          <ul className={styles.list}>
            {items.map((item) => (
              <li key={item.to}>
                <SidebarLink item={item} expanded={expanded} />
              </li>
            ))}
          </ul>
          {/* only administrators may use Admin: others would meet "no permission" there */}
          {mode === 'admin' && isAdmin && (
            <>
              <hr className={styles.divider} />
              <ul className={styles.list}>
                <li>
                  <SidebarLink item={ADMIN_LINK} expanded={expanded} />
                </li>
              </ul>
            </>
          )}
        </nav>

        <div className={styles.footer}>
          <ProfileMenu mode={mode} expanded={expanded} />
        </div>
      </aside>
    </div>
  );
}

function SidebarLink({ item, expanded }: { item: NavItem; expanded: boolean }) {
  const { Icon } = item;
  const warmArea = useAreaWarmer();
  // pointing at or tabbing to an item says the user may go there
  const warm = () => void warmArea(item.to);
  return (
    <NavLink to={item.to} className={({ isActive }) => `${styles.link} ${isActive ? styles.active : ''}`} onPointerEnter={warm} onFocus={warm}>
      <Icon size={20} />
      <span className={expanded ? styles.label : styles.srOnly}>{item.label}</span>
      {item.badge && <span className={expanded ? styles.badge : styles.srOnly}>{item.badge}</span>}
      {!expanded && <Tooltip text={item.badge ? `${item.label} (${item.badge})` : item.label} />}
    </NavLink>
  );
}
