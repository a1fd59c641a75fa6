// Slack Message (action slack): POSTs to an incoming webhook URL (the node's webhookUrl, else its url),
// through the SSRF guard. The message is the node's body (templated): text becomes {"text": …}, JSON
// (e.g. Block Kit {"blocks": […]}) is sent as it is; no body: the incoming text. Slack answers "ok";
// any other status fails the node with Slack's reason (no_service, invalid_payload…).
import { FLOW_RUN_MESSAGES } from '../messages.js';
import { lastText, renderBody, renderUrl } from '../templating.js';
import { send } from './http.js';
import { NodeError, type NodeExecutor, type NodeOf } from './types.js';

export const runSlack: NodeExecutor<NodeOf<'action'>> = async ({ node, scope, services, signal }) => {
  const { data } = node;
  const url = renderUrl(data.webhookUrl || data.url, scope).trim();
  if (!url) throw new NodeError(FLOW_RUN_MESSAGES.noSlackUrl);
  const rendered = renderBody(data.body, scope);
  const message = rendered === null ? { text: lastText(scope) } : 'json' in rendered ? rendered.json : { text: rendered.text };
  const response = await send({ url, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(message), timeoutSeconds: data.timeoutSeconds }, services, signal);
  const answer = response.body.toString('utf8');
  const output = { status: response.status, response: answer, message };
  if (response.status < 200 || response.status >= 300) throw new NodeError(FLOW_RUN_MESSAGES.slackFailed(response.status, answer), output);
  return { output };
};
