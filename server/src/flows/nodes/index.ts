// Which executor runs a node: triggers pass the payload on; llm nodes ask the model (subtype analysis:
// text analysis); condition nodes compare (subtype switch: route by value); action nodes run their
// actionType (a node without one: its palette subtype's, api and http → api_call).
import { ACTION_TYPE_BY_SUBTYPE, isSwitchNode, type FlowNode } from '@accent/flows-common';
import { runAnalysis } from './analysis.js';
import { runApiCall } from './api-call.js';
import { runCondition } from './condition.js';
import { runDatabase } from './database.js';
import { runEmail } from './email.js';
import { runLlm } from './llm.js';
import { runMcpTool } from './mcp-tool.js';
import { runSlack } from './slack.js';
import { runSwitch } from './switch.js';
import { runTrigger } from './trigger.js';
import type { ExecutorKey, NodeExecutor } from './types.js';
import { runWebhook } from './webhook.js';

export const EXECUTORS: Record<ExecutorKey, NodeExecutor<any>> = {
  trigger: runTrigger,
  llm: runLlm,
  analysis: runAnalysis,
  condition: runCondition,
  switch: runSwitch,
  api_call: runApiCall,
  webhook: runWebhook,
  email: runEmail,
  slack: runSlack,
  database: runDatabase,
  mcp_tool: runMcpTool,
};

export function executorKey(node: FlowNode): ExecutorKey {
  switch (node.type) {
    case 'trigger':
      return 'trigger';
    case 'llm':
      return node.data.subtype === 'analysis' ? 'analysis' : 'llm';
    case 'condition':
      return isSwitchNode(node) ? 'switch' : 'condition';
    case 'action':
      return node.data.actionType ?? ACTION_TYPE_BY_SUBTYPE[node.data.subtype] ?? 'api_call';
  }
}
