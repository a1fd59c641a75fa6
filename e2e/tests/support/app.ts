// Shared helpers for the Accent Studio end-to-end suite. Every test signs in fresh in its own browser
// context: the refresh cookie rotates on every use and a reused one revokes the session family, so no
// storageState is shared between tests.
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export interface DemoUser {
  email: string;
  password: string;
}

export const USERS = {
  admin: { email: 'admin@accent.local', password: 'accent-admin' },
  member: { email: 'member@accent.local', password: 'accent-member' },
} satisfies Record<string, DemoUser>;

export type Who = keyof typeof USERS;

/** The starter agents the server seeds on first start. */
export const SEEDED_AGENTS = ['Lead Qualifier', 'Market Researcher', 'Support Assistant'] as const;

/** A name no other test (nor an earlier run against the same database) uses. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

/** A text field by its accessible name (required fields add an aria-hidden "*" to their label text). */
export function field(page: Page, name: string): Locator {
  return page.getByRole('textbox', { name, exact: true });
}

/** Fill and submit the login form (the page must show it). */
export async function submitLogin(page: Page, user: DemoUser, opts: { rememberMe?: boolean } = {}): Promise<void> {
  await field(page, 'Email').fill(user.email);
  await field(page, 'Password').fill(user.password);
  if (opts.rememberMe) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Sign in through the real login page and wait for /home. */
export async function login(page: Page, who: Who = 'admin', opts: { rememberMe?: boolean } = {}): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, USERS[who], opts);
  await expect(page).toHaveURL(/\/home$/);
}

/** POST /api/auth/login with the spec's body (spec 01 §7); returns the parsed answer. */
export async function apiLogin(request: APIRequestContext, who: Who): Promise<{ token: string; name: string; role: string }> {
  const res = await request.post('/api/auth/login', {
    data: {
      environment: 'lo-n02',
      library: 'sales2',
      email: USERS[who].email,
      password: USERS[who].password,
      domain: 'accent.ai',
      session_key: '',
      api_key: '',
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** The shell's sidebar (a navigation landmark). */
export function sidebar(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

/**
 * A sidebar item by its accessible name. The sidebar starts collapsed; items keep their accessible
 * name (aria-label / title) while collapsed, so a role locator finds them either way.
 */
export function navItem(page: Page, name: string): Locator {
  return sidebar(page).getByRole('link', { name, exact: true });
}

/** Open the footer profile menu (its trigger is named "Account menu: {name}, {role}"). */
export async function openProfileMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Account menu/ }).click();
}

export function menuItem(page: Page, name: string): Locator {
  return page.getByRole('menuitem', { name, exact: true });
}

/** A toast by its title (toasts render with role=status). */
export function toast(page: Page, title: string): Locator {
  return page.getByRole('status').filter({ hasText: title });
}

/** An agent card on the dashboard, found by its exact name heading. */
export function agentCard(page: Page, name: string): Locator {
  return page.getByRole('article', { name, exact: true });
}

/** Every agent card on the dashboard. */
export function agentCards(page: Page): Locator {
  return page.getByRole('article');
}

/** The agent count on /home. */
export function agentCount(page: Page): Locator {
  return page.getByTestId('agent-count');
}
