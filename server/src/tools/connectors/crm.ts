// CRM connectors: HubSpot (CRM v3 objects: search and create) and Salesforce (REST: SOQL query and
// sObject create).
import { z } from 'zod';
import { defineTool } from '../types.js';
import { connectorFetch, trimSlash, withConnector, type ConnectorRequest } from './http.js';

const SALESFORCE_API_VERSION = 'v60.0';
/** The stored instance URL is anyone's with credential rights: only public addresses (the operator's SALESFORCE_API_BASE_URL is trusted). */
const SALESFORCE_INSTANCE_POLICY: ConnectorRequest['ssrf'] = { blockedHint: 'A Salesforce instance URL must be a public address.' };
const properties = z.record(z.string().max(100), z.union([z.string().max(10_000), z.number(), z.boolean()]));

export const hubSpotApi = defineTool({
  name: 'HubSpot API',
  id: 'hubspot_api',
  description: 'Search or create HubSpot CRM records (contacts, companies, deals, tickets).',
  inputSchema: z.object({
    action: z.enum(['search', 'create']),
    object_type: z.enum(['contacts', 'companies', 'deals', 'tickets']),
    query: z.string().max(500).optional().describe('Text to search for (action search)'),
    properties: properties.optional().describe('Record properties (action create), e.g. {"email": "ada@example.com"}'),
    limit: z.number().int().min(1).max(100).optional().describe('Maximum results (default 10)'),
  }),
  execute: (input, ctx) =>
    withConnector(ctx, 'HubSpot API', 'hubspot', async (credentials, baseUrl) => {
      const base = `${trimSlash(baseUrl)}/crm/v3/objects/${input.object_type}`;
      const headers = { authorization: `Bearer ${credentials.accessToken}` };
      if (input.action === 'create') {
        if (!input.properties || Object.keys(input.properties).length === 0) return { error: 'properties are required to create a record' };
        const { body } = await connectorFetch({ service: 'HubSpot', url: base, method: 'POST', headers, body: { properties: input.properties }, signal: ctx.signal });
        return { id: body?.id, properties: body?.properties };
      }
      const { body } = await connectorFetch({
        service: 'HubSpot',
        url: `${base}/search`,
        method: 'POST',
        headers,
        body: { query: input.query ?? '', limit: input.limit ?? 10 },
        signal: ctx.signal,
      });
      return { total: body?.total ?? 0, results: (body?.results ?? []).map((r: any) => ({ id: r.id, properties: r.properties })) };
    }),
});

export const salesforceApi = defineTool({
  name: 'Salesforce API',
  id: 'salesforce_api',
  description: 'Query Salesforce with SOQL, or create a record (Lead, Contact, Account, Opportunity…).',
  inputSchema: z.object({
    action: z.enum(['query', 'create']),
    soql: z.string().max(20_000).optional().describe('SOQL for action query, e.g. SELECT Id, Name FROM Lead LIMIT 5'),
    sobject: z.string().regex(/^\w+$/).optional().describe('Object type for action create, e.g. Lead'),
    fields: properties.optional().describe('Field values for action create'),
  }),
  execute: (input, ctx) =>
    withConnector(ctx, 'Salesforce API', 'salesforce', async (credentials, baseUrl) => {
      const root = `${trimSlash(baseUrl || credentials.instanceUrl)}/services/data/${SALESFORCE_API_VERSION}`;
      const headers = { authorization: `Bearer ${credentials.accessToken}` };
      const ssrf = baseUrl ? undefined : SALESFORCE_INSTANCE_POLICY;
      if (input.action === 'create') {
        if (!input.sobject || !input.fields) return { error: 'sobject and fields are required to create a record' };
        const { body } = await connectorFetch({ service: 'Salesforce', url: `${root}/sobjects/${input.sobject}/`, method: 'POST', headers, body: input.fields, signal: ctx.signal, ssrf });
        return { id: body?.id, success: body?.success ?? true };
      }
      if (!input.soql) return { error: 'soql is required to query' };
      const { body } = await connectorFetch({ service: 'Salesforce', url: `${root}/query`, query: { q: input.soql }, headers, signal: ctx.signal, ssrf });
      return { total: body?.totalSize ?? 0, records: (body?.records ?? []).map(({ attributes: _attributes, ...record }: any) => record) };
    }),
});
