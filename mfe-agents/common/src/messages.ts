// The Agents area's texts as the spec quotes them (spec 01 §2, §5, §8). Used exactly as written; `{x}` placeholders are filled by the helpers.

export const MESSAGES = {
  loadingAgents: 'Loading agents...',
  noAgents: 'No agents found',
  searchAgentsPlaceholder: 'Search agents...',
  createNewAgent: '+ Create New Agent',
  noSteps: 'This agent has no configured steps. It may be a simple single-response agent.',
  noParams: 'No parameters configured.',
  saveFailedTitle: 'Save Failed',
  saveFailedDefault: 'Failed to save agent',
  agentSavedTitle: 'Agent Saved!',
  agentSavedMessage: 'Your agent has been successfully saved and updated.',
  deleteFailedTitle: 'Delete failed',
  agentDeletedTitle: 'Agent deleted',
  duplicationFailedTitle: 'Duplication failed',
  duplicationFailedMessage: 'Failed to duplicate agent. Please try again.',
  agentDuplicatedTitle: 'Agent duplicated',
  testFailed: 'Test failed',
  agenticAlert: 'The deployment interface would open here.',
} as const;

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? `{${k}}`));

export const msg = {
  failedToLoadAgents: (message: string) => fill('Failed to load agents: {message}', { message }),
  unableToSaveAgent: (message: string) => fill('Unable to save agent: {message}', { message }),
  failedToLoadAgentConfig: (status: number | string) => fill('Failed to load agent config: {status}', { status }),
  successfullyDeleted: (name: string) => fill('Successfully deleted: {name}', { name }),
  createdCopy: (name: string) => fill('Created copy: {name}', { name }),
  confirmDelete: (name: string) => fill('Are you sure you want to delete "{name}"? This action cannot be undone.', { name }),
  editAgentTitle: (name: string) => fill('Edit {name}', { name }),
  usageText: (kb: number) => fill('Size: {kb} KB', { kb }),
};
