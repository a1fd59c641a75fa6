// Sign-in with Ethereum end to end: the browser gets an EIP-1193 wallet (window.ethereum, injected before
// the page loads) whose personal_sign is answered by an ethers wallet in the test, so the server checks
// real EIP-4361 signatures. An administrator allows it in Admin → Sign-in, a user links the wallet in
// Profile → Linked accounts, signs out and signs in with Ethereum; an unlinked wallet is refused in words.
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { getBytes, Wallet, type BaseWallet } from 'ethers';
import { field, login, menuItem, openProfileMenu, submitLogin, toast, uniqueName } from './support/app.js';
import { expectNoAxeViolations } from './support/axe.js';
import { authHeaders } from './support/runtime.js';
import { totpCode } from './support/totp.js';

test.describe.configure({ mode: 'serial' });

/** A browser context whose pages have `window.ethereum` on chain 1, signing with `wallet`. */
async function contextWithWallet(browser: Browser, wallet: BaseWallet): Promise<BrowserContext> {
  const context = await browser.newContext();
  // personal_sign's first parameter is the message as UTF-8 hex: signing its bytes signs the text
  await context.exposeFunction('__e2eWalletSign', (hex: string) => wallet.signMessage(getBytes(hex)));
  await context.addInitScript((address: string) => {
    const sign = (window as unknown as { __e2eWalletSign: (hex: string) => Promise<string> }).__e2eWalletSign;
    (window as unknown as { ethereum: unknown }).ethereum = {
      async request({ method, params }: { method: string; params?: unknown[] }) {
        if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [address];
        if (method === 'eth_chainId') return '0x1';
        if (method === 'personal_sign') return sign(String(params?.[0]));
        throw Object.assign(new Error(`${method} is not supported`), { code: 4200 });
      },
    };
  }, wallet.address);
  return context;
}

async function signOut(page: Page) {
  await openProfileMenu(page);
  await menuItem(page, 'Logout').click();
  await expect(page).toHaveURL(/\/landing$/);
}

const walletButton = (page: Page) => page.getByRole('button', { name: 'Sign in with Ethereum', exact: true });

test('an administrator allows it; a user links a wallet in Profile, signs out and signs in with Ethereum', async ({ page, browser, request }) => {
  // off by default: a browser with a wallet sees no button
  const wallet = Wallet.createRandom();
  const context = await contextWithWallet(browser, wallet);
  const user = await context.newPage();
  await user.goto('/login');
  await expect(user.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await user.waitForTimeout(600);
  await expect(walletButton(user)).toHaveCount(0);

  await login(page, 'admin');
  await page.goto('/admin?tab=sign-in');
  const form = page.getByRole('form', { name: 'Sign-in with Ethereum' });
  await expect(form.getByLabel('Allow sign-in with Ethereum')).not.toBeChecked();
  await form.getByLabel('Allow sign-in with Ethereum').check();
  await form.getByRole('textbox', { name: 'Accepted chain IDs' }).fill('1, 10');
  await form.getByRole('button', { name: 'Save sign-in with Ethereum' }).click();
  await expect(toast(page, 'Sign-in with Ethereum saved').first()).toBeVisible();
  await expectNoAxeViolations(page, 'Admin → Sign-in with sign-in with Ethereum');

  // a member of its own, so the demo users stay without a wallet
  const name = uniqueName('Wallet');
  const email = `wallet-${name.split(' ').at(-1)}@accent.local`;
  const password = 'wallet-password-42';
  const created = await request.post('/api/v1/admin/users', { headers: await authHeaders(request), data: { email, name, role: 'member', password } });
  expect(created.status(), await created.text()).toBe(201);

  await user.goto('/login');
  await submitLogin(user, { email, password });
  await expect(user).toHaveURL(/\/home$/);
  await openProfileMenu(user);
  await menuItem(user, 'Profile').click();
  const section = user.getByRole('region', { name: 'Linked accounts' });
  await section.getByRole('button', { name: 'Link an Ethereum wallet' }).click();
  await expect(toast(user, 'Wallet linked').first()).toBeVisible();
  await expect(section.getByRole('list', { name: 'Ethereum wallets' }).getByText(`${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`)).toBeVisible();
  await expectNoAxeViolations(user, 'Profile with a linked wallet');

  await signOut(user);
  await user.goto('/login');
  await expectNoAxeViolations(user, 'login page with sign-in with Ethereum');
  await walletButton(user).click();
  await expect(user).toHaveURL(/\/home$/);
  await openProfileMenu(user);
  await expect(user.getByText(email)).toBeVisible();

  // the audit log has the link and the sign-in by wallet
  const audit = await request.get('/api/v1/admin/audit?action=auth.sign_in&limit=5', { headers: await authHeaders(request) });
  const entries = (await audit.json()) as { entries: { actor_email: string; details: { method?: string } }[] };
  expect(entries.entries.find((e) => e.actor_email === email)?.details.method).toBe('wallet');
  await context.close();
});

test('an unlinked wallet is refused in words; a browser without a wallet is not offered the button', async ({ browser }) => {
  const context = await contextWithWallet(browser, Wallet.createRandom());
  const page = await context.newPage();
  await page.goto('/login');
  await walletButton(page).click();
  await expect(page.getByRole('alert')).toHaveText('This wallet is not linked to an account in this library. Sign in another way and link it in Profile → Linked accounts.');
  await expect(page).toHaveURL(/\/login/);
  await context.close();

  const plain = await browser.newContext();
  const noWallet = await plain.newPage();
  await noWallet.goto('/login');
  await expect(noWallet.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await noWallet.waitForTimeout(600);
  await expect(walletButton(noWallet)).toHaveCount(0);
  await plain.close();
});

/** A member made through the Admin API, signed in through the API: its bearer headers. */
async function apiMember(request: APIRequestContext) {
  const name = uniqueName('Wallet2fa');
  const email = `wallet2fa-${name.split(' ').at(-1)}@accent.local`;
  const password = 'wallet-password-42';
  const created = await request.post('/api/v1/admin/users', { headers: await authHeaders(request), data: { email, name, role: 'member', password } });
  expect(created.status(), await created.text()).toBe(201);
  const signedIn = await request.post('/api/auth/login', { data: { environment: 'lo-n02', library: 'sales2', email, password } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return { email, headers: { Authorization: `Bearer ${((await signedIn.json()) as { token: string }).token}` } };
}

test('with two-factor authentication on, signing in with Ethereum asks for the code', async ({ browser, request }) => {
  const member = await apiMember(request);
  // the wallet linked through the API (the same two calls Profile makes)
  const wallet = Wallet.createRandom();
  const asked = await request.post('/api/auth/wallet/link/message', { headers: member.headers, data: { address: wallet.address, chain_id: 1 } });
  expect(asked.status(), await asked.text()).toBe(200);
  const { message } = (await asked.json()) as { message: string };
  const linked = await request.post('/api/auth/wallet/link', { headers: member.headers, data: { message, signature: await wallet.signMessage(message) } });
  expect(linked.status(), await linked.text()).toBe(201);
  // two-factor authentication set up through the API
  const enrol = await request.post('/api/auth/two-factor/enroll', { headers: member.headers });
  const { secret } = (await enrol.json()) as { secret: string };
  const confirmed = await request.post('/api/auth/two-factor/confirm', { headers: member.headers, data: { code: totpCode(secret) } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);

  const context = await contextWithWallet(browser, wallet);
  const page = await context.newPage();
  await page.goto('/login');
  await walletButton(page).click();
  const step = page.getByRole('form', { name: 'Two-factor authentication' });
  await expect(step).toBeVisible();
  // the code of the next time step: the one that confirmed the setup was used in its step
  await field(page, 'Authentication code').fill(totpCode(secret, 1));
  await step.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await openProfileMenu(page);
  await expect(page.getByText(member.email)).toBeVisible();
  await context.close();
});
