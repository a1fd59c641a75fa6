// One line a person reads for each tool call of a run, shown inline in a chat or test thread:
// "Searched knowledge base · 3 results", "Asked an agent · Pricing Bot", "Send Message failed: Slack is not connected".
// Built from what the trace records of the call (its catalogue name, output and error), on the server
// for the run's events and its thread, so the live line and the one after a reload are the same.
import type { ToolName } from './constants.js';

/** What each catalogue tool did, in the past tense. Tools of MCP servers and unknown names read "Used {name}". */
const DID: Partial<Record<ToolName, string>> = {
  'Google Search': 'Searched Google',
  'internal knowledge base search': 'Searched knowledge base',
  'Serp API': 'Searched the web',
  'Find Document': 'Looked for documents',
  'Ask Agent': 'Asked an agent',
  'Run Agent Command': 'Ran an agent',
  'Send Channel Message': 'Posted to a channel',
  'Send Direct Message': 'Sent a direct message',
  'Send Message': 'Sent a message',
  SendGrid: 'Sent an email',
  'Create Draft Email': 'Drafted an email',
  'HubSpot API': 'Used HubSpot',
  'Salesforce API': 'Used Salesforce',
  'Insert Row': 'Inserted a row',
  'Append Text': 'Appended text to a document',
  'Create Document': 'Created a document',
  'LinkedIn API': 'Used LinkedIn',
  'Create Share Update': 'Shared a LinkedIn update',
  'Create Company Update': 'Posted a company update',
  'Duplicate File': 'Duplicated a file',
  'Create New Folder': 'Created a folder',
  'Create New File': 'Created a file',
  'Create Quick Event': 'Created an event',
  'Presentation Builder': 'Built a presentation',
  'Library File Reader': 'Read a file',
};

export interface ToolCallFacts {
  /** the catalogue name (or an MCP tool's label) */
  tool: string;
  output: unknown;
  error: string | null;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What the output says in a few words: how many results, documents or records, which agent, which file. */
function outcome(output: unknown): string | null {
  if (!output || typeof output !== 'object') return null;
  const o = output as Record<string, unknown>;
  if (Array.isArray(o.results)) return plural(o.results.length, 'result');
  if (Array.isArray(o.documents)) return plural(o.documents.length, 'document');
  if (Array.isArray(o.records)) return plural(o.records.length, 'record');
  if (typeof o.agent === 'string' && o.agent) return o.agent;
  if (typeof o.name === 'string' && o.name) return o.name;
  if (typeof o.path === 'string' && o.path) return o.path;
  if (typeof o.status === 'number') return `HTTP ${o.status}`;
  return null;
}

const MAX_ERROR = 100;

export function toolCallSummary(call: ToolCallFacts): string {
  const did = DID[call.tool as ToolName] ?? `Used ${call.tool}`;
  if (call.error) {
    // the runtime's own errors already start with the tool's name ("Google Search failed: …")
    const said = call.error.startsWith(call.tool) ? call.error : `${call.tool} failed: ${call.error}`;
    return said.length > MAX_ERROR ? `${said.slice(0, MAX_ERROR - 1)}…` : said;
  }
  const said = outcome(call.output);
  return said ? `${did} · ${said}` : did;
}
