// Pages on the server: publishing (an immutable version and a stable slug, in one transaction),
// unpublishing, prospect personalisations, and what a published page shows its anonymous visitors.
// The browser writes drafts itself through the data gateway (RLS of migration 010); everything that
// makes a page public goes through here.
import { randomBytes, randomInt } from 'node:crypto';
import { pageDraftSchema, personalizeComponents, type BlockProps, type CanvasComponent, type PagePersonalizationRow, type PublicPage } from '@accent/pages-common';
import type { Kysely } from 'kysely';
import { getAgentForRun } from '../agents/service.js';
import type { DB } from '../db/schema.js';
import { inTransaction, toIso, toJson } from '../db/values.js';
import { HttpError } from '../http/errors.js';
import { canRun, storedAccess, type UserRunner } from '../runtime/access.js';
import { withPageTables } from './tables.js';

export const PAGE_MESSAGES = {
  notFound: 'Page not found',
  buildersOnly: 'Only administrators and builders can deploy or personalise pages.',
  chooseAgent: 'Choose the agent this page talks to before deploying',
  agentMissing: (name: string) => `Agent "${name}" does not exist`,
  agentNoAccess: (name: string) => `You cannot deploy a page that talks to agent "${name}": you do not have access to run it.`,
  neverPublished: 'This page has not been deployed yet.',
  publishFirst: 'Deploy this page before personalising it.',
  /** a visitor's 404 (unknown, unpublished or deleted page) */
  notPublished: 'This page is not published.',
  assistantUnavailable: "This page's assistant is unavailable right now. Please try again later.",
  tooManyMessages: 'Too many messages. Please wait a minute and try again.',
} as const;

type CrmData = Partial<BlockProps['crmData']>;

// ---- slugs and tokens ----------------------------------------------------------------------------

const SLUG_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const SLUG_BASE_MAX = 48;
const SLUG_SUFFIX_LENGTH = 6;
/** What a stored slug looks like (migration 010's check); anything else is not a page. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** "Café Überblick 2025!" → "cafe-uberblick-2025-k3x9q2": readable, url-safe, unguessable enough to not collide. */
export function newSlug(name: string): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, SLUG_BASE_MAX)
      .replace(/^-+|-+$/g, '') || 'page';
  let suffix = '';
  for (let i = 0; i < SLUG_SUFFIX_LENGTH; i += 1) suffix += SLUG_ALPHABET[randomInt(SLUG_ALPHABET.length)];
  return `${base}-${suffix}`;
}

/** 144 random bits, url-safe (base64url, 24 characters). */
export const newToken = () => randomBytes(18).toString('base64url');

const isUniqueViolation = (error: unknown, constraint: string) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505' && String((error as { constraint?: unknown; message?: unknown }).constraint ?? (error as { message?: unknown }).message).includes(constraint);

// ---- the caller's pages --------------------------------------------------------------------------

async function libraryPage(db: Kysely<DB>, libraryId: string, id: string) {
  const page = await withPageTables(db).selectFrom('pages').selectAll().where('library_id', '=', libraryId).where('id', '=', id).executeTakeFirst();
  if (!page) throw new HttpError(404, PAGE_MESSAGES.notFound);
  return page;
}

/** The first problem of a stored draft, as `path: message` like the API's validation errors. */
function draftProblem(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const [first] = issues;
  const path = first.path.map(String).join('.');
  return path && path !== 'name' ? `${path}: ${first.message}` : first.message;
}

export interface PublishedPageInfo {
  id: string;
  slug: string;
  version: number;
  published_at: string;
}

/**
 * Freezes the page's current draft as its next version and makes it public, in one transaction (the
 * page row locked, so two publishes get versions n and n+1). The slug is made at the first publish
 * and kept for ever after. The draft must be valid and bound to an agent the publisher may run:
 * publishing is what lets anonymous visitors run that agent.
 */
export async function publishPage(database: Kysely<DB>, input: { publisher: UserRunner; pageId: string }): Promise<PublishedPageInfo> {
  const { publisher, pageId } = input;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await inTransaction(database, async (trx) => {
        const db = withPageTables(trx);
        const page = await db.selectFrom('pages').selectAll().where('library_id', '=', publisher.libraryId).where('id', '=', pageId).forUpdate().executeTakeFirst();
        if (!page) throw new HttpError(404, PAGE_MESSAGES.notFound);

        const parsed = pageDraftSchema.safeParse({ name: page.name, description: page.description, agent_name: page.agent_name, template_id: page.template_id, components: page.components });
        if (!parsed.success) throw new HttpError(400, draftProblem(parsed.error.issues));
        const draft = parsed.data;
        if (!draft.agent_name) throw new HttpError(400, PAGE_MESSAGES.chooseAgent);
        const agent = await getAgentForRun(trx, publisher.libraryId, draft.agent_name);
        if (!agent) throw new HttpError(400, PAGE_MESSAGES.agentMissing(draft.agent_name));
        if (!canRun(storedAccess(agent.config.settings), publisher, draft.agent_name)) throw new HttpError(403, PAGE_MESSAGES.agentNoAccess(draft.agent_name));

        const { latest } = await db
          .selectFrom('page_versions')
          .select((eb) => eb.fn.max('version').as('latest'))
          .where('page_id', '=', page.id)
          .executeTakeFirstOrThrow();
        const version = Number(latest ?? 0) + 1;
        const frozen = await db
          .insertInto('page_versions')
          .values({
            page_id: page.id,
            library_id: page.library_id,
            version,
            name: draft.name,
            agent_name: draft.agent_name,
            components: toJson(draft.components),
            published_by: publisher.id,
          })
          .returning('published_at')
          .executeTakeFirstOrThrow();
        const slug = page.slug ?? newSlug(draft.name);
        await db
          .updateTable('pages')
          .set({ status: 'published', published_version: version, published_at: frozen.published_at, slug })
          .where('id', '=', page.id)
          .execute();
        return { id: page.id, slug, version, published_at: toIso(frozen.published_at) };
      });
    } catch (error) {
      // two pages drew the same slug (about one chance in two billion per name): draw again
      if (attempt < 3 && isUniqueViolation(error, 'pages_slug_key')) continue;
      throw error;
    }
  }
}

/** Takes the page off its public URL (/p/{slug} answers 404); the slug stays reserved for a later publish. */
export async function unpublishPage(db: Kysely<DB>, libraryId: string, pageId: string): Promise<void> {
  const page = await libraryPage(db, libraryId, pageId);
  if (page.published_version === null) throw new HttpError(409, PAGE_MESSAGES.neverPublished);
  await withPageTables(db).updateTable('pages').set({ status: 'unpublished' }).where('id', '=', page.id).execute();
}

// ---- personalisations ----------------------------------------------------------------------------

type PersonalizationRow = Omit<PagePersonalizationRow, 'crm_data'> & { crm_data: CrmData };

const toPersonalization = (row: { id: string; page_id: string; library_id: string; token: string; prospect_name: string; crm_data: Record<string, string>; created_by: string; created_at: Date }): PersonalizationRow => ({
  ...row,
  created_at: toIso(row.created_at),
});

export async function createPersonalization(
  db: Kysely<DB>,
  input: { libraryId: string; userId: string; pageId: string; prospectName: string; crmData: CrmData },
): Promise<{ row: PersonalizationRow; slug: string }> {
  const page = await libraryPage(db, input.libraryId, input.pageId);
  if (page.status !== 'published' || !page.slug) throw new HttpError(409, PAGE_MESSAGES.publishFirst);
  const row = await withPageTables(db)
    .insertInto('page_personalizations')
    .values({ page_id: page.id, library_id: page.library_id, token: newToken(), prospect_name: input.prospectName, crm_data: toJson(input.crmData), created_by: input.userId })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { row: toPersonalization(row), slug: page.slug };
}

/** A page's personalisations, newest first, with the page's slug (null before the first publish). */
export async function listPersonalizations(db: Kysely<DB>, libraryId: string, pageId: string): Promise<{ rows: PersonalizationRow[]; slug: string | null }> {
  const page = await libraryPage(db, libraryId, pageId);
  const rows = await withPageTables(db).selectFrom('page_personalizations').selectAll().where('page_id', '=', page.id).orderBy('created_at', 'desc').orderBy('id').execute();
  return { rows: rows.map(toPersonalization), slug: page.slug };
}

// ---- what visitors see ---------------------------------------------------------------------------

export interface PublishedPage {
  id: string;
  libraryId: string;
  slug: string;
  version: number;
  name: string;
  agentName: string;
  components: CanvasComponent[];
}

/** The published version behind /p/{slug}; undefined for an unknown, unpublished or deleted page. */
export async function findPublishedPage(db: Kysely<DB>, slug: string): Promise<PublishedPage | undefined> {
  if (!SLUG_PATTERN.test(slug) || slug.length > 80) return undefined;
  const row = await withPageTables(db)
    .selectFrom('pages as p')
    .innerJoin('page_versions as v', (join) => join.onRef('v.page_id', '=', 'p.id').onRef('v.version', '=', 'p.published_version'))
    .select(['p.id', 'p.library_id', 'p.slug', 'v.version', 'v.name', 'v.agent_name', 'v.components'])
    .where('p.slug', '=', slug)
    .where('p.status', '=', 'published')
    .executeTakeFirst();
  if (!row) return undefined;
  return { id: row.id, libraryId: row.library_id, slug, version: row.version, name: row.name, agentName: row.agent_name, components: row.components as CanvasComponent[] };
}

/** The crmData of a personalisation link of this page; {} for none, a wrong token or another page's. */
export async function personalizationData(db: Kysely<DB>, pageId: string, token: string | undefined): Promise<CrmData> {
  if (!token || !/^[A-Za-z0-9_-]{16,64}$/.test(token)) return {};
  const row = await withPageTables(db).selectFrom('page_personalizations').select('crm_data').where('token', '=', token).where('page_id', '=', pageId).executeTakeFirst();
  return row?.crm_data ?? {};
}

/** What the visitor's page shows: the published components, filled from a personalisation when there is one. */
export function publicPageOf(page: PublishedPage, crmData: CrmData): PublicPage {
  return { slug: page.slug, name: page.name, version: page.version, components: personalizeComponents(page.components, crmData) };
}
