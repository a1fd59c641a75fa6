// A background agent's permission list (spec 02 §3.6: read_crm, write_crm, read_emails, send_emails,
// post_slack, send_sms, web_scraping, api_calls) decides which catalogue tools its runs get and, for
// tools that both read and write, which calls go through. The library's own read-only tools (knowledge
// base, documents) need no permission; tools that write to the library are never offered.
import type { BackgroundPermission } from '@accent/background-common';
import type { ToolName } from '@accent/agents-common';
import type { ToolGuard } from '../tools/types.js';

/** Tools and the permissions any one of which offers them. */
const TOOL_PERMISSIONS: Readonly<Partial<Record<ToolName, readonly BackgroundPermission[]>>> = {
  'HubSpot API': ['read_crm', 'write_crm'],
  'Salesforce API': ['read_crm', 'write_crm'],
  SendGrid: ['send_emails'],
  'Create Draft Email': ['send_emails'],
  'Send Channel Message': ['post_slack'],
  'Send Direct Message': ['post_slack'],
  'Send Message': ['post_slack'],
  'Google Search': ['web_scraping', 'api_calls'],
  'Serp API': ['web_scraping', 'api_calls'],
  'LinkedIn API': ['api_calls'],
};
const ALWAYS: readonly ToolName[] = ['internal knowledge base search', 'Find Document', 'Library File Reader'];

/** The tools a run with these permissions is given. */
export function toolsFor(permissions: readonly BackgroundPermission[]): ToolName[] {
  const granted = new Set(permissions);
  const tools = Object.entries(TOOL_PERMISSIONS)
    .filter(([, needs]) => needs!.some((p) => granted.has(p)))
    .map(([name]) => name as ToolName);
  return [...ALWAYS, ...tools];
}

/** CRM calls that write: HubSpot create, Salesforce create. */
function writesCrm(tool: string, input: unknown): boolean {
  if (tool !== 'HubSpot API' && tool !== 'Salesforce API') return false;
  return (input as { action?: unknown } | null)?.action === 'create';
}

/** Refuses what the permissions do not allow, with the permission that would; the MCP tools attached to the agent are allowed. */
export function permissionGuard(permissions: readonly BackgroundPermission[], mcpTools: readonly string[] = []): ToolGuard {
  const granted = new Set(permissions);
  const offered = new Set<string>([...toolsFor(permissions), ...mcpTools]);
  return (tool, input) => {
    if (!offered.has(tool)) return `This background agent is not permitted to use ${tool}.`;
    if (writesCrm(tool, input) && !granted.has('write_crm'))
      return `This background agent may read the CRM but not write to it (permission write_crm).`;
    if (!writesCrm(tool, input) && (tool === 'HubSpot API' || tool === 'Salesforce API') && !granted.has('read_crm')) {
      return `This background agent may write to the CRM but not read it (permission read_crm).`;
    }
    return null;
  };
}
