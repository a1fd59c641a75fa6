// The tool catalogue (all 25 names of TOOL_CATALOGUE) and the bridge to the AI SDK: each tool a step
// lists becomes an AI SDK tool whose calls are timed, recorded in the step's trace and announced as
// events. A failing tool answers the model {error} instead of ending the run, so the model can react.
import { toolCallSummary, type RunEvent, type ToolCallTrace, type ToolName } from '@accent/agents-common';
import { tool, type FlexibleSchema, type ToolSet } from 'ai';
import { HttpError } from '../http/errors.js';
import { DocumentError } from '../library/documents.js';
import { askAgent, runAgentCommand } from './internal/agents.js';
import { createDraftEmail, insertRow } from './internal/data.js';
import { appendText, createDocument, createNewFile, createNewFolder, duplicateFile, findDocument, libraryFileReader } from './internal/documents.js';
import { createQuickEvent, presentationBuilder } from './internal/files.js';
import { knowledgeBaseSearch } from './internal/knowledge-base.js';
import { createCompanyUpdate, createShareUpdate, linkedInApi } from './connectors/linkedin.js';
import { hubSpotApi, salesforceApi } from './connectors/crm.js';
import { ConnectorError } from './connectors/http.js';
import { googleSearch, serpApi } from './connectors/search.js';
import { sendGrid } from './connectors/sendgrid.js';
import { sendChannelMessage, sendDirectMessage, sendMessage } from './connectors/slack.js';
import type { ToolContext, ToolModule } from './types.js';

export const TOOLS: readonly ToolModule[] = [
  googleSearch,
  knowledgeBaseSearch,
  serpApi,
  findDocument,
  askAgent,
  runAgentCommand,
  sendChannelMessage,
  sendDirectMessage,
  sendMessage,
  sendGrid,
  createDraftEmail,
  hubSpotApi,
  salesforceApi,
  insertRow,
  appendText,
  createDocument,
  linkedInApi,
  createShareUpdate,
  createCompanyUpdate,
  duplicateFile,
  createNewFolder,
  createNewFile,
  createQuickEvent,
  presentationBuilder,
  libraryFileReader,
];
const BY_NAME = new Map<string, ToolModule>(TOOLS.map((t) => [t.name, t]));
const BY_ID = new Map<string, ToolModule>(TOOLS.map((t) => [t.id, t]));

/** The catalogue name of a tool id the model called (the id itself when it is not ours). */
export function toolNameForId(id: string): string {
  return BY_ID.get(id)?.name ?? id;
}

/** Tool outputs kept in a trace are capped so one large file read does not bloat every run row. */
const MAX_TRACE_CHARS = 20_000;
export function forTrace(value: unknown): unknown {
  const json = JSON.stringify(value ?? null);
  return json.length <= MAX_TRACE_CHARS ? value : { truncated: true, preview: json.slice(0, MAX_TRACE_CHARS) };
}

/** `{error: 'not_connected', message}` or `{error: '…'}`: a tool's answered failure. */
function answeredError(output: unknown): string | null {
  if (!output || typeof output !== 'object' || !('error' in output)) return null;
  const { error, message } = output as { error: unknown; message?: unknown };
  return typeof message === 'string' ? message : String(error);
}

export interface ToolRecorder {
  record(call: ToolCallTrace): void;
  emit(event: RunEvent): void;
}

/**
 * A tool from outside the catalogue (an MCP server's), attached to a step by `ref` and shown as `label`
 * ("CRM » find_contact"); its input schema is the server's JSON Schema.
 */
export interface ExternalTool {
  ref: string;
  label: string;
  /** the name the model calls it by ([a-zA-Z0-9_-], at most 64) */
  id: string;
  description: string;
  inputSchema: FlexibleSchema<unknown>;
  execute(input: unknown, signal: AbortSignal): Promise<unknown>;
}

/**
 * The AI SDK tools of a step; names not in the catalogue (nor among `external`, by ref) are left out and
 * reported as warnings, as is an external tool whose model-facing name another tool of the step has.
 */
export function buildToolSet(
  names: readonly string[],
  context: ToolContext,
  recorder: ToolRecorder,
  external: ReadonlyMap<string, ExternalTool> = new Map(),
): { tools: ToolSet; warnings: string[]; labels: ReadonlyMap<string, string> } {
  const tools: ToolSet = {};
  const warnings: string[] = [];
  const labels = new Map<string, string>();
  /** Each call timed, recorded in the trace and announced; a failure answers the model {error}. */
  const traced = (
    id: string,
    name: string,
    description: string,
    inputSchema: FlexibleSchema<unknown>,
    run: (input: unknown) => Promise<unknown>,
    guardName?: ToolName,
  ) => {
    labels.set(id, name);
    tools[id] = tool({
      description,
      inputSchema,
      execute: async (input: unknown) => {
        const started = performance.now();
        recorder.emit({ type: 'tool', name, status: 'started' });
        let output: unknown;
        let error: string | null;
        const refused = guardName ? (context.guard?.(guardName, input) ?? null) : null;
        try {
          output = refused ? { error: 'not_permitted', message: refused } : await run(input);
          error = answeredError(output);
        } catch (thrown) {
          if (context.signal.aborted) throw thrown;
          const message = (thrown as Error).message ?? String(thrown);
          // errors meant for people (a missing document, a connector's refusal, a nested run's error) go as they are
          const meantForPeople = thrown instanceof DocumentError || thrown instanceof ConnectorError || thrown instanceof HttpError;
          error = meantForPeople ? message : `${name} failed: ${message}`;
          output = { error };
        }
        recorder.record({
          tool: name,
          input: forTrace(input),
          output: forTrace(output),
          error,
          duration_ms: Math.round(performance.now() - started),
        });
        recorder.emit({ type: 'tool', name, status: error ? 'failed' : 'succeeded', summary: toolCallSummary({ tool: name, output, error }) });
        return output;
      },
    });
  };
  for (const name of new Set(names)) {
    const outside = external.get(name);
    if (outside) {
      if (tools[outside.id])
        warnings.push(`Tool "${outside.label}" has the same name for the model as "${labels.get(outside.id)}" and was left out.`);
      else if (context.guard?.(outside.ref, undefined)) warnings.push(`Tool "${outside.label}" is not allowed here and was left out.`);
      else traced(outside.id, outside.label, outside.description, outside.inputSchema, (input) => outside.execute(input, context.signal));
      continue;
    }
    const module = BY_NAME.get(name);
    if (!module) {
      warnings.push(
        name.startsWith('mcp:')
          ? `MCP tool "${name}" is not available (its server was removed or no longer lists it) and was left out.`
          : `Tool "${name}" is not in the catalogue and was left out.`,
      );
      continue;
    }
    traced(module.id, name, module.description, module.inputSchema, (input) => module.execute(input, context), module.name);
  }
  return { tools, warnings, labels };
}
