// The audit log's contract (Admin → Audit log): what GET /api/v1/admin/audit accepts and answers.
import { z } from 'zod';

export const AUDIT_ACTIONS = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.password_reset',
  'auth.password_change',
  'user.create',
  'user.update',
  'credential.save',
  'credential.delete',
  'agent.save',
  'agent.delete',
  'agent.restore',
  'agent.test_set_create',
  'agent.test_set_update',
  'agent.test_set_delete',
  'remote.register',
  'remote.promote',
  'remote.rollback',
  'remote.canary',
  'remote.reset',
  'page.publish',
  'page.unpublish',
  'flow.deploy',
  'flow.undeploy',
  'flow.version_save',
  'flow.version_restore',
  'background.version_restore',
  'settings.flow_hosts',
  'two_factor.enable',
  'two_factor.disable',
  'two_factor.reset',
  'settings.two_factor',
  'auth.sign_out',
  'settings.sso',
  'sso.link',
  'sso.unlink',
  'settings.wallet_sign_in',
  'wallet.link',
  'wallet.unlink',
  'settings.model_prices',
  'invitation.create',
  'invitation.resend',
  'invitation.revoke',
  'invitation.accept',
  'auth.sign_up',
  'settings.sign_up_domains',
  'settings.sign_up_domain_verified',
  'knowledge.collection_create',
  'knowledge.collection_update',
  'knowledge.collection_delete',
  'knowledge.file_upload',
  'knowledge.file_delete',
  'storage.bucket_create',
  'storage.bucket_update',
  'storage.bucket_empty',
  'storage.bucket_delete',
  'storage.upload',
  'storage.move',
  'storage.copy',
  'storage.remove',
  'api_key.create',
  'api_key.revoke',
  'api_key.use',
  'api_key.refused',
  'mcp_server.create',
  'mcp_server.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_PAGE_SIZE = 50;

/** A date (`2026-11-23`, that day at 00:00 UTC) or a date-time with its offset. */
const instant = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'must be a date (YYYY-MM-DD) or an ISO date-time' });

export const auditQuerySchema = z
  .object({
    /** part of the actor's email, case-insensitive */
    actor: z
      .string()
      .trim()
      .max(320, 'must be at most 320 characters')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is what this check is for
      .refine((s) => !/[\u0000-\u001f]/.test(s), 'must not contain control characters')
      .optional(),
    action: z.enum(AUDIT_ACTIONS, { error: `must be one of ${AUDIT_ACTIONS.join(', ')}` }).optional(),
    /** from this instant, inclusive */
    from: instant.optional(),
    /** until this instant, exclusive */
    to: instant.optional(),
    limit: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(200, 'must be at most 200').default(AUDIT_PAGE_SIZE),
    offset: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be at least 0').max(1_000_000, 'must be at most 1000000').default(0),
  })
  .refine((q) => !q.from || !q.to || new Date(q.from) <= new Date(q.to), { path: ['to'], message: 'must not be before from' });
export type AuditQuery = z.output<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor_id: z.string().nullable(),
  actor_email: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  target: z.string(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditResponseSchema = z.object({ entries: z.array(auditEntrySchema), total: z.number().int() });
export type AuditResponse = z.infer<typeof auditResponseSchema>;
