import { describe, expect, it } from '@jest/globals';
import { toolCallSummary } from './tool-summary.js';

describe('toolCallSummary', () => {
  it('says what the call did and what it found, in a few words', () => {
    expect(toolCallSummary({ tool: 'internal knowledge base search', output: { results: [{}, {}, {}] }, error: null })).toBe(
      'Searched knowledge base · 3 results',
    );
    expect(toolCallSummary({ tool: 'internal knowledge base search', output: { results: [{}] }, error: null })).toBe(
      'Searched knowledge base · 1 result',
    );
    expect(toolCallSummary({ tool: 'Find Document', output: { documents: [] }, error: null })).toBe('Looked for documents · 0 documents');
    expect(toolCallSummary({ tool: 'Ask Agent', output: { agent: 'Pricing Bot', answer: 'x' }, error: null })).toBe('Asked an agent · Pricing Bot');
    expect(toolCallSummary({ tool: 'Create Draft Email', output: { id: '1' }, error: null })).toBe('Drafted an email');
    expect(toolCallSummary({ tool: 'weather (MCP)', output: 'sunny', error: null })).toBe('Used weather (MCP)');
  });

  it('says a call failed, with its reason cut short', () => {
    expect(toolCallSummary({ tool: 'Send Message', output: null, error: 'Slack is not connected' })).toBe(
      'Send Message failed: Slack is not connected',
    );
    expect(toolCallSummary({ tool: 'Google Search', output: null, error: 'Google Search failed: quota' })).toBe('Google Search failed: quota');
    expect(toolCallSummary({ tool: 'Google Search', output: null, error: 'x'.repeat(200) })).toMatch(/^Google Search failed: x{77}…$/);
  });
});
