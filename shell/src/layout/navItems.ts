// Sidebar items (spec 01 §2 "Shell"). The mode is decided by the path: /end-user… is end-user mode.
import type { ComponentType } from 'react';
import { STORAGE_KEYS } from '@accent/shared';
import {
  AdminIcon,
  AgentIcon,
  BookIcon,
  ContentIcon,
  DashboardIcon,
  FlowIcon,
  FolderIcon,
  HomeIcon,
  MissionIcon,
  PagesIcon,
  TeamIcon,
} from '../app/icons.js';

export type ShellMode = 'admin' | 'end-user';

export interface NavItem {
  label: string;
  to: string;
  Icon: ComponentType<{ size?: number }>;
  /** shown as a badge next to the label */
  badge?: string;
}

export const modeForPath = (pathname: string): ShellMode => (pathname === '/end-user' || pathname.startsWith('/end-user/') ? 'end-user' : 'admin');

export const ADMIN_ITEMS: NavItem[] = [
  { label: 'Home', to: '/home', Icon: HomeIcon },
  { label: 'Agents', to: '/agents', Icon: AgentIcon },
  { label: 'Flows', to: '/flows', Icon: FlowIcon },
  { label: 'Magic Pages', to: '/pages2', Icon: PagesIcon },
  { label: 'Missions', to: '/missions', Icon: MissionIcon },
  { label: 'Knowledge', to: '/knowledge', Icon: BookIcon },
  { label: 'Files', to: '/files', Icon: FolderIcon },
];

export const CONTENT_ITEM: NavItem = { label: 'Content', to: '/content', Icon: ContentIcon, badge: 'experimental' };

export const ADMIN_LINK: NavItem = { label: 'Admin', to: '/admin', Icon: AdminIcon };

export const END_USER_ITEMS: NavItem[] = [
  { label: 'Dashboard', to: '/end-user/dashboard', Icon: DashboardIcon },
  { label: 'My Team', to: '/end-user/my-team', Icon: TeamIcon },
  { label: 'Magic Pages', to: '/end-user/magic-pages', Icon: PagesIcon },
  { label: 'Missions', to: '/end-user/mission-results', Icon: MissionIcon },
  { label: 'Files', to: '/end-user/files', Icon: FolderIcon },
];

/** The Content feature flag: `localStorage[STORAGE_KEYS.contentFeatureFlag] === 'on'`. */
export function isContentEnabled(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.contentFeatureFlag) === 'on';
  } catch {
    return false;
  }
}

/** Same-tab notification (the `storage` event only reaches other tabs). */
export const CONTENT_FLAG_EVENT = 'accent:content-flag';

export function setContentEnabled(on: boolean): void {
  try {
    if (on) localStorage.setItem(STORAGE_KEYS.contentFeatureFlag, 'on');
    else localStorage.removeItem(STORAGE_KEYS.contentFeatureFlag);
  } catch {
    /* storage disabled */
  }
  window.dispatchEvent(new Event(CONTENT_FLAG_EVENT));
}

export function mainItemsFor(mode: ShellMode, contentEnabled: boolean): NavItem[] {
  if (mode === 'end-user') return END_USER_ITEMS;
  return contentEnabled ? [...ADMIN_ITEMS, CONTENT_ITEM] : ADMIN_ITEMS;
}
