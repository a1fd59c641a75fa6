// GET /api/v1/config (public): where the browser's supabase-js client finds the tables.
//   embedded (default): this server's own data gateway → supabaseUrl is the origin the browser used
//     (supabase-js appends /rest/v1) and supabaseAnonKey a fixed public string the gateway ignores;
//   SUPABASE_URL + SUPABASE_ANON_KEY: a hosted Supabase project (its URL and anon key).
// Either way the browser signs its requests with the session's access token (supabase-js `accessToken`).
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.js';

/** The anon key handed out for the embedded gateway: public, never checked (the bearer token decides). */
export const EMBEDDED_ANON_KEY = 'accent-embedded-gateway';

export const clientConfigResponseSchema = z.object({
  supabaseUrl: z.string().describe('Base URL for createClient (supabase-js appends /rest/v1)'),
  supabaseAnonKey: z.string().describe('The key createClient needs; the embedded gateway ignores it'),
});
export type ClientConfigResponse = z.infer<typeof clientConfigResponseSchema>;

const firstValue = (header: string | string[] | undefined) => (Array.isArray(header) ? header[0] : header)?.split(',')[0].trim() || undefined;

/**
 * The origin the browser used. Behind a TLS-terminating proxy the X-Forwarded-Proto / -Host headers say
 * what the browser saw; they only shape this caller's own answer (which is never cached).
 */
export function requestOrigin(request: FastifyRequest): string {
  const proto = firstValue(request.headers['x-forwarded-proto']) ?? request.protocol;
  const host = firstValue(request.headers['x-forwarded-host']) ?? request.host;
  return `${proto === 'https' ? 'https' : 'http'}://${host}/`;
}

export const clientConfigRoutes: FastifyPluginAsyncZod<{ supabase: Config['supabase'] }> = async (app, { supabase }) => {
  app.get(
    '/config',
    {
      schema: {
        summary: 'Where the browser reaches its tables (supabase-js createClient arguments)',
        response: { 200: clientConfigResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return supabase
        ? { supabaseUrl: supabase.url, supabaseAnonKey: supabase.anonKey }
        : { supabaseUrl: requestOrigin(request), supabaseAnonKey: EMBEDDED_ANON_KEY };
    },
  );
};
