// The MCP tool node's properties: one of the library's MCP servers (Admin → MCP servers), one of its
// tools, and a field per argument of the tool's input schema, each taking text with the flow's
// {{variables}} (the engine fills them in and makes typed-in text the argument's type).
import { useEffect, useState } from 'react';
import type { ActionNodeData } from '@accent/flows-common';
import { Select, TextField } from '@accent/shared/ui';
import type { FlowMcpServer } from '../data/flows.js';
import { errorMessage, useFlowsEnv } from '../state/FlowsDataContext.js';
import styles from './Builder.module.css';

type Setter = (patch: Record<string, unknown>) => void;
interface ArgumentSchema {
  type?: unknown;
  description?: unknown;
}

/** The library's MCP servers and their tools, read once per properties panel. */
function useMcpServers(): { servers: FlowMcpServer[] | null; error: string | null } {
  const { api } = useFlowsEnv();
  const [state, setState] = useState<{ servers: FlowMcpServer[] | null; error: string | null }>({ servers: null, error: null });
  useEffect(() => {
    let live = true;
    if (!api.listMcpTools) {
      setState({ servers: [], error: null });
      return;
    }
    api.listMcpTools().then(
      (servers) => live && setState({ servers, error: null }),
      (error: unknown) => live && setState({ servers: [], error: errorMessage(error, 'Could not read the MCP servers') }),
    );
    return () => {
      live = false;
    };
  }, [api]);
  return state;
}

const asText = (v: unknown): string => (v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v));

export function McpToolFields({ data, set }: { data: ActionNodeData; set: Setter }) {
  const { servers, error } = useMcpServers();
  const serverId = data.mcpServerId ?? '';
  const toolName = data.mcpTool ?? '';
  const args = (data.arguments ?? {}) as Record<string, unknown>;
  if (servers === null) return <p className={styles.muted}>Loading MCP servers…</p>;
  const server = servers.find((s) => s.id === serverId);
  const tool = server?.tools.find((t) => t.name === toolName);
  const properties = (tool?.input_schema.properties ?? {}) as Record<string, ArgumentSchema>;
  const required = new Set(Array.isArray(tool?.input_schema.required) ? (tool.input_schema.required as string[]) : []);
  return (
    <>
      {error && <p role="alert">{error}</p>}
      {!error && servers.length === 0 && <p className={styles.muted}>No MCP servers yet: an administrator adds them in Admin → MCP servers.</p>}
      <Select
        label="MCP server"
        value={server ? serverId : ''}
        placeholder="Choose a server"
        options={servers.map((s) => ({ value: s.id, label: s.name }))}
        hint={serverId && !server ? 'The server this node used was removed: choose another one.' : undefined}
        onChange={(e) => set({ mcpServerId: e.target.value, mcpTool: '', arguments: {} })}
      />
      {server && (
        <Select
          label="Tool"
          value={tool ? toolName : ''}
          placeholder="Choose a tool"
          options={server.tools.map((t) => ({ value: t.name, label: t.label.split(' » ').slice(1).join(' » ') || t.name }))}
          hint={toolName && !tool ? `${server.name} no longer lists "${toolName}": choose another tool.` : tool?.description || undefined}
          onChange={(e) => set({ mcpTool: e.target.value, arguments: {} })}
        />
      )}
      {tool && Object.keys(properties).length === 0 && <p className={styles.muted}>This tool takes no arguments.</p>}
      {tool &&
        Object.entries(properties).map(([name, schema]) => (
          <TextField
            key={name}
            label={`${name}${required.has(name) ? ' (required)' : ''}`}
            value={asText(args[name])}
            placeholder="{{last}}"
            hint={[typeof schema.description === 'string' ? schema.description : '', typeof schema.type === 'string' ? `(${schema.type})` : '']
              .filter(Boolean)
              .join(' ')}
            onChange={(e) => set({ arguments: { ...args, [name]: e.target.value } })}
          />
        ))}
    </>
  );
}
