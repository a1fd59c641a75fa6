// /api/v1/admin: users and credentials, for administrators only.
import { ADMIN_MESSAGES, adminCreateUserRequestSchema, adminUpdateUserRequestSchema, adminUserParamsSchema, adminUserSchema, adminUsersResponseSchema, credentialItemSchema, credentialParamsSchema, credentialPutRequestSchema, credentialsResponseSchema } from '@accent/shell-common';
import { apiErrorSchema } from '../http/api-error.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { byCaller, record } from '../audit/audit.js';
import { requireRole, type Guard } from '../auth/guard.js';
import type { Config } from '../config.js';
import type { CredentialStore } from '../credentials/store.js';
import type { DB } from '../db/schema.js';
import { successResponseSchema } from '../http/responses.js';
import { deleteCredential, listCredentials, putCredential } from './credentials.js';
import { createUser, listUsers, updateUser } from './users.js';

export interface AdminRoutesOptions {
  db: Kysely<DB>;
  authenticate: Guard;
  credentials: CredentialStore;
  providerEnv: Config['providerEnv'];
}

export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { db, authenticate, credentials, providerEnv }) => {
  const onlyAdmins = requireRole(['admin'], ADMIN_MESSAGES.onlyAdmins);
  const onRequest = [authenticate, onlyAdmins];
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
  const common = { tags: ['admin'], security: [{ bearerAuth: [] }] };
  const adminOf = (request: { user: { id: string; libraryId: string } }) => ({ id: request.user.id, libraryId: request.user.libraryId });

  app.get('/users', { onRequest, schema: { ...common, summary: "The library's users", response: { 200: adminUsersResponseSchema, ...errors } } }, async (request) => ({
    users: await listUsers(db, request.user.libraryId),
  }));

  app.post(
    '/users',
    { onRequest, schema: { ...common, summary: 'Add a user to the library', body: adminCreateUserRequestSchema, response: { 201: adminUserSchema, 409: apiErrorSchema, ...errors } } },
    async (request, reply) => {
      const user = await createUser(db, adminOf(request), request.body);
      await record(db, { ...byCaller(request), action: 'user.create', target: user.email, details: { role: user.role, team: user.team } });
      return reply.code(201).send(user);
    },
  );

  app.patch(
    '/users/:id',
    {
      onRequest,
      schema: { ...common, summary: "Change a user's role, team or active state", params: adminUserParamsSchema, body: adminUpdateUserRequestSchema, response: { 200: adminUserSchema, ...errors } },
    },
    async (request) => {
      const user = await updateUser(db, adminOf(request), request.params.id, request.body);
      await record(db, { ...byCaller(request), action: 'user.update', target: user.email, details: { ...request.body } });
      return user;
    },
  );

  app.get(
    '/credentials',
    { onRequest, schema: { ...common, summary: 'Every model provider and connector, configured or not (values are never returned)', response: { 200: credentialsResponseSchema, ...errors } } },
    async (request) => ({ credentials: await listCredentials(credentials, request.user.libraryId, providerEnv) }),
  );

  app.put(
    '/credentials/:kind/:key',
    {
      onRequest,
      schema: { ...common, summary: 'Store (encrypted) the values of a provider or connector', params: credentialParamsSchema, body: credentialPutRequestSchema, response: { 200: credentialItemSchema, ...errors } },
    },
    async (request) => {
      const { kind, key } = request.params;
      await putCredential(credentials, { libraryId: request.user.libraryId, kind, key, values: request.body.values, userId: request.user.id });
      // which fields changed, never their values
      const fields = Object.entries(request.body.values)
        .filter(([, value]) => value !== '') // empty keeps the stored value
        .map(([field, value]) => (value === null ? `${field} (cleared)` : field));
      await record(db, { ...byCaller(request), action: 'credential.save', target: `${kind}/${key}`, details: { fields } });
      const items = await listCredentials(credentials, request.user.libraryId, providerEnv);
      return items.find((i) => i.kind === kind && i.key === key)!;
    },
  );

  app.delete(
    '/credentials/:kind/:key',
    { onRequest, schema: { ...common, summary: "Remove the library's values of a provider or connector", params: credentialParamsSchema, response: { 200: successResponseSchema, ...errors } } },
    async (request) => {
      await deleteCredential(credentials, request.user.libraryId, request.params.kind, request.params.key);
      await record(db, { ...byCaller(request), action: 'credential.delete', target: `${request.params.kind}/${request.params.key}` });
      return { status: 'success' as const };
    },
  );
};
