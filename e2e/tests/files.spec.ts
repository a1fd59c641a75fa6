// Files (issue 17): an administrator drops three files on the list and watches each one's progress,
// previews one, shares a signed link that opens in a browser that never signed in, moves one into a
// folder and deletes one, against the real storage server (/storage/v1, the Supabase Storage protocol).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiLogin, login, navItem, toast, uniqueName } from './support/app.js';
import { expectNoAxeViolations } from './support/axe.js';

// A real 1×1 PNG: the server sniffs contents and refuses a type that does not match them.
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
// Large enough that the browser reports upload progress before the end.
const REPORT = `Quarterly report\n${'Revenue grew in every region. '.repeat(12_000)}`;

interface DroppedFile {
  name: string;
  type: string;
  base64: string;
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

function rowOf(page: Page, name: string): Locator {
  return page.getByTestId('file-row').filter({ has: page.getByRole('button', { name, exact: true }) });
}

async function dropFiles(page: Page, target: Locator, files: DroppedFile[]) {
  const dataTransfer = await page.evaluateHandle((list: DroppedFile[]) => {
    const dt = new DataTransfer();
    for (const f of list) dt.items.add(new File([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
    return dt;
  }, files);
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

async function rowAction(page: Page, name: string, action: string) {
  await rowOf(page, name).getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

test('upload by drag and drop with progress, preview, share a signed link, move and delete', async ({ page, browser, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await login(page, 'admin');
  await navItem(page, 'Files').click();
  await expect(page).toHaveURL(/\/files$/);
  await expect(page.getByRole('heading', { name: 'Files', level: 1 })).toBeVisible();

  // The buckets are the top level; the documents bucket comes with the studio.
  await rowOf(page, 'documents').getByRole('button', { name: 'documents', exact: true }).click();
  await expect(page).toHaveURL(/bucket=documents/);

  // A folder of this run's own, so runs never see each other's files.
  const folder = uniqueName('e2e-files').replace(/\s+/g, '-');
  await page.getByRole('button', { name: 'New folder', exact: true }).click();
  await page.getByLabel('Folder name').fill(folder);
  await page.getByRole('button', { name: 'Create folder', exact: true }).click();
  await rowOf(page, folder).getByRole('button', { name: folder, exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Folder' }).getByText(folder)).toHaveAttribute('aria-current', 'location');
  await expect(page.getByText('This folder is empty')).toBeVisible();

  // Progress: every value each bar shows is recorded, so the test sees more than the final 100.
  await page.evaluate(() => {
    const seen: Record<string, number[]> = {};
    (window as unknown as { progressSeen: typeof seen }).progressSeen = seen;
    new MutationObserver(() => {
      for (const bar of document.querySelectorAll<HTMLProgressElement>('progress[aria-label^="Upload of "]')) {
        const name = bar.getAttribute('aria-label')!.slice('Upload of '.length);
        seen[name] ??= [];
        const values = seen[name];
        if (values.at(-1) !== bar.value) values.push(bar.value);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['value'] });
  });
  await dropFiles(page, page.getByTestId('drop-zone'), [
    { name: 'report.txt', type: 'text/plain', base64: b64(REPORT) },
    { name: 'notes.md', type: 'text/markdown', base64: b64('# Launch plan\n\n- **Pilot** in March\n- Rollout in May\n\n<script>window.pwned = true</script>\n') },
    { name: 'pixel.png', type: 'image/png', base64: PNG_BASE64 },
  ]);
  const uploads = page.getByRole('region', { name: 'Uploads' });
  for (const name of ['report.txt', 'notes.md', 'pixel.png']) {
    await expect(uploads.getByRole('progressbar', { name: `Upload of ${name}` })).toHaveAttribute('value', '100');
    await expect(rowOf(page, name)).toBeVisible();
  }
  await expect(uploads.getByTestId('upload').filter({ hasText: 'Uploaded' })).toHaveCount(3);
  const progress = await page.evaluate(() => (window as unknown as { progressSeen: Record<string, number[]> }).progressSeen);
  expect(progress['report.txt']?.at(-1)).toBe(100);
  expect(progress['report.txt']?.length).toBeGreaterThan(1);
  await expect(rowOf(page, 'report.txt')).toContainText('Text');
  await expect(rowOf(page, 'pixel.png')).toContainText('PNG image');
  await expectNoAxeViolations(page, 'Files: a folder with uploads');

  // Preview: Markdown rendered, its HTML shown as text and never run; the image from a signed URL.
  await rowOf(page, 'notes.md').getByRole('button', { name: 'notes.md', exact: true }).click();
  const preview = page.getByRole('dialog', { name: 'notes.md' });
  await expect(preview.getByRole('heading', { name: 'Launch plan' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('Pilot');
  await expect(preview).toContainText('<script>window.pwned = true</script>');
  expect(await page.evaluate(() => (window as unknown as { pwned?: boolean }).pwned)).toBeUndefined();
  await expectNoAxeViolations(page, 'Files: the Markdown preview');
  await page.keyboard.press('Escape');
  await rowOf(page, 'pixel.png').getByRole('button', { name: 'pixel.png', exact: true }).click();
  const image = page.getByRole('dialog', { name: 'pixel.png' }).getByRole('img', { name: 'pixel.png' });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await page.keyboard.press('Escape');

  // A PDF chosen with the picker opens in the browser's own viewer inside the dialog (a stored file may be
  // framed by the studio, and only by it).
  const pdf = '%PDF-1.1\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
  await page.getByTestId('file-picker').setInputFiles({ name: 'brief.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdf) });
  await expect(rowOf(page, 'brief.pdf')).toContainText('PDF');
  await rowOf(page, 'brief.pdf').getByRole('button', { name: 'brief.pdf', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'brief.pdf' }).locator('iframe[title="brief.pdf"]')).toBeVisible();
  await expect.poll(() => page.frames().some((f) => f.url().startsWith('chrome-extension://'))).toBe(true);
  expect(page.frames().some((f) => f.url().startsWith('chrome-error://'))).toBe(false);
  await page.keyboard.press('Escape');

  // Share: a signed link valid for one hour, copied with a toast, opened by a browser that never signed in.
  await rowAction(page, 'report.txt', 'Copy share link');
  const share = page.getByRole('dialog', { name: 'Share report.txt' });
  await share.getByLabel('Link expires after').selectOption({ label: '1 hour' });
  await share.getByRole('button', { name: 'Copy share link', exact: true }).click();
  await expect(toast(page, 'Link copied')).toBeVisible();
  const link = await share.getByLabel('Share link').inputValue();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  expect(link).toMatch(/\/storage\/v1\/object\/sign\/documents\/.+\?token=/);
  const stranger = await browser.newContext();
  try {
    const tab = await stranger.newPage();
    const response = await tab.goto(link);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toMatch(/^text\/plain/);
    expect(await response?.text()).toBe(REPORT);
    await expect(tab.locator('body')).toContainText('Quarterly report');
    const tampered = await stranger.request.get(link.replace(/token=[^&]+/, 'token=nope'));
    expect(tampered.status()).toBeGreaterThanOrEqual(400);
  } finally {
    await stranger.close();
  }
  await share.getByRole('button', { name: 'Close', exact: true }).first().click();

  // Move report.txt into a new folder Archive, chosen in the folder picker.
  await page.getByRole('button', { name: 'New folder', exact: true }).click();
  await page.getByLabel('Folder name').fill('Archive');
  await page.getByRole('button', { name: 'Create folder', exact: true }).click();
  await expect(rowOf(page, 'Archive')).toBeVisible();
  await rowAction(page, 'report.txt', 'Move');
  const move = page.getByRole('dialog', { name: 'Move report.txt' });
  await move.getByRole('button', { name: /Archive/ }).click();
  await expect(move.getByText(`Destination: documents/${folder}/Archive`)).toBeVisible();
  await move.getByRole('button', { name: 'Move here', exact: true }).click();
  await expect(toast(page, 'Moved report.txt')).toBeVisible();
  await expect(rowOf(page, 'report.txt')).toHaveCount(0);

  // Delete pixel.png, after confirming.
  await rowAction(page, 'pixel.png', 'Delete');
  const confirm = page.getByRole('dialog', { name: 'Delete pixel.png?' });
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(rowOf(page, 'pixel.png')).toHaveCount(0);

  // What the server holds now, read again from scratch.
  await page.reload();
  await expect(rowOf(page, 'notes.md')).toBeVisible();
  await expect(rowOf(page, 'pixel.png')).toHaveCount(0);
  await expect(rowOf(page, 'report.txt')).toHaveCount(0);
  await rowOf(page, 'Archive').getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(rowOf(page, 'report.txt')).toBeVisible();
});

test("a member has Files in the end-user sidebar and sees the library's shared files, not an administrator's own", async ({ page, request }) => {
  // An administrator puts two files in a folder through the storage protocol itself: one shared with the
  // library (user metadata, as the screen's "Share uploads with the library" sends it), one not.
  const admin = await apiLogin(request, 'admin');
  const folder = uniqueName('e2e-shared').replace(/\s+/g, '-');
  for (const [name, shared] of [['for-everyone.txt', true], ['admins-only.txt', false]] as const) {
    const response = await request.post(`/storage/v1/object/documents/${folder}/${name}`, {
      headers: {
        Authorization: `Bearer ${admin.token}`,
        'content-type': 'text/plain',
        'x-upsert': 'false',
        ...(shared ? { 'x-metadata': Buffer.from(JSON.stringify({ shared: true })).toString('base64') } : {}),
      },
      data: Buffer.from(`${name} contents`),
    });
    expect(response.status(), await response.text()).toBe(200);
  }

  await login(page, 'member');
  await page.goto('/end-user/dashboard');
  await navItem(page, 'Files').click();
  await expect(page).toHaveURL(/\/end-user\/files$/);
  await expect(page.getByRole('heading', { name: 'Files', level: 1 })).toBeVisible();
  await expect(page.getByText('Your files and the files your library shares.')).toBeVisible();
  await rowOf(page, 'documents').getByRole('button', { name: 'documents', exact: true }).click();
  await rowOf(page, folder).getByRole('button', { name: folder, exact: true }).click();
  await expect(rowOf(page, 'for-everyone.txt')).toBeVisible();
  await expect(rowOf(page, 'admins-only.txt')).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'Share uploads with the library' })).not.toBeChecked();
  await expect(page.getByText(/could not be loaded/)).toHaveCount(0);
});
