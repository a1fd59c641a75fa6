// What every tool module is: a catalogue name, a zod input schema the model sees, and an execute that
// receives the run's context (library, user, depth, connectors…) next to the model's input.
import type { ToolName } from '@accent/agents-common';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { ConnectorKey } from '../config.js';
import type { CredentialValues } from '../credentials/store.js';
import type { DB } from '../db/schema.js';
import type { Storage } from '../storage/service.js';
import { DocumentError } from '../library/documents.js';
import type { Knowledge } from '../knowledge/index.js';
import type { LibraryReads } from '../library/run-reads.js';
import type { Runner } from '../runtime/access.js';

/** Another agent run from a tool (Ask Agent, Run Agent Command). */
export interface NestedRun {
  agentName: string;
  query: string;
  params: Record<string, string>;
}

export interface ToolContext {
  /** the server's connection: for writes (rows, drafts); never to read library files or knowledge */
  db: Kysely<DB>;
  /** every read of library files and knowledge: as the run may read them (library/run-reads.ts) */
  reads: LibraryReads;
  libraryId: string;
  user: Runner;
  /** 0 for a run started by a person; +1 for each agent calling another */
  depth: number;
  signal: AbortSignal;
  connectorBaseUrls: Record<ConnectorKey, string>;
  /** the library's stored values of a connector, or undefined when it is not connected */
  connector(key: ConnectorKey): Promise<CredentialValues | undefined>;
  /** library storage: the document tools read and write the `documents` bucket */
  storage?: Storage;
  runAgent(run: NestedRun): Promise<{ output: string; runId: string }>;
  /** When set, asked before every call: a reason refuses the call (a background agent's permissions). */
  guard?: ToolGuard;
  /** the knowledge base's search (absent in contexts without one: document search only) */
  knowledge?: Pick<Knowledge, 'search'>;
  /** the collections the agent may search (its config's knowledgeCollections); absent or empty: all */
  knowledgeCollections?: string[];
}

/** null allows the call; a string is the reason it is refused. */
/** Asked with a catalogue tool's name, or an MCP tool's ref (`mcp:<server id>:<tool>`) with no input before it is offered. */
export type ToolGuard = (toolName: ToolName | string, input: unknown) => string | null;

export interface ToolModule<I = any> {
  name: ToolName;
  /** the name the model calls it by (providers accept [a-zA-Z0-9_-] only) */
  id: string;
  description: string;
  inputSchema: z.ZodType<I>;
  execute(input: I, context: ToolContext): Promise<unknown>;
}

export const defineTool = <I>(tool: ToolModule<I>): ToolModule<I> => tool;

/** The library's storage in a tool context; a context made without it cannot touch files. */
export function storageOf(ctx: ToolContext): Storage {
  if (!ctx.storage) throw new DocumentError('File storage is not available here.');
  return ctx.storage;
}
