// Send Email (action email): nodemailer over SMTP_URL (or a transport the caller injects). To, subject
// and body are templated; no subject: the node's label; no body: the incoming text. Output {messageId,
// to, subject, accepted, rejected}. Without SMTP the node fails with "Email is not configured…".
import { FLOW_RUN_MESSAGES } from '../messages.js';
import { lastText, renderBody, renderTemplate } from '../templating.js';
import { NodeError, type NodeExecutor, type NodeOf } from './types.js';

export const runEmail: NodeExecutor<NodeOf<'action'>> = async ({ node, scope, services }) => {
  const { data } = node;
  const mailer = services.mailer();
  if (!mailer) throw new NodeError(FLOW_RUN_MESSAGES.emailNotConfigured);
  const to = renderTemplate(data.to, scope).trim();
  if (!to) throw new NodeError(FLOW_RUN_MESSAGES.noRecipient);
  const subject = (renderTemplate(data.subject, scope).trim() || data.label || 'Message from a flow').replace(/[\r\n]+/g, ' ');
  const rendered = renderBody(data.body, scope);
  const text = rendered === null ? lastText(scope) : 'json' in rendered ? JSON.stringify(rendered.json, null, 2) : rendered.text;
  const info = await mailer.sendMail({ from: services.mailFrom, to, subject, text });
  const addresses = (list: unknown[] | undefined) => (list ?? []).map((a) => (typeof a === 'string' ? a : ((a as { address?: string }).address ?? String(a))));
  return { output: { messageId: info.messageId ?? null, to, subject, accepted: addresses(info.accepted), rejected: addresses(info.rejected) } };
};
