// The sources an answer drew on: the citations ("Report.pdf, page 3") of the knowledge base search
// results the run's steps received, in the order first seen, each once.
import type { RunDetail } from '@accent/agents-common';

export const KNOWLEDGE_TOOL_NAME = 'internal knowledge base search';
export const SOURCES_TITLE = 'Sources';

export function runSources(run: Pick<RunDetail, 'trace'>): string[] {
  const seen = new Set<string>();
  for (const step of run.trace?.steps ?? []) {
    for (const call of step.tool_calls) {
      if (call.tool !== KNOWLEDGE_TOOL_NAME || call.error || !call.output || typeof call.output !== 'object') continue;
      const results = (call.output as { results?: unknown }).results;
      if (!Array.isArray(results)) continue;
      for (const result of results) {
        const source = (result as { source?: unknown } | null)?.source;
        if (typeof source === 'string' && source) seen.add(source);
      }
    }
  }
  return [...seen];
}
