// SendGrid: send an email now (v3 mail/send) from the connector's verified sender.
import { z } from 'zod';
import { defineTool } from '../types.js';
import { connectorFetch, trimSlash, withConnector } from './http.js';

export const sendGrid = defineTool({
  name: 'SendGrid',
  id: 'sendgrid_send_email',
  description: 'Send an email right away through SendGrid. Use Create Draft Email instead when a person should review it first.',
  inputSchema: z.object({
    to: z.array(z.email()).min(1).max(50).describe('Recipient addresses'),
    subject: z.string().min(1).max(500),
    text: z.string().min(1).max(100_000).describe('Plain-text body'),
    html: z.string().max(200_000).optional().describe('HTML body (optional)'),
  }),
  execute: ({ to, subject, text, html }, ctx) =>
    withConnector(ctx, 'SendGrid', 'sendgrid', async (credentials, baseUrl) => {
      const { status, headers } = await connectorFetch({
        service: 'SendGrid',
        url: `${trimSlash(baseUrl)}/v3/mail/send`,
        method: 'POST',
        headers: { authorization: `Bearer ${credentials.apiKey}` },
        body: {
          personalizations: [{ to: to.map((email) => ({ email })) }],
          from: { email: credentials.from },
          subject,
          content: [{ type: 'text/plain', value: text }, ...(html ? [{ type: 'text/html', value: html }] : [])],
        },
        signal: ctx.signal,
      });
      return { sent: true, status, message_id: headers.get('x-message-id') };
    }),
});
