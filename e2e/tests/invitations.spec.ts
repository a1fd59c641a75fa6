// Invitations and self sign-up through the real mailbox (e2e/support/smtp-sink.mjs): an administrator
// invites from Admin → Users, the invitee opens the emailed link in a browser of their own, sets a
// password and lands signed in with the role and team they were given; the link works once. A library
// that allows a domain shows "Sign up" on the login page, and the emailed link makes an End User.
import { expect, test } from '@playwright/test';
import { field, login, uniqueName } from './support/app.js';
import { expectNoAxeViolations } from './support/axe.js';
import { text, waitForMail } from './support/mailbox.js';
import { authHeaders } from './support/runtime.js';

// the suite's DNS server (e2e/support/dns-server.mjs) publishes sign-up domains' TXT records
const DNS_PORT = Number(process.env.ACCENT_E2E_PORT ?? 3199) + 8;
const linkIn = (body: string, page: 'invite' | 'sign-up') => new RegExp(`https?://\\S+/${page}\\?token=[A-Za-z0-9_-]{43}`).exec(body)?.[0];

test('an administrator invites; the invitee sets a password from the email and is signed in with the role and team', async ({ page, browser, request }) => {
  const name = uniqueName('Invited');
  const email = `invited-${name.split(' ').at(-1)}@example.com`;

  await login(page, 'admin');
  await page.goto('/admin?tab=users');
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite user' });
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await dialog.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Builder' });
  await dialog.getByRole('combobox', { name: 'Team' }).selectOption({ label: 'Sales' });
  await expectNoAxeViolations(page, 'invite dialog');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent')).toBeVisible();
  const pending = page.getByRole('table', { name: 'Pending invitations' });
  await expect(pending.getByRole('row', { name: new RegExp(email) })).toContainText('Builder');
  await expectNoAxeViolations(page, 'users with pending invitations');

  const mail = await waitForMail(request, email);
  expect(mail.subject).toBe('You are invited to sales2 on Accent Studio');
  const link = linkIn(text(mail), 'invite');
  expect(link, text(mail)).toBeTruthy();

  // the invitee, in a browser of their own
  const invitee = await browser.newContext();
  const their = await invitee.newPage();
  await their.goto(link!);
  await expect(their.getByRole('heading', { name: 'Join sales2 on Accent Studio' })).toBeVisible();
  const account = their.getByLabel('Your account');
  await expect(account).toContainText(email);
  await expect(account).toContainText('Builder');
  await expect(account).toContainText('Sales');
  await expectNoAxeViolations(their, 'accept invitation');
  await field(their, 'Your name').fill(name);
  const password = 'tidy-harbour-lamp-5';
  await their.getByLabel(/^Password\s*\*?$/).fill(password);
  await their.getByLabel(/^Repeat the password\s*\*?$/).fill(password);
  await their.getByRole('button', { name: 'Create account' }).click();
  await expect(their).toHaveURL(/\/home$/);

  // signed in as the new Builder of the Sales team
  await their.goto('/end-user/my-team');
  const me = their.getByRole('row', { name: new RegExp(`${name} \\(you\\)`) });
  await expect(me).toContainText('Builder');
  await expect(me).toContainText('Sales');
  await invitee.close();

  // the link works once
  const later = await browser.newContext();
  const again = await later.newPage();
  await again.goto(link!);
  await expect(again.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
  await expect(again.getByRole('alert')).toHaveText('This link was already used. Sign in with your email and password.');
  await expectNoAxeViolations(again, 'used invitation link');
  await later.close();

  // no longer pending; a member now
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(name) }).getByRole('combobox', { name: `Role of ${name}` })).toHaveValue('builder');
  await expect(page.getByRole('button', { name: `Resend the invitation to ${email}` })).toHaveCount(0);
});

test('a library that allows a domain lets people sign up from the login page as End Users', async ({ browser, request }) => {
  const headers = await authHeaders(request);
  const domain = `${uniqueName('signup').split(' ').at(-1)}.example`;
  const saved = await request.put('/api/v1/admin/sign-up-domains', { headers, data: { domains: [domain] } });
  expect(saved.status(), await saved.text()).toBe(200);
  const email = `new.person@${domain}`;
  try {
    // listed is not open: the administrator proves the library controls the domain (Admin → Settings shows
    // the TXT record to add; the suite's DNS server publishes it), and only then is there a Sign up link
    const { verification } = (await saved.json()) as { verification: { domain: string; record: string }[] };
    const { record } = verification.find((v) => v.domain === domain)!;
    const admin = await browser.newContext();
    const adminPage = await admin.newPage();
    await login(adminPage, 'admin');
    await adminPage.goto('/admin?tab=settings');
    const proof = adminPage.getByRole('list', { name: 'Proof of control' });
    await expect(proof.getByText(`${domain}: not verified, sign-up stays closed for it.`)).toBeVisible();
    await expect(proof.getByText(record)).toBeVisible();
    await adminPage.getByRole('button', { name: `Verify ${domain}` }).click();
    await expect(proof.getByRole('alert')).toContainText(`No TXT record "${record}" was found at ${domain}`);
    const published = await request.put(`http://127.0.0.1:${DNS_PORT}/records/${domain}`, { data: [record] });
    expect(published.status()).toBe(204);
    await adminPage.getByRole('button', { name: `Verify ${domain}` }).click();
    await expect(proof.getByText(new RegExp(`^${domain.replace(/\./g, '\\.')}: verified by its DNS record on `))).toBeVisible();
    await admin.close();

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/sign-up$/);
    await expect(page.getByText('Library: sales2 (lo-n02)')).toBeVisible();
    await expectNoAxeViolations(page, 'sign up');
    await field(page, 'Work email').fill(email);
    await page.getByRole('button', { name: 'Send link' }).click();
    await expect(page.getByText('Check your email: if this address can sign up', { exact: false })).toBeVisible();

    const mail = await waitForMail(request, email);
    expect(mail.subject).toBe('Finish signing up to Accent Studio');
    const link = linkIn(text(mail), 'sign-up');
    expect(link, text(mail)).toBeTruthy();
    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'Finish signing up' })).toBeVisible();
    await expect(page.getByLabel('Your account')).toContainText('End User');
    await field(page, 'Your name').fill('New Person');
    await page.getByLabel(/^Password\s*\*?$/).fill('bright-meadow-fox-3');
    await page.getByLabel(/^Repeat the password\s*\*?$/).fill('bright-meadow-fox-3');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/end-user/my-team');
    await expect(page.getByRole('row', { name: /New Person \(you\)/ })).toContainText('End User');
    await context.close();
  } finally {
    await request.put('/api/v1/admin/sign-up-domains', { headers, data: { domains: [] } });
  }
});
