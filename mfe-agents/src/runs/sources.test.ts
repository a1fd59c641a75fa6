import { describe, expect, it } from '@jest/globals';
import type { RunDetail } from '@accent/agents-common';
import { runSources } from './sources.js';

const call = (tool: string, output: unknown, error: string | null = null) => ({ tool, input: {}, output, error, duration_ms: 1 });
const run = (...calls: ReturnType<typeof call>[][]) => ({ trace: { steps: calls.map((tool_calls) => ({ tool_calls })) } }) as unknown as Pick<RunDetail, 'trace'>;

describe('runSources', () => {
  it('lists the knowledge base citations the steps received, each once, in order', () => {
    const sources = runSources(
      run(
        [call('internal knowledge base search', { results: [{ source: 'Specs.pdf, page 2' }, { source: 'Guide.md, Install' }] }), call('Google Search', { results: [{ source: 'x' }] })],
        [call('internal knowledge base search', { results: [{ source: 'Specs.pdf, page 2' }, { source: 'Pricing.md' }] })],
      ),
    );
    expect(sources).toEqual(['Specs.pdf, page 2', 'Guide.md, Install', 'Pricing.md']);
  });

  it('ignores failed calls, odd outputs and runs without a trace', () => {
    expect(runSources(run([call('internal knowledge base search', { error: 'x' }, 'x'), call('internal knowledge base search', { truncated: true, preview: '' }), call('internal knowledge base search', null)]))).toEqual([]);
    expect(runSources({ trace: null } as unknown as Pick<RunDetail, 'trace'>)).toEqual([]);
  });
});
