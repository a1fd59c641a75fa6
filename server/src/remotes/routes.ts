// /api/v1/remotes: the public registry, and the admin's way to point a remote at a new build.
import { apiErrorSchema, REMOTE_IDS, remoteRegistryResponseSchema } from '@accent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { requireRole, type Guard } from '../auth/guard.js';
import type { RemoteOverride } from '../config.js';
import type { DB } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { successResponseSchema } from '../http/responses.js';
import type { LocalRemote } from './local.js';
import { deleteRemoteOverride, listRemotes, setRemoteOverride } from './registry.js';

export const REMOTE_MESSAGES = {
  adminOnly: 'Only administrators can change the remote registry',
  noOverride: (id: string) => `Remote "${id}" has no registry override`,
} as const;

const remoteParamsSchema = z.object({
  id: z.enum(REMOTE_IDS, { error: `Unknown remote; expected one of ${REMOTE_IDS.join(', ')}` }),
});

export const remoteUpdateSchema = z.object({
  entry: z
    .string({ error: 'Entry is required' })
    .trim()
    .min(1, 'Entry is required')
    .max(2000)
    .refine((v) => /^https?:\/\/\S+$/i.test(v) || /^\/\S*$/.test(v), 'Entry must be an http(s) URL or a path starting with /'),
  version: z.string({ error: 'Version is required' }).trim().min(1, 'Version is required').max(100),
});

const remoteEntrySchema = remoteRegistryResponseSchema.shape.remotes.element;

export interface RemoteRoutesOptions {
  db: Kysely<DB>;
  authenticate: Guard;
  local: LocalRemote[];
  overrides: RemoteOverride[];
}

export const remoteRoutes: FastifyPluginAsyncZod<RemoteRoutesOptions> = async (app, { db, authenticate, local, overrides }) => {
  const adminOnly = requireRole(['admin'], REMOTE_MESSAGES.adminOnly);
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

  app.get(
    '/remotes',
    { schema: { tags: ['remotes'], summary: 'Where each remote build lives (public: the shell reads it before sign-in)', response: { 200: remoteRegistryResponseSchema } } },
    async () => ({ remotes: await listRemotes(db, { local, overrides }) }),
  );

  app.put(
    '/remotes/:id',
    {
      onRequest: [authenticate, adminOnly],
      schema: {
        tags: ['remotes'],
        summary: "Point a remote at a build published elsewhere (deploys that remote alone)",
        security: [{ bearerAuth: [] }],
        params: remoteParamsSchema,
        body: remoteUpdateSchema,
        response: { 200: remoteEntrySchema, ...errors },
      },
    },
    async (request) => setRemoteOverride(db, request.params.id, request.body.entry, request.body.version),
  );

  app.delete(
    '/remotes/:id',
    {
      onRequest: [authenticate, adminOnly],
      schema: {
        tags: ['remotes'],
        summary: "Remove a remote's registry override (back to the configured or local build)",
        security: [{ bearerAuth: [] }],
        params: remoteParamsSchema,
        response: { 200: successResponseSchema, ...errors },
      },
    },
    async (request) => {
      if (!(await deleteRemoteOverride(db, request.params.id))) throw new HttpError(404, REMOTE_MESSAGES.noOverride(request.params.id));
      return { status: 'success' as const };
    },
  );
};
