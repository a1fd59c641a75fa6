// The agent API of spec 01 §7, scoped to the caller's library, plus version history and restore.
import { agentConfigResponseSchema, agentGenerateRequestSchema, agentGenerateResponseSchema, agentListResponseSchema, agentNameQuerySchema, agentSaveRequestSchema, categoryByKeyword, demoAgentsResponseSchema } from '@accent/agents-common';
import { apiErrorSchema } from '../http/api-error.js';
import { EDITOR_ROLES } from '@accent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { byCaller, record } from '../audit/audit.js';
import { requireRole, type Guard } from '../auth/guard.js';
import type { DB } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { successResponseSchema } from '../http/responses.js';
import type { CredentialStore } from '../credentials/store.js';
import { canRun, runnerOfCaller, storedAccess } from '../runtime/access.js';
import { missingProviders } from '../runtime/providers.js';
import {
  agentRestoreRequestSchema,
  agentSaveResponseSchema,
  agentVersionQuerySchema,
  agentVersionsResponseSchema,
} from './schemas.js';
import { DEMO_AGENTS } from './demo-agents.js';
import { generateAgentDraft } from './generate.js';
import { deleteAgent, getAgent, getAgentForRun, getVersion, listAgents, listVersions, restoreVersion, saveAgent } from './service.js';

export const AGENT_MESSAGES = {
  tooManyDrafts: (seconds: number) => `Too many agents generated. Try again in ${seconds} seconds.`,
  notFound: (name: string) => `Agent "${name}" not found`,
  versionNotFound: (name: string, version: number) => `Version ${version} of agent "${name}" not found`,
  roleCannotChange: 'Your role does not allow changing agents',
  noAccess: (name: string) => `You do not have access to agent "${name}".`,
} as const;

/**
 * The agent named `name` in the caller's library when the caller may run it (its Access Permissions,
 * judged by its current settings); undefined when it does not exist; 403 when the caller may not.
 */
export async function agentForCaller(db: Kysely<DB>, request: FastifyRequest, name: string) {
  const agent = await getAgentForRun(db, request.user.libraryId, name);
  if (!agent) return undefined;
  const runner = await runnerOfCaller(db, request.user);
  if (!runner || !canRun(storedAccess(agent.config.settings), runner)) throw new HttpError(403, AGENT_MESSAGES.noAccess(name));
  return { ...agent, runner };
}

export interface AgentRoutesOptions {
  db: Kysely<DB>;
  authenticate: Guard;
  /** the library's stored provider settings and the server's, to tell which agents cannot run now */
  credentials?: Pick<CredentialStore, 'get'>;
  providerEnv?: Record<string, Record<string, string>>;
}

export const agentRoutes: FastifyPluginAsyncZod<AgentRoutesOptions> = async (app, { db, authenticate, credentials, providerEnv }) => {
  const providerAccess = { credentials, providerEnv };
  const canEdit = requireRole(EDITOR_ROLES, AGENT_MESSAGES.roleCannotChange);
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
  const common = { tags: ['agents'], security: [{ bearerAuth: [] }] };

  /**
   * An agent's configuration and history are shown only to who may run it (its Access Permissions, as
   * invoke checks them), judged by the agent's current settings for every version. 404 when it does
   * not exist in the caller's library.
   */
  async function assertMayRead(request: FastifyRequest, name: string): Promise<void> {
    if (!(await assertMayUse(request, name))) throw new HttpError(404, AGENT_MESSAGES.notFound(name));
  }

  /**
   * 403 when the agent exists and the caller may not run it; answers whether it exists. Saving over,
   * deleting or restoring an agent goes through this too, or a builder could replace (or remove) an
   * agent they are not allowed to see by saving one of the same name.
   */
  async function assertMayUse(request: FastifyRequest, name: string): Promise<boolean> {
    return (await agentForCaller(db, request, name)) !== undefined;
  }

  app.get(
    '/agent/list',
    { onRequest: [authenticate], schema: { ...common, summary: "The library's agents, by name", response: { 200: agentListResponseSchema, ...errors } } },
    async (request) => {
      const { libraryId } = request.user;
      // only the agents the caller may open (and run): the rule agent-config and invoke apply
      const runner = await runnerOfCaller(db, request.user);
      const agents = runner ? (await listAgents(db, libraryId)).filter((a) => canRun(storedAccess(a.settings), runner)) : [];
      // which providers the library cannot reach, so pickers can mark agents that cannot run now (never the keys)
      const missing = new Set<string>(await missingProviders(providerAccess, libraryId, agents.flatMap((a) => a.providers)));
      return {
        status: 'success' as const,
        agents: agents.map(({ providers, settings: _settings, ...agent }) => {
          const unreachable = providers.filter((p) => missing.has(p));
          return unreachable.length > 0 ? { ...agent, missingProviders: unreachable } : agent;
        }),
      };
    },
  );

  // Parsed once: the demo list never changes while the server runs.
  const demoAgents = DEMO_AGENTS.map((a) => agentSaveRequestSchema.parse(a)).map((config) => ({
    name: config.name,
    title: config.name,
    description: config.description,
    size: Math.max(1, Math.ceil(JSON.stringify(config).length / 1024)),
    lastModDate: new Date(0).toISOString(),
    importDate: new Date(0).toISOString(),
    category: categoryByKeyword(config.name, config.description),
    tools: [...new Set(config.steps.flatMap((s) => s.tools))],
    demo: true as const,
    config,
  }));
  app.get(
    '/agent/demo',
    { onRequest: [authenticate], schema: { ...common, summary: 'Demo agents for presentation mode (not stored in the library)', response: { 200: demoAgentsResponseSchema, ...errors } } },
    async () => ({ status: 'success' as const, agents: demoAgents }),
  );

  app.get(
    '/multi-agent/agent-config',
    {
      onRequest: [authenticate],
      schema: { ...common, summary: "An agent's saved configuration and version", querystring: agentNameQuerySchema, response: { 200: agentConfigResponseSchema, ...errors } },
    },
    async (request) => {
      await assertMayRead(request, request.query.name);
      const agent = await getAgent(db, request.user.libraryId, request.query.name);
      if (!agent) throw new HttpError(404, AGENT_MESSAGES.notFound(request.query.name));
      return agent;
    },
  );

  app.post(
    '/agent/save',
    {
      onRequest: [authenticate, canEdit],
      schema: { ...common, summary: 'Create or update an agent by name; every save is a new version', body: agentSaveRequestSchema, response: { 200: agentSaveResponseSchema, ...errors } },
    },
    async (request) => {
      await assertMayUse(request, request.body.name);
      // administrators choose which agents MCP clients see; anyone else's save keeps the stored choice
      const config = request.user.role === 'admin' ? request.body : { ...request.body, mcp: (await getAgent(db, request.user.libraryId, request.body.name))?.mcp };
      const saved = await saveAgent(db, { libraryId: request.user.libraryId, userId: request.user.id, config });
      await record(db, { ...byCaller(request), action: 'agent.save', target: saved.name, details: { version: saved.version } });
      return { status: 'success' as const, ...saved };
    },
  );

  app.delete(
    '/agent',
    {
      onRequest: [authenticate, canEdit],
      schema: { ...common, summary: 'Delete an agent and its history', querystring: agentNameQuerySchema, response: { 200: successResponseSchema, ...errors } },
    },
    async (request) => {
      await assertMayUse(request, request.query.name);
      if (!(await deleteAgent(db, request.user.libraryId, request.query.name))) throw new HttpError(404, AGENT_MESSAGES.notFound(request.query.name));
      await record(db, { ...byCaller(request), action: 'agent.delete', target: request.query.name });
      return { status: 'success' as const };
    },
  );

  // Each draft is a paid model call: a few a minute per person is plenty.
  const perUserDrafts = {
    rateLimit: {
      max: 10,
      timeWindow: 60_000,
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => `agent-generate|${request.user.id}`,
      errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => new HttpError(429, AGENT_MESSAGES.tooManyDrafts(Math.max(1, Math.ceil(context.ttl / 1000)))),
    },
  };
  app.post(
    '/agent/generate',
    {
      onRequest: [authenticate, canEdit],
      config: perUserDrafts,
      schema: {
        ...common,
        summary: 'Draft an agent from a description with a model (structured output); nothing is saved',
        body: agentGenerateRequestSchema,
        response: { 200: agentGenerateResponseSchema, ...errors, 422: apiErrorSchema, 424: apiErrorSchema, 429: apiErrorSchema, 502: apiErrorSchema },
      },
    },
    async (request) => ({ agent: await generateAgentDraft(providerAccess, request.user.libraryId, request.body) }),
  );

  app.get(
    '/agent/versions',
    {
      onRequest: [authenticate],
      schema: { ...common, summary: "An agent's versions, newest first", querystring: agentNameQuerySchema, response: { 200: agentVersionsResponseSchema, ...errors } },
    },
    async (request) => {
      await assertMayRead(request, request.query.name);
      const versions = await listVersions(db, request.user.libraryId, request.query.name);
      if (!versions) throw new HttpError(404, AGENT_MESSAGES.notFound(request.query.name));
      return { versions };
    },
  );

  app.get(
    '/agent/version',
    {
      onRequest: [authenticate],
      schema: { ...common, summary: 'The configuration saved as one version', querystring: agentVersionQuerySchema, response: { 200: agentConfigResponseSchema, ...errors } },
    },
    async (request) => {
      const { name, version } = request.query;
      await assertMayRead(request, name);
      const config = await getVersion(db, request.user.libraryId, name, version);
      if (!config) throw new HttpError(404, AGENT_MESSAGES.versionNotFound(name, version));
      return config;
    },
  );

  app.post(
    '/agent/restore',
    {
      onRequest: [authenticate, canEdit],
      schema: { ...common, summary: 'Save an older version as the newest version', body: agentRestoreRequestSchema, response: { 200: agentSaveResponseSchema, ...errors } },
    },
    async (request) => {
      const { name, version } = request.body;
      await assertMayUse(request, name);
      const saved = await restoreVersion(db, { libraryId: request.user.libraryId, userId: request.user.id, name, version });
      if (!saved) throw new HttpError(404, AGENT_MESSAGES.versionNotFound(name, version));
      await record(db, { ...byCaller(request), action: 'agent.restore', target: name, details: { from_version: version, version: saved.version } });
      return { status: 'success' as const, ...saved };
    },
  );
};
