// The few constants the shared contract itself needs: login defaults, toasts, the session clock,
// browser storage keys and roles. A feature's constants live in its area's -common package.

export const DEFAULT_ENVIRONMENT = 'lo-n02';
export const DEFAULT_LIBRARY = 'sales2';
/** The fixed product domain sent with every login (spec 01 §7). */
export const PRODUCT_DOMAIN = 'accent.ai';

export const TOAST_DEFAULT_DURATION_MS = 4000;
export const TOAST_EXIT_MS = 300;
export const TOAST_STACK_GAP_REM = 5;
export const TOAST_TOP_REM = 2;

/** Session refresh (spec 01 §9): a tick every 30 s, refresh when 3 ticks (90 s) or less remain. */
export const SESSION_TICK_MS = 30_000;
export const SESSION_REFRESH_THRESHOLD_MS = 90_000;
export const SESSION_RETRY_START_MS = 200;
export const SESSION_RETRY_WINDOW_MS = 30_000;
export const ACCESS_TOKEN_TTL_S = 3600;

/** Browser storage keys (spec 01 §3, §9). Passwords are never stored (DESIGN.md §4). */
export const STORAGE_KEYS = {
  advancedSettings: 'accent.advancedSettings',
  savedCredentials: 'accent.savedCredentials',
  adminSettings: 'accent.admin-settings',
  contentFeatureFlag: 'accent.feature.content',
} as const;

/** Roles enforced by the server (DESIGN.md §4). */
export const APP_ROLES = ['admin', 'builder', 'member'] as const;
export type AppRole = (typeof APP_ROLES)[number];
export const ROLE_LABELS: Record<AppRole, string> = { admin: 'Administrator', builder: 'Builder', member: 'End User' };
/** Roles that may create, edit or delete agents, flows, background agents and pages. */
export const EDITOR_ROLES: readonly AppRole[] = ['admin', 'builder'];
