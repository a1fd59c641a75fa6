// LinkedIn (REST Posts API): post as the connected member or as the organization, and read the member.
import type { ToolName } from '@accent/agents-common';
import { z } from 'zod';
import type { CredentialValues } from '../../credentials/store.js';
import { defineTool, type ToolContext } from '../types.js';
import { connectorFetch, trimSlash, withConnector } from './http.js';

/** The versioned LinkedIn REST API (YYYYMM) this code was written against. */
const LINKEDIN_VERSION = '202405';
const text = z.string().min(1).max(3000).describe('The text of the post');
const visibility = z.enum(['PUBLIC', 'CONNECTIONS']).optional().describe('Who can see it (default PUBLIC)');

async function createPost(ctx: ToolContext, credentials: CredentialValues, baseUrl: string, author: string, commentary: string, vis: string) {
  const { headers } = await connectorFetch({
    service: 'LinkedIn',
    url: `${trimSlash(baseUrl)}/rest/posts`,
    method: 'POST',
    headers: { authorization: `Bearer ${credentials.accessToken}`, 'linkedin-version': LINKEDIN_VERSION, 'x-restli-protocol-version': '2.0.0' },
    body: {
      author,
      commentary,
      visibility: vis,
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
    },
    signal: ctx.signal,
  });
  return { posted: true, author, post_id: headers.get('x-restli-id') };
}

const postAs = (tool: ToolName, as: 'member' | 'organization') => (input: { text: string; visibility?: string }, ctx: ToolContext) =>
  withConnector(ctx, tool, 'linkedin', async (credentials, baseUrl) => {
    const author = as === 'member' ? credentials.author : credentials.organization;
    if (!author) return { error: 'not_connected', message: `${tool} needs the organization URN in Admin → Connectors → LinkedIn.` };
    return createPost(ctx, credentials, baseUrl, author, input.text, input.visibility ?? 'PUBLIC');
  });

export const createShareUpdate = defineTool({
  name: 'Create Share Update',
  id: 'linkedin_create_share_update',
  description: 'Publish a post on LinkedIn as the connected member.',
  inputSchema: z.object({ text, visibility }),
  execute: postAs('Create Share Update', 'member'),
});

export const createCompanyUpdate = defineTool({
  name: 'Create Company Update',
  id: 'linkedin_create_company_update',
  description: "Publish a post on the organization's LinkedIn page.",
  inputSchema: z.object({ text }),
  execute: postAs('Create Company Update', 'organization'),
});

export const linkedInApi = defineTool({
  name: 'LinkedIn API',
  id: 'linkedin_api',
  description: "Use LinkedIn: read the connected member's profile, or publish a post as the member or the organization.",
  inputSchema: z.object({
    action: z.enum(['get_profile', 'create_post']),
    text: text.optional(),
    as: z.enum(['member', 'organization']).optional().describe('Post as (default member)'),
    visibility,
  }),
  async execute(input, ctx) {
    if (input.action === 'create_post') {
      if (!input.text) return { error: 'text is required to post' };
      return postAs('LinkedIn API', input.as ?? 'member')({ text: input.text, visibility: input.visibility }, ctx);
    }
    return withConnector(ctx, 'LinkedIn API', 'linkedin', async (credentials, baseUrl) => {
      const { body } = await connectorFetch({ service: 'LinkedIn', url: `${trimSlash(baseUrl)}/v2/userinfo`, headers: { authorization: `Bearer ${credentials.accessToken}` }, signal: ctx.signal });
      return { name: body?.name, email: body?.email, sub: body?.sub };
    });
  },
});
