// Tools from the library's MCP servers in the editor: loaded once per editor view, shown grouped by server
// ("CRM » Find contact"); a step keeps each as its ref (`mcp:<server id>:<tool>`).
import { useEffect, useState } from 'react';
import { useAgentsEnv, type McpToolGroup } from '../state/AgentsDataContext.js';

export const MCP_TOOL_PREFIX = 'mcp:';

export function useMcpTools(): McpToolGroup[] {
  const { api } = useAgentsEnv();
  const [groups, setGroups] = useState<McpToolGroup[]>([]);
  useEffect(() => {
    let live = true;
    api.mcpTools?.().then(
      (list) => live && setGroups(list),
      // no MCP tools offered when they cannot be read (the catalogue still works)
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);
  return groups;
}

/** How a step's tool is shown: its catalogue name, or an MCP tool's "Server » Tool". */
export function toolLabel(tool: string, groups: readonly McpToolGroup[]): string {
  if (!tool.startsWith(MCP_TOOL_PREFIX)) return tool;
  for (const group of groups) for (const t of group.tools) if (t.ref === tool) return t.label;
  return `MCP tool no longer available (${tool.split(':').slice(2).join(':') || tool})`;
}
