// Webhook (action webhook): POSTs JSON to the node's URL: its body when that is JSON (templated), a text
// body as {"text": …}, no body: the incoming data (`last`). Output and failures as the API call.
import { FLOW_RUN_MESSAGES } from '../messages.js';
import { renderBody, renderUrl } from '../templating.js';
import { describeResponse, hasHeader, hostOf, nodeHeaders, send, textOfBody } from './http.js';
import { NodeError, type NodeExecutor, type NodeOf } from './types.js';

export const runWebhook: NodeExecutor<NodeOf<'action'>> = async ({ node, scope, services, signal }) => {
  const { data } = node;
  const url = renderUrl(data.url || data.webhookUrl, scope).trim();
  if (!url) throw new NodeError(FLOW_RUN_MESSAGES.noUrl);
  const headers = nodeHeaders(data.headers, scope);
  if (!hasHeader(headers, 'content-type')) headers['content-type'] = 'application/json';
  const rendered = renderBody(data.body, scope);
  const json = rendered === null ? (scope.input.last ?? null) : 'json' in rendered ? rendered.json : { text: rendered.text };
  const response = describeResponse(await send({ url, method: 'POST', headers, body: JSON.stringify(json), timeoutSeconds: data.timeoutSeconds }, services, signal));
  if (response.status >= 400) throw new NodeError(FLOW_RUN_MESSAGES.httpFailed(response.status, hostOf(response.url), textOfBody(response.body)), response);
  return { output: response };
};
