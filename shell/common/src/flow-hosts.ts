// Admin → Settings → Allowed flow hosts: private hosts a library's flows may reach (the SSRF guard's
// allow-list), beside the server's FLOW_ALLOW_HOSTS. The server checks each entry as the guard reads it.
import { z } from 'zod';

export const FLOW_HOSTS_MAX = 100;

/** PUT /api/v1/admin/flow-hosts */
export const flowHostsPutRequestSchema = z.object({
  hosts: z.array(z.string().trim().min(1, 'An entry is empty').max(300, 'An entry is longer than 300 characters')).max(FLOW_HOSTS_MAX, `At most ${FLOW_HOSTS_MAX} hosts`),
});
export type FlowHostsPutRequest = z.infer<typeof flowHostsPutRequestSchema>;

/** GET and PUT /api/v1/admin/flow-hosts */
export const flowHostsResponseSchema = z.object({
  /** the library's list, as saved */
  hosts: z.array(z.string()),
  /** FLOW_ALLOW_HOSTS on the server: applies too, changed only there */
  environment: z.array(z.string()),
  updated_at: z.string().nullable(),
});
export type FlowHostsResponse = z.infer<typeof flowHostsResponseSchema>;
