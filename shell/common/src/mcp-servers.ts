// Admin → MCP servers: MCP servers whose tools the library's agents may use. What
// /api/v1/admin/mcp-servers accepts and answers, and the tool list the agent editor reads
// (GET /api/v1/mcp-tools). A server's secret is write-only.
import { z } from 'zod';

export const MCP_TRANSPORTS = ['streamable_http', 'sse'] as const;
export type McpTransport = (typeof MCP_TRANSPORTS)[number];
export const MCP_TRANSPORT_LABELS: Record<McpTransport, string> = { streamable_http: 'Streamable HTTP', sse: 'SSE (older servers)' };

export const MCP_AUTHS = ['none', 'bearer', 'header'] as const;
export type McpAuth = (typeof MCP_AUTHS)[number];
export const MCP_AUTH_LABELS: Record<McpAuth, string> = { none: 'None', bearer: 'Bearer token', header: 'Custom header' };

/** A step's reference to an MCP tool: `mcp:<server id>:<tool name>`. */
export const MCP_TOOL_REF_PREFIX = 'mcp:';
export const mcpToolRef = (serverId: string, tool: string) => `${MCP_TOOL_REF_PREFIX}${serverId}:${tool}`;
export function parseMcpToolRef(ref: string): { serverId: string; tool: string } | null {
  if (!ref.startsWith(MCP_TOOL_REF_PREFIX)) return null;
  const rest = ref.slice(MCP_TOOL_REF_PREFIX.length);
  const colon = rest.indexOf(':');
  return colon > 0 && colon < rest.length - 1 ? { serverId: rest.slice(0, colon), tool: rest.slice(colon + 1) } : null;
}
/** How people see an MCP tool: "CRM » find_contact". */
export const mcpToolLabel = (server: string, tool: string) => `${server} » ${tool}`;

export const MCP_TEXTS = {
  notFound: 'MCP server not found.',
  nameTaken: (name: string) => `An MCP server named like "${name}" already exists: its tools would clash with this one's. Choose another name.`,
  secretNeeded: 'Enter the token or header value this server needs.',
  headerNameNeeded: 'Enter the name of the header to send.',
  cannotConnect: (name: string, reason: string) => `Could not connect to ${name}: ${reason}`,
} as const;

const headerName = z
  .string()
  .trim()
  .max(100)
  .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]*$/, 'The header name may contain letters, digits and - only');

/** The connection fields (add, and Test connection before adding). */
export const mcpConnectionSchema = z
  .object({
    name: z.string({ error: 'name is required' }).trim().min(1, 'Give the server a name').max(60, 'A name is at most 60 characters'),
    url: z
      .string({ error: 'url is required' })
      .trim()
      .max(2000)
      .refine((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol), 'Enter the server address, starting with https:// (or http://)'),
    transport: z.enum(MCP_TRANSPORTS, { error: `transport must be one of ${MCP_TRANSPORTS.join(', ')}` }).default('streamable_http'),
    auth: z.enum(MCP_AUTHS, { error: `auth must be one of ${MCP_AUTHS.join(', ')}` }).default('none'),
    header_name: headerName.default(''),
    /** the bearer token or the header's value (write-only) */
    secret: z.string().max(10_000).default(''),
  })
  .superRefine((body, ctx) => {
    if (body.auth !== 'none' && !body.secret.trim()) ctx.addIssue({ code: 'custom', path: ['secret'], message: MCP_TEXTS.secretNeeded });
    if (body.auth === 'header' && !body.header_name) ctx.addIssue({ code: 'custom', path: ['header_name'], message: MCP_TEXTS.headerNameNeeded });
  });
export type McpConnectionRequest = z.input<typeof mcpConnectionSchema>;

export const mcpToolInfoSchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  description: z.string(),
  input_schema: z.record(z.string(), z.unknown()),
});
export type McpToolInfo = z.infer<typeof mcpToolInfoSchema>;

export const mcpServerSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  transport: z.enum(MCP_TRANSPORTS),
  auth: z.enum(MCP_AUTHS),
  header_name: z.string(),
  /** whether a secret is stored (never its value) */
  has_secret: z.boolean(),
  tools: z.array(mcpToolInfoSchema),
  tools_checked_at: z.string().nullable(),
  created_at: z.string(),
});
export type McpServerInfo = z.infer<typeof mcpServerSchema>;
export const mcpServerListSchema = z.object({ servers: z.array(mcpServerSchema) });

/** POST /api/v1/admin/mcp-servers/test */
export const mcpTestResponseSchema = z.object({ tools: z.array(mcpToolInfoSchema) });

/** GET /api/v1/mcp-tools: what the agent editor and the flow builder offer, grouped by server. */
export const mcpToolGroupsSchema = z.object({
  servers: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      tools: z.array(
        z.object({
          ref: z.string(),
          name: z.string(),
          label: z.string(),
          description: z.string(),
          /** the tool's arguments (JSON Schema): the flow builder's MCP tool node maps each */
          input_schema: z.record(z.string(), z.unknown()),
        }),
      ),
    }),
  ),
});
export type McpToolGroups = z.infer<typeof mcpToolGroupsSchema>;

export const mcpServerIdParamsSchema = z.object({ id: z.uuid({ error: MCP_TEXTS.notFound }) });
