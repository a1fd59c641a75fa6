// How the Admin area names providers and connectors, and which agent tools each connector powers
// (from TOOL_CONNECTORS, the runtime's own table).
import { TOOL_CONNECTORS, type CredentialItem } from '@accent/shell-common';
import { TOOL_CATALOGUE, type ToolName } from '@accent/agents-common';

/** Card titles; the server's label is the fallback. */
const DISPLAY_NAMES: Record<string, string> = {
  'provider/openai': 'OpenAI',
  'provider/anthropic': 'Anthropic',
  'provider/google': 'Google',
  'provider/microsoft': 'Microsoft Azure',
  'provider/local': 'Local (OpenAI-compatible)',
};

export const displayNameOf = (item: Pick<CredentialItem, 'kind' | 'key' | 'label'>): string => DISPLAY_NAMES[`${item.kind}/${item.key}`] ?? item.label;

/** The catalogue's tools that need this connector, in catalogue order. */
export function toolsPoweredBy(connectorKey: string): ToolName[] {
  return TOOL_CATALOGUE.filter((tool) => TOOL_CONNECTORS[tool] === connectorKey);
}

/** What a provider is for, under its card title. */
export const PROVIDER_DESCRIPTIONS: Record<string, string> = {
  openai: 'GPT models for agent steps and flows.',
  anthropic: 'Claude models for agent steps and flows.',
  google: 'Gemini models for agent steps and flows.',
  microsoft: 'OpenAI models deployed in your Azure OpenAI resource.',
  local: 'A model server on your network that speaks the OpenAI API (Ollama, vLLM, LM Studio).',
};

/** Connectors no agent tool uses: what they are for. */
export const CONNECTOR_DESCRIPTIONS: Record<string, string> = {
  slack_webhook: 'Where background agents with the Slack delivery channel post their results.',
  sms: 'Texts the results of background agents with the SMS delivery channel (the Twilio Messages API, or a provider speaking it).',
};
