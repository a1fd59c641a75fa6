// /storage/v1 driven by the REAL supabase-js storage client over HTTP, on a real in-memory PGlite with
// the migrations and contents in a temporary DATA_DIR: buckets, uploads (raw and multipart, upsert off),
// downloads, list order/limit/offset/search and folders, move, copy, remove, signed URLs and their
// expiry, signed uploads, row-level security between users and libraries, traversal and type-sniffing
// attempts, size limits mid-stream, quotas and the upload pipeline's hook.
import { readdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { SupabaseClient } from '@supabase/supabase-js';
import { sql } from 'kysely';
import { createTestContext, createUser, importCreateClient, listenOnLoopback, login, loginAdmin, loginMember, type SignedIn, type TestContext } from '../testing/test-app.js';
import { StorageHttpError } from './errors.js';
import type { UploadCandidate } from './service.js';

let createClient: typeof import('@supabase/supabase-js').createClient;
let ctx: TestContext;
let baseUrl: string;
let dataDir: string;
let admin: SignedIn;
let memberA: SignedIn;
let memberB: SignedIn;
let otherLib: SignedIn;
const hooked: UploadCandidate[] = [];

jest.setTimeout(60_000);

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f1b4c30000000049454e44ae426082', 'hex');

function client(token: string | null): SupabaseClient {
  return createClient(baseUrl, 'anon', {
    accessToken: async () => token,
    realtime: { transport: class {} as never },
  });
}
const storageOf = (who: SignedIn | null) => client(who?.token ?? null).storage;

async function raw(path: string, init: RequestInit & { token?: string } = {}) {
  const { token, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  const response = await fetch(`${baseUrl}/storage/v1${path}`, { ...rest, headers });
  const text = await response.text();
  let json: Record<string, unknown> | null = null;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON
  }
  return { status: response.status, headers: response.headers, text, json };
}

beforeAll(async () => {
  createClient = await importCreateClient();
  ctx = await createTestContext({ env: { STORAGE_QUOTA_FILES: '60', STORAGE_QUOTA_BYTES: String(3 * 1024 * 1024), STORAGE_FILE_SIZE_LIMIT: String(2 * 1024 * 1024) } });
  // the upload pipeline's hook, as a virus scanner would use it
  ctx.app.storage.hooks.push((candidate) => {
    hooked.push(candidate);
    if (candidate.name.includes('EICAR')) throw new StorageHttpError(422, 'VirusFound', 'The file contains a virus (EICAR test signature)');
  });
  dataDir = (ctx.app.storage.backend.tempDir as string).replace(/[/\\]\.tmp$/, '');
  baseUrl = await listenOnLoopback(ctx.app);
  admin = await loginAdmin(ctx.app);
  memberA = await loginMember(ctx.app);
  await createUser(ctx.database, { environment: 'lo-n02', library: 'sales2', email: 'files-b@accent.local', password: 'files-b-password', role: 'member' });
  memberB = await login(ctx.app, { email: 'files-b@accent.local', password: 'files-b-password' });
  await createUser(ctx.database, { environment: 'lo-n02', library: 'files-other', email: 'files-other@accent.local', password: 'files-other-password', role: 'admin' });
  otherLib = await login(ctx.app, { email: 'files-other@accent.local', password: 'files-other-password', library: 'files-other' });
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('buckets', () => {
  it('every library has its documents bucket; an administrator creates, reads, lists, updates, empties and deletes one', async () => {
    const s = storageOf(admin);
    expect((await s.listBuckets()).data?.map((b) => b.id)).toContain('documents');
    const created = await s.createBucket('reports', { public: false, fileSizeLimit: '1MB', allowedMimeTypes: ['text/*', 'application/pdf'] });
    expect(created).toEqual({ data: { name: 'reports' }, error: null });
    const got = await s.getBucket('reports');
    expect(got.data).toMatchObject({ id: 'reports', name: 'reports', public: false, file_size_limit: 1024 * 1024, allowed_mime_types: ['text/*', 'application/pdf'] });
    expect((await s.createBucket('reports')).error).toMatchObject({ message: 'The resource already exists', status: 409 });
    expect((await s.updateBucket('reports', { public: false, fileSizeLimit: 2048 })).data).toEqual({ message: 'Successfully updated' });
    expect((await s.getBucket('reports')).data?.file_size_limit).toBe(2048);
    await s.from('reports').upload('a.txt', 'hello', { contentType: 'text/plain' });
    expect((await s.deleteBucket('reports')).error).toMatchObject({ status: 409, message: 'The bucket you tried to delete is not empty' });
    expect((await s.emptyBucket('reports')).data).toEqual({ message: 'Successfully emptied' });
    expect((await s.deleteBucket('reports')).data).toEqual({ message: 'Successfully deleted' });
    expect((await s.getBucket('reports')).error).toMatchObject({ status: 404, message: 'Bucket not found' });
    const audit = await sql<{ action: string }>`SELECT action FROM audit_log WHERE action LIKE 'storage.bucket%' ORDER BY at`.execute(ctx.database.db);
    expect(audit.rows.map((r) => r.action)).toEqual(['storage.bucket_create', 'storage.bucket_update', 'storage.bucket_empty', 'storage.bucket_delete']);
  });

  it('a member sees the library\'s buckets but cannot create, change or delete them; bad names and limits are 400', async () => {
    const s = storageOf(memberA);
    expect((await s.getBucket('documents')).data?.id).toBe('documents');
    expect((await s.createBucket('mine')).error).toMatchObject({ status: 403, message: 'Only administrators can create, change or delete buckets' });
    expect((await s.updateBucket('documents', { public: true })).error).toMatchObject({ status: 403 });
    expect((await s.deleteBucket('documents')).error).toMatchObject({ status: 400 });
    expect((await storageOf(admin).createBucket('../etc')).error).toMatchObject({ status: 400, message: expect.stringContaining('Bucket name invalid') });
    expect((await storageOf(admin).createBucket('big', { public: false, fileSizeLimit: 'lots' })).error).toMatchObject({ status: 400, message: 'file_size_limit: must be a positive number of bytes or a size such as 5MB' });
  });

  it('another library does not see this library\'s buckets; a public bucket name is one across the server', async () => {
    await storageOf(admin).createBucket('press', { public: true });
    expect((await storageOf(otherLib).getBucket('press')).error).toMatchObject({ status: 404 });
    expect((await storageOf(otherLib).createBucket('press', { public: true })).error).toMatchObject({ status: 409, message: expect.stringContaining('public bucket') });
    expect((await storageOf(otherLib).createBucket('press', { public: false })).data).toEqual({ name: 'press' });
  });
});

describe('objects', () => {
  it('uploads (raw and multipart), downloads with its type and cache-control, and refuses a second upload without upsert', async () => {
    const s = storageOf(memberA).from('documents');
    const up = await s.upload('notes/today.md', '# Today\n\nShip storage.', { contentType: 'text/markdown' });
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path: 'notes/today.md', fullPath: 'documents/notes/today.md' });
    const blob = await s.upload('pictures/dot.png', new Blob([PNG], { type: 'image/png' }), { cacheControl: '60' });
    expect(blob.error).toBeNull();

    const text = await s.download('notes/today.md');
    expect(await text.data?.text()).toBe('# Today\n\nShip storage.');
    const response = await raw('/object/authenticated/documents/notes/today.md', { token: memberA.token });
    expect(response.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(response.headers.get('cache-control')).toBe('max-age=3600');
    const part = await raw('/object/documents/notes/today.md', { token: memberA.token, headers: { range: 'bytes=2-6' } });
    expect([part.status, part.text, part.headers.get('content-range')]).toEqual([206, 'Today', 'bytes 2-6/22']);
    expect((await raw('/object/documents/notes/today.md', { token: memberA.token, headers: { range: 'bytes=-8' } })).text).toBe('storage.');
    expect((await raw('/object/documents/notes/today.md', { token: memberA.token, headers: { range: 'bytes=50-' } })).status).toBe(416);
    const png = await raw('/object/documents/pictures/dot.png', { token: memberA.token });
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('cache-control')).toBe('max-age=60');

    const again = await s.upload('notes/today.md', 'other');
    expect(again.error).toMatchObject({ status: 409, message: 'The resource already exists' });
    expect(await (await s.download('notes/today.md')).data?.text()).toBe('# Today\n\nShip storage.');
    const replaced = await s.upload('notes/today.md', '# Today, v2', { upsert: true, contentType: 'text/markdown' });
    expect(replaced.error).toBeNull();
    expect(await (await s.download('notes/today.md')).data?.text()).toBe('# Today, v2');
    const updated = await s.update('notes/today.md', '# Today, v3', { contentType: 'text/markdown' });
    expect(updated.error).toBeNull();
    expect(await (await s.download('notes/today.md')).data?.text()).toBe('# Today, v3');

    const info = await s.info('notes/today.md');
    expect(info.data).toMatchObject({ name: 'notes/today.md', bucketId: 'documents', size: 11, contentType: 'text/markdown', cacheControl: 'max-age=3600' });
    expect(await s.exists('notes/today.md')).toMatchObject({ data: true });
    expect((await s.exists('notes/nothing.md')).data).toBe(false);
    // the document tools' text (and full-text search) follows the file
    const row = await sql<{ content: string }>`SELECT content FROM storage_objects WHERE name = 'notes/today.md'`.execute(ctx.database.db);
    expect(row.rows[0].content).toBe('# Today, v3');
  });

  it('lists one level by name ascending with folders, a default limit of 100, offset, search and other sort orders', async () => {
    const s = storageOf(admin).from('documents');
    for (const name of ['b.txt', 'a.txt', 'C.txt', 'sub/x.txt', 'sub/deeper/y.txt', 'alpha.txt']) {
      expect((await s.upload(`list/${name}`, name, { contentType: 'text/plain' })).error).toBeNull();
    }
    const listed = await s.list('list');
    expect(listed.data?.map((o) => o.name)).toEqual(['C.txt', 'a.txt', 'alpha.txt', 'b.txt', 'sub']);
    const folder = listed.data?.find((o) => o.name === 'sub');
    expect(folder).toMatchObject({ id: null, metadata: null, updated_at: null });
    expect(listed.data?.find((o) => o.name === 'a.txt')?.metadata).toMatchObject({ size: 5, mimetype: 'text/plain', cacheControl: 'max-age=3600' });
    expect((await s.list('list', { limit: 2, offset: 1 })).data?.map((o) => o.name)).toEqual(['a.txt', 'alpha.txt']);
    expect((await s.list('list', { search: 'a' })).data?.map((o) => o.name)).toEqual(['a.txt', 'alpha.txt']);
    expect((await s.list('list', { sortBy: { column: 'name', order: 'desc' } })).data?.map((o) => o.name)).toEqual(['sub', 'b.txt', 'alpha.txt', 'a.txt', 'C.txt']);
    expect((await s.list('list/sub')).data?.map((o) => o.name)).toEqual(['deeper', 'x.txt']);
    expect((await s.list('list', { limit: 1001 })).error).toMatchObject({ status: 400 });

    for (let i = 0; i < 105; i++) await sql`INSERT INTO storage_objects (library_id, bucket_id, name, owner, metadata, version) VALUES (${admin.body.library_id}, 'documents', ${`many/f${String(i).padStart(3, '0')}`}, ${admin.body.user_id}, '{}'::jsonb, NULL)`.execute(ctx.database.db);
    const page = await s.list('many');
    expect(page.data).toHaveLength(100);
    expect(page.data?.[0].name).toBe('f000');
    await sql`DELETE FROM storage_objects WHERE name LIKE 'many/%'`.execute(ctx.database.db);
  });

  it('moves and copies (the copy has its own contents), and removes several at once', async () => {
    const s = storageOf(memberA).from('documents');
    await s.upload('mv/one.txt', 'one', { contentType: 'text/plain' });
    await s.upload('mv/two.txt', 'two', { contentType: 'text/plain' });
    expect((await s.move('mv/one.txt', 'mv/archive/one.txt')).data).toEqual({ message: 'Successfully moved' });
    expect((await s.download('mv/one.txt')).error).toMatchObject({ status: 404 });
    expect(await (await s.download('mv/archive/one.txt')).data?.text()).toBe('one');
    expect((await s.move('mv/two.txt', 'mv/archive/one.txt')).error).toMatchObject({ status: 409, message: 'The resource already exists' });

    expect((await s.copy('mv/two.txt', 'mv/two-copy.txt')).data).toEqual({ path: 'documents/mv/two-copy.txt' });
    await s.update('mv/two.txt', 'two, changed', { contentType: 'text/plain' });
    expect(await (await s.download('mv/two-copy.txt')).data?.text()).toBe('two');
    expect((await s.copy('mv/nothing.txt', 'mv/x.txt')).error).toMatchObject({ status: 404, message: 'Object not found' });

    const removed = await s.remove(['mv/two.txt', 'mv/two-copy.txt', 'mv/not-there.txt']);
    expect(removed.data?.map((o) => o.name).sort()).toEqual(['mv/two-copy.txt', 'mv/two.txt']);
    expect((await s.list('mv')).data?.map((o) => o.name)).toEqual(['archive']);
  });

  it('signed download URLs open without a token until they expire; signed upload URLs take one upload', async () => {
    const s = storageOf(memberA).from('documents');
    await s.upload('share/plan.txt', 'the plan', { contentType: 'text/plain' });
    const signed = await s.createSignedUrl('share/plan.txt', 60);
    expect(signed.error).toBeNull();
    const opened = await fetch(signed.data!.signedUrl);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toBe('the plan');
    const download = await fetch(`${(await s.createSignedUrl('share/plan.txt', 60, { download: 'Plan.txt' })).data!.signedUrl}`);
    expect(download.headers.get('content-disposition')).toContain('attachment; filename="Plan.txt"');
    // another path with the same token
    const tampered = signed.data!.signedUrl.replace('share/plan.txt', 'share/other.txt');
    expect((await fetch(tampered)).status).toBe(400);
    const many = await s.createSignedUrls(['share/plan.txt', 'share/none.txt'], 60);
    expect(many.data?.[0].signedUrl).toContain('/object/sign/documents/share/plan.txt?token=');
    expect(many.data?.[1]).toMatchObject({ signedUrl: null, error: expect.stringContaining('does not exist') });
    expect((await s.createSignedUrl('share/none.txt', 60)).error).toMatchObject({ status: 404 });

    const short = await s.createSignedUrl('share/plan.txt', 1);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const expired = await fetch(short.data!.signedUrl);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ error: 'InvalidJWT', message: 'This signed URL has expired: ask for a new link' });

    const upload = await s.createSignedUploadUrl('share/incoming.txt');
    expect(upload.error).toBeNull();
    const sent = await storageOf(null).from('documents').uploadToSignedUrl('share/incoming.txt', upload.data!.token, 'from a signed URL', { contentType: 'text/plain' });
    expect(sent.error).toBeNull();
    expect(await (await s.download('share/incoming.txt')).data?.text()).toBe('from a signed URL');
    const owner = await sql<{ owner: string }>`SELECT owner FROM storage_objects WHERE name = 'share/incoming.txt'`.execute(ctx.database.db);
    expect(owner.rows[0].owner).toBe(memberA.body.user_id);
    const audited = await sql<{ actor_email: string; details: { signedUrl?: boolean } }>`SELECT actor_email, details FROM audit_log WHERE action = 'storage.upload' AND target = 'documents/share/incoming.txt'`.execute(ctx.database.db);
    expect(audited.rows).toEqual([{ actor_email: 'member@accent.local', details: { size: 17, signedUrl: true } }]);
    const twice = await storageOf(null).from('documents').uploadToSignedUrl('share/incoming.txt', upload.data!.token, 'again', { contentType: 'text/plain' });
    expect(twice.error).toMatchObject({ status: 409 });
  }, 20_000);

  it('public buckets serve their objects without a token; private ones do not', async () => {
    const press = storageOf(admin).from('press');
    await press.upload('logo.png', new Blob([PNG], { type: 'image/png' }));
    const url = press.getPublicUrl('logo.png').data.publicUrl;
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await fetch(`${baseUrl}/storage/v1/object/public/documents/share/plan.txt`)).status).toBe(404);
    expect((await raw('/object/documents/share/plan.txt')).status).toBe(401);
  });
});

describe('row-level security', () => {
  it('a member sees their own objects and shared ones, not another member\'s; an administrator sees all of the library\'s', async () => {
    const a = storageOf(memberA).from('documents');
    const b = storageOf(memberB).from('documents');
    await a.upload('rls/private-a.txt', 'A only', { contentType: 'text/plain' });
    await a.upload('rls/shared-a.txt', 'for everyone', { contentType: 'text/plain', metadata: { shared: true } });
    expect((await b.download('rls/private-a.txt')).error).toMatchObject({ status: 404 });
    expect(await (await b.download('rls/shared-a.txt')).data?.text()).toBe('for everyone');
    expect((await b.list('rls')).data?.map((o) => o.name)).toEqual(['shared-a.txt']);
    expect((await b.createSignedUrl('rls/private-a.txt', 60)).error).toMatchObject({ status: 404 });
    // seen is not changed: B cannot overwrite, move or remove A's shared file
    expect((await b.upload('rls/shared-a.txt', 'B was here', { upsert: true, contentType: 'text/plain' })).error).toMatchObject({ status: 403 });
    expect((await b.move('rls/shared-a.txt', 'rls/mine.txt')).error).toMatchObject({ status: 403 });
    expect((await b.remove(['rls/shared-a.txt', 'rls/private-a.txt'])).data).toEqual([]);
    expect((await b.copy('rls/private-a.txt', 'rls/stolen.txt')).error).toMatchObject({ status: 404 });
    // the administrator sees and manages all of them
    const adminList = await storageOf(admin).from('documents').list('rls');
    expect(adminList.data?.map((o) => o.name)).toEqual(['private-a.txt', 'shared-a.txt']);
    expect((await storageOf(admin).from('documents').move('rls/private-a.txt', 'rls/reviewed-a.txt')).error).toBeNull();
  });

  it('another library sees none of it, even by name, and a token of no user is refused', async () => {
    const other = storageOf(otherLib).from('documents');
    expect((await other.download('rls/shared-a.txt')).error).toMatchObject({ status: 404 });
    expect((await other.list('rls')).data).toEqual([]);
    expect((await other.list('')).data?.map((o) => o.name)).not.toContain('rls');
    const forged = await raw('/object/list/documents', { method: 'POST', token: 'not-a-jwt', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(forged.status).toBe(401);
    expect(forged.json).toMatchObject({ statusCode: '401', error: 'InvalidJWT' });
  });
});

describe('refused uploads', () => {
  it('refuses traversal, absolute paths, NUL, backslashes and over-long names, storing nothing', async () => {
    const before = await sql<{ n: string }>`SELECT count(*) AS n FROM storage_objects`.execute(ctx.database.db);
    // sent as written (fetch would resolve the dots itself), straight to the server
    const send = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const { hostname, port } = new URL(baseUrl);
        const request = httpRequest({ hostname, port, path: `/storage/v1/object/documents/${path}`, method: 'POST', headers: { authorization: `Bearer ${memberA.token}`, 'content-type': 'text/plain' } }, (response) => {
          let body = '';
          response.on('data', (c) => (body += c));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        });
        request.on('error', reject);
        request.end('x');
      });
    for (const path of ['../escape.txt', 'a/../../escape.txt', 'a/%2e%2e/escape.txt', 'a/%2E%2E/%2E%2E/escape.txt', 'a%2f..%2f..%2fescape.txt', 'a\\b.txt', 'a%5cb.txt', `a/${'x'.repeat(300)}.txt`, 'a/%00.txt', 'a/%0a.txt', `${'d/'.repeat(600)}f.txt`, '/etc/passwd', '%2fetc/passwd']) {
      const response = await send(path);
      expect({ path, status: response.status }).toEqual({ path, status: 400 });
      expect(JSON.parse(response.body)).toMatchObject({ statusCode: '400', error: 'InvalidKey' });
    }
    const after = await sql<{ n: string }>`SELECT count(*) AS n FROM storage_objects`.execute(ctx.database.db);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('refuses names with direction controls (U+202E shows "txt.exe" as "exe.txt") wherever a name enters, in words, storing nothing', async () => {
    const before = await sql<{ n: string }>`SELECT count(*) AS n FROM storage_objects`.execute(ctx.database.db);
    const s = storageOf(memberA).from('documents');
    await s.upload('bidi/plain.txt', 'plain', { contentType: 'text/plain' });
    const words = /contains U\+202E: invisible characters that change the order letters are shown in/;
    for (const name of ['bidi/invoice\u202Etxt.exe', 'bidi\u2066x/report.txt', 'bidi/a\u200Fb.txt', 'bidi/\u202Ab.txt', 'bidi/b\u2069.txt']) {
      const upload = await s.upload(name, 'x', { contentType: 'text/plain' });
      expect({ name, status: (upload.error as { status?: number } | null)?.status }).toEqual({ name, status: 400 });
      expect(upload.error?.message).toMatch(/invisible characters that change the order letters are shown in/);
    }
    // the sentence names the character and shows where it was, without reordering the message itself
    const refused = await s.upload('bidi/invoice\u202Etxt.exe', 'x', { contentType: 'text/plain' });
    expect(refused.error?.message).toMatch(words);
    expect(refused.error?.message).toContain('invoice<U+202E>txt.exe');
    expect(refused.error?.message).not.toContain('\u202E');
    // renames and copies (the Files screen's Rename and Move), a signed upload URL, a folder (its placeholder)
    expect((await s.move('bidi/plain.txt', 'bidi/plain\u202Etxt.exe')).error?.message).toMatch(words);
    expect((await s.copy('bidi/plain.txt', 'bidi/copy\u202Etxt.exe')).error?.message).toMatch(words);
    expect((await s.createSignedUploadUrl('bidi/signed\u202Etxt.exe')).error?.message).toMatch(words);
    expect((await s.upload('bidi/folder\u202Eabc/.emptyFolderPlaceholder', '', { contentType: 'text/plain' })).error?.message).toMatch(words);
    // resumable uploads, and the server's own writes (documents, knowledge originals)
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    const tus = await fetch(`${baseUrl}/storage/v1/upload/resumable`, {
      method: 'POST',
      headers: { authorization: `Bearer ${memberA.token}`, 'tus-resumable': '1.0.0', 'upload-length': '1', 'upload-metadata': `bucketName ${b64('documents')},objectName ${b64('bidi/tus\u202Etxt.exe')}` },
    });
    expect(tus.status).toBe(400);
    expect(await tus.text()).toMatch(words);
    await expect(ctx.app.storage.putObject({ libraryId: memberA.body.library_id, bucketId: 'documents', name: 'bidi/server\u202Etxt.exe', data: Buffer.from('x'), contentType: 'text/plain' })).rejects.toThrow(words);

    const after = await sql<{ n: string }>`SELECT count(*) AS n FROM storage_objects`.execute(ctx.database.db);
    expect(Number(after.rows[0].n)).toBe(Number(before.rows[0].n) + 1);
    expect((await s.list('bidi')).data?.map((o) => o.name)).toEqual(['plain.txt']);
  });

  it('sniffs the type: a declared type the bytes contradict, or one the bucket does not allow, is 415', async () => {
    const s = storageOf(memberA).from('documents');
    const lying = await s.upload('types/fake.png', 'this is plain text', { contentType: 'image/png' });
    expect(lying.error).toMatchObject({ status: 415, message: expect.stringContaining('image/png') });
    const hidden = await s.upload('types/real.txt', new Blob([PNG], { type: 'text/plain' }));
    expect(hidden.error).toMatchObject({ status: 415, message: 'The file\'s contents are image/png, not text/plain as declared: upload it with its real type' });
    const svg = await s.upload('types/logo.svg', new Blob(['<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' }));
    expect(svg.error).toBeNull();
    expect((await s.info('types/logo.svg')).data?.contentType).toBe('image/svg+xml');
    const generic = await s.upload('types/unknown.bin', new Blob([PNG], { type: 'application/octet-stream' }));
    expect(generic.error).toBeNull();
    expect((await s.info('types/unknown.bin')).data?.contentType).toBe('image/png');

    await storageOf(admin).createBucket('text-only', { public: false, allowedMimeTypes: ['text/*'] });
    const refused = await storageOf(admin).from('text-only').upload('dot.png', new Blob([PNG], { type: 'image/png' }));
    expect(refused.error).toMatchObject({ status: 415, message: 'mime type image/png is not supported' });
    expect((await storageOf(admin).from('text-only').upload('ok.txt', 'fine', { contentType: 'text/plain' })).error).toBeNull();
    // nor by moving or copying it in from another bucket
    await storageOf(admin).from('documents').upload('types/dot.png', new Blob([PNG], { type: 'image/png' }));
    expect((await storageOf(admin).from('documents').move('types/dot.png', 'dot.png', { destinationBucket: 'text-only' })).error).toMatchObject({ status: 415 });
    expect((await storageOf(admin).from('documents').copy('types/dot.png', 'dot.png', { destinationBucket: 'text-only' })).error).toMatchObject({ status: 415 });
    expect((await storageOf(admin).from('documents').copy('types/dot.png', 'dot.png', { destinationBucket: 'press' })).data).toEqual({ path: 'press/dot.png' });
  });

  it('stops an upload over the size limit while it streams (raw and multipart), keeping nothing', async () => {
    await storageOf(admin).createBucket('small', { public: false, fileSizeLimit: 1024 });
    const tmp = join(dataDir, '.tmp');
    const big = 'x'.repeat(5000);
    const rawUp = await storageOf(admin).from('small').upload('big.txt', big, { contentType: 'text/plain' });
    expect(rawUp.error).toMatchObject({ status: 413, message: 'The object exceeded the maximum allowed size (1 KB)' });
    const formUp = await storageOf(admin).from('small').upload('big-form.txt', new Blob([big], { type: 'text/plain' }));
    expect(formUp.error).toMatchObject({ status: 413 });
    // the server's own limit (STORAGE_FILE_SIZE_LIMIT, 2 MB here) over a bucket without one, sent as a stream
    const chunks = (function* () {
      for (let i = 0; i < 40; i++) yield new Uint8Array(100 * 1024).fill(65);
    })();
    const stream = new ReadableStream({
      pull(controller) {
        const next = chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
    });
    const streamed = await fetch(`${baseUrl}/storage/v1/object/documents/huge.txt`, { method: 'POST', headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'text/plain' }, body: stream, duplex: 'half' } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(((await streamed.json()) as { message: string }).message).toContain('2 MB');
    const kept = await sql`SELECT 1 FROM storage_objects WHERE name IN ('big.txt', 'big-form.txt', 'huge.txt')`.execute(ctx.database.db);
    expect(kept.rows).toHaveLength(0);
    expect(readdirSync(tmp).filter((f) => f !== 'resumable')).toEqual([]);
    // what a stopped process left behind goes at the next start
    writeFileSync(join(tmp, 'left-over'), 'half an upload');
    await ctx.app.storage.prepare(Date.now() + 2 * 24 * 60 * 60 * 1000);
    expect(readdirSync(tmp).filter((f) => f !== 'resumable')).toEqual([]);
  });

  it('keeps to the library\'s quota of bytes and files, with a clear message', async () => {
    const s = storageOf(admin).from('documents');
    const used = await ctx.app.storage.usage(admin.body.library_id);
    const room = 3 * 1024 * 1024 - used.bytes;
    const tooMuch = await s.upload('quota/too-much.txt', 'y'.repeat(Math.min(room + 10, 2 * 1024 * 1024)), { contentType: 'text/plain' });
    if (room + 10 <= 2 * 1024 * 1024) expect(tooMuch.error).toMatchObject({ status: 413, message: expect.stringContaining('storage is full') });
    const files = await ctx.app.storage.usage(admin.body.library_id);
    for (let i = files.files; i < 60; i++) expect((await s.upload(`quota/f${i}.txt`, 'q', { contentType: 'text/plain' })).error).toBeNull();
    const oneMore = await s.upload('quota/one-more.txt', 'q', { contentType: 'text/plain' });
    expect(oneMore.error).toMatchObject({ status: 413, message: expect.stringContaining('limit of 60 files') });
    await sql`DELETE FROM storage_objects WHERE name LIKE 'quota/%'`.execute(ctx.database.db);
  }, 30_000);

  it('calls the upload pipeline\'s hooks before committing: a refusal stores nothing', async () => {
    const s = storageOf(memberA).from('documents');
    hooked.length = 0;
    expect((await s.upload('scan/clean.txt', 'clean', { contentType: 'text/plain' })).error).toBeNull();
    expect(hooked).toEqual([expect.objectContaining({ bucketId: 'documents', name: 'scan/clean.txt', size: 5, contentType: 'text/plain', owner: memberA.body.user_id })]);
    const infected = await s.upload('scan/EICAR.txt', 'X5O!P%@AP', { contentType: 'text/plain' });
    expect(infected.error).toMatchObject({ status: 422, message: 'The file contains a virus (EICAR test signature)' });
    expect((await s.exists('scan/EICAR.txt')).data).toBe(false);
  });
});

describe('the server-side module API and documents from before storage', () => {
  it('puts, gets and removes objects for the library\'s own code, with the same checks as an upload', async () => {
    const lib = admin.body.library_id;
    await ctx.app.storage.ensureBucket(lib, 'knowledge-originals');
    const row = await ctx.app.storage.putObject({ libraryId: lib, bucketId: 'knowledge-originals', name: 'c1/guide.md', data: Buffer.from('# Guide'), contentType: 'text/markdown', owner: admin.body.user_id });
    expect(row).toMatchObject({ name: 'c1/guide.md', owner: admin.body.user_id, content: '# Guide' });
    expect((await ctx.app.storage.getObject(lib, 'knowledge-originals', 'c1/guide.md'))?.data.toString()).toBe('# Guide');
    await expect(ctx.app.storage.putObject({ libraryId: lib, bucketId: 'knowledge-originals', name: '../x', data: Buffer.from('x') })).rejects.toThrow('Invalid key');
    await expect(ctx.app.storage.putObject({ libraryId: lib, bucketId: 'knowledge-originals', name: 'c1/fake.pdf', data: Buffer.from('not a pdf'), contentType: 'application/pdf' })).rejects.toThrow('not recognisably');
    expect(await ctx.app.storage.removeObjects(lib, 'knowledge-originals', ['c1/guide.md', 'c1/none.md'])).toHaveLength(1);
    expect(await ctx.app.storage.getObject(lib, 'knowledge-originals', 'c1/guide.md')).toBeNull();
    // the Files screen sees the bucket like any other
    expect((await storageOf(admin).getBucket('knowledge-originals')).data?.id).toBe('knowledge-originals');
  });

  it('moves library_documents rows into the documents bucket (same id, owner, text and bytes), once', async () => {
    const lib = memberA.body.library_id;
    const deck = Buffer.from('504b0304', 'hex');
    const inserted = await sql<{ id: string }>`
      INSERT INTO library_documents (library_id, folder, name, mime, content, data, created_by)
      VALUES (${lib}, '/Old/Decks', 'q1.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation', '## Q1 outline', ${deck}, ${memberA.body.user_id}),
             (${lib}, '/Old', 'memo.txt', 'text/plain', 'an old memo', NULL, NULL),
             (${lib}, '/Old', 'Empty', 'inode/directory', '', NULL, NULL)
      RETURNING id`.execute(ctx.database.db);
    expect(await ctx.app.storage.adoptLegacyDocuments()).toBe(3);
    expect(await ctx.app.storage.adoptLegacyDocuments()).toBe(0);
    expect((await sql`SELECT 1 FROM library_documents`.execute(ctx.database.db)).rows).toHaveLength(0);
    const moved = await sql<{ id: string; name: string; owner: string | null; content: string }>`
      SELECT id, name, owner, content FROM storage_objects WHERE name LIKE 'Old/%' ORDER BY name`.execute(ctx.database.db);
    expect(moved.rows).toEqual([
      { id: expect.any(String), name: 'Old/Decks/q1.pptx', owner: memberA.body.user_id, content: '## Q1 outline' },
      { id: expect.any(String), name: 'Old/Empty/.emptyFolderPlaceholder', owner: null, content: '' },
      { id: expect.any(String), name: 'Old/memo.txt', owner: null, content: 'an old memo' },
    ]);
    expect(moved.rows.map((r) => r.id).sort()).toEqual(inserted.rows.map((r) => r.id).sort());
    expect((await ctx.app.storage.getObject(lib, 'documents', 'Old/Decks/q1.pptx'))?.data.equals(deck)).toBe(true);
    // the memo had no owner: it is the library's, so every member sees it
    expect(await (await storageOf(memberB).from('documents').download('Old/memo.txt')).data?.text()).toBe('an old memo');
  });
});

describe('resumable uploads (tus)', () => {
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  const tus = (path: string, who: SignedIn, init: RequestInit = {}) =>
    fetch(`${baseUrl}/storage/v1/upload/resumable${path}`, { ...init, headers: { authorization: `Bearer ${who.token}`, 'tus-resumable': '1.0.0', ...(init.headers as Record<string, string>) } });

  it('creates an upload, takes it in parts at the right offsets, and stores it through the same checks', async () => {
    const options = await fetch(`${baseUrl}/storage/v1/upload/resumable`, { method: 'OPTIONS' });
    expect(options.headers.get('tus-version')).toBe('1.0.0');
    const content = Buffer.from('line of a large report\n'.repeat(10_000));
    const half = Math.floor(content.length / 2);
    const created = await tus('', memberA, {
      method: 'POST',
      headers: { 'upload-length': String(content.length), 'upload-metadata': `bucketName ${b64('documents')},objectName ${b64('big/report.txt')},contentType ${b64('text/plain')},cacheControl ${b64('120')}` },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/\/storage\/v1\/upload\/resumable\/[0-9a-f-]{36}$/);
    const path = location.slice(location.lastIndexOf('/'));
    const patch = (offset: number, body: Buffer) =>
      tus(path, memberA, { method: 'PATCH', headers: { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, body: new Uint8Array(body) });

    const first = await patch(0, content.subarray(0, half));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(half));
    const head = await tus(path, memberA, { method: 'HEAD' });
    expect([head.headers.get('upload-offset'), head.headers.get('upload-length')]).toEqual([String(half), String(content.length)]);
    expect((await tus(path, memberB, { method: 'HEAD' })).status).toBe(404);
    expect((await patch(0, content.subarray(0, 10))).status).toBe(409);
    expect((await storageOf(memberA).from('documents').exists('big/report.txt')).data).toBe(false);

    const last = await patch(half, content.subarray(half));
    expect(last.status).toBe(204);
    const stored = await raw('/object/documents/big/report.txt', { token: memberA.token });
    expect(stored.text).toBe(content.toString());
    expect(stored.headers.get('cache-control')).toBe('max-age=120');
    expect((await tus(path, memberA, { method: 'HEAD' })).status).toBe(404);
  });

  it('refuses an upload larger than the limit before any byte is sent, and a lying type at the end', async () => {
    const tooBig = await tus('', memberA, { method: 'POST', headers: { 'upload-length': String(3 * 1024 * 1024), 'upload-metadata': `bucketName ${b64('documents')},objectName ${b64('big/huge.bin')}` } });
    expect(tooBig.status).toBe(413);
    const created = await tus('', memberA, { method: 'POST', headers: { 'upload-length': String(PNG.length), 'upload-metadata': `bucketName ${b64('documents')},objectName ${b64('big/dot.txt')},contentType ${b64('text/plain')}` } });
    const path = created.headers.get('location')!.replace(/^.*\//, '/');
    const sent = await tus(path, memberA, { method: 'PATCH', headers: { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, body: new Uint8Array(PNG) });
    expect(sent.status).toBe(415);
    expect((await storageOf(memberA).from('documents').exists('big/dot.txt')).data).toBe(false);
  });
});

// The token only says who is asking and in which sign-in: the role, library and email that count are the
// caller's now, as the statement that opens each of their transactions reads them.
describe('the caller as they are now', () => {
  it('audits under the library and email the caller has now, and judges bucket administration by their role now', async () => {
    const id = await createUser(ctx.database, { environment: 'lo-n02', library: 'sales2', email: 'files-now@accent.local', password: 'files-now-password', role: 'admin' });
    const who = await login(ctx.app, { email: 'files-now@accent.local', password: 'files-now-password' });
    const s = storageOf(who);
    expect((await s.createBucket('handover')).data).toEqual({ name: 'handover' });
    expect((await s.from('handover').upload('before.txt', 'before', { contentType: 'text/plain' })).error).toBeNull();

    // changed after the token was signed: its claims still carry the old email
    await ctx.database.db.updateTable('users').set({ email: 'files-renamed@accent.local' }).where('id', '=', id).execute();
    expect((await s.from('handover').upload('after.txt', 'after', { contentType: 'text/plain' })).error).toBeNull();
    const { library_id } = await ctx.database.db.selectFrom('users').select('library_id').where('id', '=', id).executeTakeFirstOrThrow();
    const audited = await sql<{ target: string; library_id: string; actor_id: string; actor_email: string }>`
      SELECT target, library_id, actor_id, actor_email FROM audit_log WHERE actor_id = ${id} AND action LIKE 'storage.%' ORDER BY at`.execute(ctx.database.db);
    expect(audited.rows).toEqual([
      { target: 'handover', library_id, actor_id: id, actor_email: 'files-now@accent.local' },
      { target: 'handover/before.txt', library_id, actor_id: id, actor_email: 'files-now@accent.local' },
      { target: 'handover/after.txt', library_id, actor_id: id, actor_email: 'files-renamed@accent.local' },
    ]);

    // demoted with the token still saying admin: emptying would have removed only their own objects
    await ctx.database.db.updateTable('users').set({ role: 'member' }).where('id', '=', id).execute();
    expect((await s.emptyBucket('handover')).error).toMatchObject({ status: 403, message: 'Only administrators can create, change or delete buckets' });
    expect((await s.deleteBucket('handover')).error).toMatchObject({ status: 403, message: 'Only administrators can create, change or delete buckets' });
    expect((await storageOf(admin).from('handover').list()).data?.map((o) => o.name)).toEqual(['after.txt', 'before.txt']);
    expect((await sql`SELECT 1 FROM audit_log WHERE actor_id = ${id} AND action LIKE 'storage.%'`.execute(ctx.database.db)).rows).toHaveLength(3);
  });
});
