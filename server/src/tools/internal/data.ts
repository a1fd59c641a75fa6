// Insert Row and Create Draft Email: records in the library's own tables.
import { z } from 'zod';
import { toIso, toJson } from '../../db/values.js';
import { defineTool } from '../types.js';

export const insertRow = defineTool({
  name: 'Insert Row',
  id: 'insert_row',
  description: 'Insert a row into one of the library\'s tables (created on first use), e.g. table "leads" with {"name": "Ada", "score": 80}.',
  inputSchema: z.object({
    table: z.string().trim().min(1).max(100).regex(/^[\w .-]+$/, 'letters, digits, spaces, _ . - only').describe('The table name'),
    data: z.record(z.string().max(100), z.union([z.string().max(100_000), z.number(), z.boolean(), z.null()])).describe('Column → value'),
  }),
  async execute({ table, data }, ctx) {
    const row = await ctx.db
      .insertInto('library_rows')
      .values({ library_id: ctx.libraryId, table_name: table, data: toJson(data), created_by: ctx.user.id })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    return { id: row.id, table, created_at: toIso(row.created_at) };
  },
});

export const createDraftEmail = defineTool({
  name: 'Create Draft Email',
  id: 'create_draft_email',
  description: 'Save a draft email in the library for a person to review and send. It is not sent.',
  inputSchema: z.object({
    to: z.string().min(3).max(2000).describe('Recipient address(es), comma separated'),
    subject: z.string().min(1).max(500),
    body: z.string().min(1).max(100_000).describe('The email text'),
  }),
  async execute({ to, subject, body }, ctx) {
    const addresses = to.split(/[,;]/).map((a) => a.trim()).filter(Boolean);
    const invalid = addresses.filter((a) => !z.email().safeParse(a).success);
    if (addresses.length === 0 || invalid.length) return { error: `Not an email address: ${invalid.join(', ') || to}` };
    const row = await ctx.db
      .insertInto('email_drafts')
      .values({ library_id: ctx.libraryId, to: addresses.join(', '), subject, body, created_by: ctx.user.id })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    return { id: row.id, to: addresses, subject, created_at: toIso(row.created_at), status: 'draft' };
  },
});
