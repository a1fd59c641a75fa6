// GET /api/v1/config (public): where the browser's supabase-js client finds the tables.
//   embedded (default): this server's own data gateway → supabaseUrl is the origin the browser used
//     (supabase-js appends /rest/v1) and supabaseAnonKey a fixed public string the gateway ignores;
//   SUPABASE_URL + SUPABASE_ANON_KEY: a hosted Supabase project (its URL and anon key).
// Either way the browser signs its requests with the session's access token (supabase-js `accessToken`).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.js';
import { requestOrigin } from '../http/origin.js';

/** The anon key handed out for the embedded gateway: public, never checked (the bearer token decides). */
export const EMBEDDED_ANON_KEY = 'accent-embedded-gateway';

export const clientConfigResponseSchema = z.object({
  supabaseUrl: z.string().describe('Base URL for createClient (supabase-js appends /rest/v1)'),
  supabaseAnonKey: z.string().describe('The key createClient needs; the embedded gateway ignores it'),
});
export type ClientConfigResponse = z.infer<typeof clientConfigResponseSchema>;

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
        : { supabaseUrl: `${requestOrigin(request)}/`, supabaseAnonKey: EMBEDDED_ANON_KEY };
    },
  );
};
