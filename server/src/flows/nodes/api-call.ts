// API Call / HTTP Request (action api_call): the node's method, URL, headers and body (templated) sent
// through the SSRF guard (values filled into the URL's path or query are percent-encoded). A JSON body (an object, or text that is JSON) is sent as application/json,
// other text as text/plain, unless the node sets Content-Type; GET and HEAD send no body. Output
// {status, ok, url, headers, body (parsed JSON or text)}; an HTTP status of 400 or more fails the node
// with the response kept as its output.
import { FLOW_RUN_MESSAGES } from '../messages.js';
import { renderBody, renderUrl } from '../templating.js';
import { describeResponse, hasHeader, hostOf, nodeHeaders, send, textOfBody } from './http.js';
import { NodeError, type NodeExecutor, type NodeOf } from './types.js';

export const runApiCall: NodeExecutor<NodeOf<'action'>> = async ({ node, scope, services, signal }) => {
  const { data } = node;
  const url = renderUrl(data.url, scope).trim();
  if (!url) throw new NodeError(FLOW_RUN_MESSAGES.noUrl);
  const method = data.method;
  const headers = nodeHeaders(data.headers, scope);
  let body: string | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    const rendered = renderBody(data.body, scope);
    if (rendered && 'json' in rendered) {
      body = JSON.stringify(rendered.json);
      if (!hasHeader(headers, 'content-type')) headers['content-type'] = 'application/json';
    } else if (rendered) {
      body = rendered.text;
      if (!hasHeader(headers, 'content-type')) headers['content-type'] = 'text/plain; charset=utf-8';
    }
  }
  const response = describeResponse(await send({ url, method, headers, body, timeoutSeconds: data.timeoutSeconds }, services, signal));
  if (response.status >= 400) throw new NodeError(FLOW_RUN_MESSAGES.httpFailed(response.status, hostOf(response.url), textOfBody(response.body)), response);
  return { output: response };
};
