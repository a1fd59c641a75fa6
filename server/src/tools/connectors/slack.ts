// Slack Web API: post to a channel, to a person (direct message) or anywhere chat.postMessage accepts.
// Slack answers HTTP 200 with {ok: false, error} on failure, so `ok` is checked too.
import { z } from 'zod';
import type { CredentialValues } from '../../credentials/store.js';
import { defineTool, type ToolContext } from '../types.js';
import { ConnectorError, connectorFetch, trimSlash, withConnector } from './http.js';

async function slack(ctx: ToolContext, credentials: CredentialValues, baseUrl: string, method: string, body: Record<string, unknown>) {
  const { body: answer } = await connectorFetch({
    service: 'Slack',
    url: `${trimSlash(baseUrl)}/${method}`,
    method: 'POST',
    headers: { authorization: `Bearer ${credentials.botToken}`, 'content-type': 'application/json; charset=utf-8' },
    body,
    signal: ctx.signal,
  });
  if (!answer?.ok) throw new ConnectorError(`Slack ${method} failed: ${answer?.error ?? 'unknown error'}`);
  return answer;
}

const text = z.string().min(1).max(40_000).describe('The message (Slack mrkdwn)');

async function postMessage(ctx: ToolContext, credentials: CredentialValues, baseUrl: string, channel: string, message: string, threadTs?: string) {
  const answer = await slack(ctx, credentials, baseUrl, 'chat.postMessage', { channel, text: message, ...(threadTs ? { thread_ts: threadTs } : {}) });
  return { sent: true, channel: answer.channel, ts: answer.ts };
}

export const sendChannelMessage = defineTool({
  name: 'Send Channel Message',
  id: 'slack_send_channel_message',
  description: 'Post a message to a Slack channel the bot is in.',
  inputSchema: z.object({ channel: z.string().min(1).max(200).describe('Channel ID (C…) or name (#sales)'), text }),
  execute: ({ channel, text: message }, ctx) =>
    withConnector(ctx, 'Send Channel Message', 'slack', (credentials, baseUrl) => postMessage(ctx, credentials, baseUrl, channel.replace(/^#/, ''), message)),
});

export const sendDirectMessage = defineTool({
  name: 'Send Direct Message',
  id: 'slack_send_direct_message',
  description: 'Send a direct message to a person on Slack, by Slack user ID (U…) or email address.',
  inputSchema: z.object({ user: z.string().min(1).max(320).describe('Slack user ID or email address'), text }),
  execute: ({ user, text: message }, ctx) =>
    withConnector(ctx, 'Send Direct Message', 'slack', async (credentials, baseUrl) => {
      let userId = user;
      if (user.includes('@')) {
        const { body } = await connectorFetch({
          service: 'Slack',
          url: `${trimSlash(baseUrl)}/users.lookupByEmail`,
          query: { email: user },
          headers: { authorization: `Bearer ${credentials.botToken}` },
          signal: ctx.signal,
        });
        if (!body?.ok) throw new ConnectorError(`Slack users.lookupByEmail failed: ${body?.error ?? 'unknown error'}`);
        userId = body.user.id;
      }
      const opened = await slack(ctx, credentials, baseUrl, 'conversations.open', { users: userId });
      return postMessage(ctx, credentials, baseUrl, opened.channel.id, message);
    }),
});

export const sendMessage = defineTool({
  name: 'Send Message',
  id: 'slack_send_message',
  description: 'Send a Slack message to a channel, a user ID or a conversation, optionally as a reply in a thread.',
  inputSchema: z.object({
    to: z.string().min(1).max(200).describe('Channel ID or name, user ID, or conversation ID'),
    text,
    thread_ts: z.string().max(50).optional().describe('Reply in this thread (its ts)'),
  }),
  execute: ({ to, text: message, thread_ts }, ctx) =>
    withConnector(ctx, 'Send Message', 'slack', (credentials, baseUrl) => postMessage(ctx, credentials, baseUrl, to.replace(/^#/, ''), message, thread_ts)),
});
