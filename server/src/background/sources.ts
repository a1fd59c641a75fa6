// A run's data sources (spec 02 §3.6 dataSources): each is gathered through its connector with the
// library's stored credentials before the model runs, and what came back (or why nothing did) is given
// to the agent and recorded on the run. Sources with no connector, or no credentials, say "not connected".
import { backgroundSourceLabel, type BackgroundAgentConfig, type BackgroundDataSource, type BackgroundSourceResult } from '@accent/background-common';
import { hubSpotApi, salesforceApi } from '../tools/connectors/crm.js';
import { connectorFetch, trimSlash } from '../tools/connectors/http.js';
import { googleSearch, serpApi } from '../tools/connectors/search.js';
import type { ToolContext } from '../tools/types.js';

/** What the agent sees of one source (capped: a source must not crowd out the prompt). */
export interface GatheredSource extends BackgroundSourceResult {
  data: string;
}
const MAX_SOURCE_CHARS = 8_000;


export const SOURCE_MESSAGES = {
  noConnector: (label: string) => `${label} is not connected: this studio has no ${label} connector yet.`,
  collected: (label: string, what: string) => `${label}: ${what}`,
} as const;

type Answer = { error?: unknown; message?: unknown } & Record<string, unknown>;
const failure = (answer: unknown): { status: 'not_connected' | 'failed'; detail: string } | null => {
  if (!answer || typeof answer !== 'object' || !('error' in answer)) return null;
  const { error, message } = answer as Answer;
  return { status: error === 'not_connected' ? 'not_connected' : 'failed', detail: typeof message === 'string' ? message : String(error) };
};
const cap = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 1);
  return text.length <= MAX_SOURCE_CHARS ? text : `${text.slice(0, MAX_SOURCE_CHARS)}… (truncated)`;
};

/** The search the news and web sources run: what the agent is about. */
const topicOf = (config: Pick<BackgroundAgentConfig, 'name' | 'description'>) => (config.description.trim() || config.name.trim()).slice(0, 200);

async function searchWeb(ctx: ToolContext, query: string): Promise<unknown> {
  // Serp API when connected, else Google Search (both answer not_connected without credentials)
  const serp = await serpApi.execute({ query, num: 10 }, ctx);
  if (failure(serp)?.status !== 'not_connected') return serp;
  return googleSearch.execute({ query, num: 10 }, ctx);
}

async function recentSlackMessages(ctx: ToolContext): Promise<unknown> {
  const credentials = await ctx.connector('slack');
  if (!credentials) return { error: 'not_connected', message: 'Slack is not connected. An administrator can add its credentials in Admin → Connectors.' };
  const base = trimSlash(ctx.connectorBaseUrls.slack);
  const headers = { authorization: `Bearer ${credentials.botToken}` };
  const { body: list } = await connectorFetch({ service: 'Slack', url: `${base}/conversations.list`, query: { types: 'public_channel', limit: 100, exclude_archived: 'true' }, headers, signal: ctx.signal });
  if (list?.ok === false) return { error: 'slack', message: `Slack answered: ${list.error}` };
  const channels = ((list?.channels ?? []) as { id: string; name: string; is_member?: boolean }[]).filter((c) => c.is_member).slice(0, 3);
  const out: { channel: string; messages: string[] }[] = [];
  for (const channel of channels) {
    const { body } = await connectorFetch({ service: 'Slack', url: `${base}/conversations.history`, query: { channel: channel.id, limit: 10 }, headers, signal: ctx.signal });
    out.push({ channel: `#${channel.name}`, messages: ((body?.messages ?? []) as { text?: string }[]).map((m) => m.text ?? '') });
  }
  return { channels: out };
}

async function gatherOne(source: BackgroundDataSource, config: Pick<BackgroundAgentConfig, 'name' | 'description'>, ctx: ToolContext): Promise<GatheredSource> {
  const label = backgroundSourceLabel(source);
  let answer: unknown;
  let what: string;
  switch (source) {
    case 'salesforce':
      answer = await salesforceApi.execute({ action: 'query', soql: 'SELECT Id, Name, StageName, Amount, CloseDate, LastModifiedDate FROM Opportunity ORDER BY LastModifiedDate DESC LIMIT 20' }, ctx);
      what = 'the 20 most recently changed opportunities';
      break;
    case 'hubspot':
      answer = await hubSpotApi.execute({ action: 'search', object_type: 'deals', query: '', limit: 20 }, ctx);
      what = '20 deals';
      break;
    case 'slack':
      answer = await recentSlackMessages(ctx);
      what = 'recent messages of the channels the bot is in';
      break;
    case 'news_apis':
      answer = await searchWeb(ctx, `${topicOf(config)} news`);
      what = 'news search results';
      break;
    case 'web_scraping':
      answer = await searchWeb(ctx, topicOf(config));
      what = 'web search results';
      break;
    default:
      // pipedrive, gmail, outlook, social_media: no connector exists for them
      return { source, status: 'not_connected', detail: SOURCE_MESSAGES.noConnector(label), data: '' };
  }
  const failed = failure(answer);
  if (failed) return { source, ...failed, data: '' };
  return { source, status: 'collected', detail: SOURCE_MESSAGES.collected(label, what), data: cap(answer) };
}

/** Every chosen source, in order; one source's failure does not stop the others. */
export async function gatherSources(config: Pick<BackgroundAgentConfig, 'dataSources' | 'name' | 'description'>, ctx: ToolContext): Promise<GatheredSource[]> {
  const out: GatheredSource[] = [];
  for (const source of new Set(config.dataSources)) {
    try {
      out.push(await gatherOne(source, config, ctx));
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      out.push({ source, status: 'failed', detail: (error as Error).message, data: '' });
    }
  }
  return out;
}
