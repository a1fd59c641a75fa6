import { TOOL_CATALOGUE, type ToolName } from '@accent/agents-common';

/** The 25 catalogue tools (spec 01 §3) grouped for the Tools & Integrations tab. Every tool is in exactly one group. */
export const TOOL_GROUPS: readonly { label: string; tools: readonly ToolName[] }[] = [
  { label: 'Search and knowledge', tools: ['Google Search', 'Serp API', 'internal knowledge base search', 'Find Document', 'Library File Reader'] },
  { label: 'Agents', tools: ['Ask Agent', 'Run Agent Command'] },
  { label: 'Messaging (Slack)', tools: ['Send Channel Message', 'Send Direct Message', 'Send Message'] },
  { label: 'Email', tools: ['SendGrid', 'Create Draft Email'] },
  { label: 'CRM', tools: ['Salesforce API', 'HubSpot API'] },
  { label: 'Social (LinkedIn)', tools: ['LinkedIn API', 'Create Share Update', 'Create Company Update'] },
  {
    label: 'Documents and files',
    tools: ['Create Document', 'Append Text', 'Insert Row', 'Create New File', 'Create New Folder', 'Duplicate File', 'Presentation Builder'],
  },
  { label: 'Calendar', tools: ['Create Quick Event'] },
];

export const TOOL_OPTIONS = TOOL_CATALOGUE.map((t) => ({ value: t, label: t }));
