import { describe, expect, it } from '@jest/globals';
import { canRun } from './access.js';
import { createLanguageModel, PROVIDER_MODELS, providerModelId } from './providers.js';
import { renderTemplate, templateValues } from './templating.js';

describe('templating', () => {
  const values = templateValues({ params: { topic: 'pricing', 'first name': 'Ada' }, query: 'Acme', steps: [{ name: 'Research it', output: 'R' }, { name: '', output: 'S' }] });

  it('fills params, query and earlier step outputs', () => {
    expect(renderTemplate('{{topic}} for {{ query }}: {{steps.Research it}} {{step1}} {{step2}} {{first name}}', values)).toBe('pricing for Acme: R R S Ada');
  });

  it('supports the single-brace form for known names only, and leaves unknown placeholders and JSON alone', () => {
    expect(renderTemplate('Research {topic} in {region}', values)).toBe('Research pricing in {region}');
    expect(renderTemplate('{{unknown}} {"a": 1} {{steps.Later}}', values)).toBe('{{unknown}} {"a": 1} {{steps.Later}}');
  });
});

describe('access permissions', () => {
  it('lets everyone run all_users agents, admins run anything, and teams run their agents', () => {
    expect(canRun(['all_users'], { role: 'member', team: null })).toBe(true);
    expect(canRun(['admin_only'], { role: 'member', team: 'sales' })).toBe(false);
    expect(canRun(['admin_only'], { role: 'builder', team: null })).toBe(false);
    expect(canRun(['admin_only'], { role: 'admin', team: null })).toBe(true);
    expect(canRun(['sales_team'], { role: 'member', team: 'sales' })).toBe(true);
    expect(canRun(['sales_team'], { role: 'member', team: 'marketing' })).toBe(false);
    expect(canRun(['sales_team', 'marketing_team'], { role: 'builder', team: 'marketing' })).toBe(true);
    expect(canRun([], { role: 'member', team: 'sales' })).toBe(false);
  });
});

describe('providers', () => {
  it("maps every spec model name to a provider model id; other names pass through", () => {
    expect(PROVIDER_MODELS.anthropic['claude-3.5-sonnet']).toBe('claude-3-5-sonnet-20241022');
    expect(providerModelId('google', 'palm-2')).toBe('gemini-1.5-flash');
    expect(providerModelId('google', 'gemini-pro-vision')).toBe('gemini-1.5-pro');
    expect(providerModelId('microsoft', 'azure-gpt-35-turbo')).toBe('azure-gpt-35-turbo');
    expect(providerModelId('openai', 'gpt-5')).toBe('gpt-5');
    expect(providerModelId('local', 'llama3.1:8b')).toBe('llama3.1:8b');
  });

  it.each([
    ['openai', {}, 'No API key for OpenAI. An administrator can add one in Admin → Model providers, or set OPENAI_API_KEY on the server.'],
    ['anthropic', {}, 'No API key for Anthropic. An administrator can add one in Admin → Model providers, or set ANTHROPIC_API_KEY on the server.'],
    ['google', {}, 'No API key for Google. An administrator can add one in Admin → Model providers, or set GOOGLE_GENERATIVE_AI_API_KEY on the server.'],
    ['microsoft', { apiKey: 'k' }, 'No API key for Azure OpenAI. An administrator can add one in Admin → Model providers, or set AZURE_API_KEY and AZURE_RESOURCE_NAME (or AZURE_BASE_URL) on the server.'],
    ['local', {}, 'No base URL for the local model server. An administrator can set one in Admin → Model providers, or set LOCAL_MODEL_BASE_URL on the server.'],
  ] as const)('says where to add the missing settings of %s', (provider, settings, message) => {
    expect(() => createLanguageModel(provider, 'm', settings)).toThrow(message);
  });

  it('builds each provider with its settings (no request is made)', () => {
    expect(createLanguageModel('openai', 'gpt-4o', { apiKey: 'k' }).languageModel).toMatchObject({ modelId: 'gpt-4o' });
    expect(createLanguageModel('anthropic', 'claude-3-opus', { apiKey: 'k' }).languageModel).toMatchObject({ modelId: 'claude-3-opus-20240229' });
    expect(createLanguageModel('google', 'gemini-pro', { apiKey: 'k' }).languageModel).toMatchObject({ modelId: 'gemini-1.5-pro' });
    expect(createLanguageModel('microsoft', 'azure-gpt-4', { apiKey: 'k', resourceName: 'acme' }).languageModel).toMatchObject({ modelId: 'azure-gpt-4' });
  });
});
