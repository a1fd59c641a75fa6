// GET /api/v1/config with a hosted Supabase project configured, and the validation of its variables.
import { describe, expect, it } from '@jest/globals';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ConfigError, loadConfig } from '../config.js';
import { clientConfigRoutes } from './routes.js';

const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/accent-config-test' };

describe('SUPABASE_URL and SUPABASE_ANON_KEY', () => {
  it('send the browser to the hosted project', async () => {
    const config = loadConfig({ ...base, SUPABASE_URL: 'https://abcd.supabase.co', SUPABASE_ANON_KEY: 'anon-key' });
    expect(config.supabase).toEqual({ url: 'https://abcd.supabase.co', anonKey: 'anon-key' });
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(clientConfigRoutes, { prefix: '/api/v1', supabase: config.supabase });
    const response = await app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(response.json()).toEqual({ supabaseUrl: 'https://abcd.supabase.co', supabaseAnonKey: 'anon-key' });
    await app.close();
  });

  it('are optional, but go together and need an http(s) URL', () => {
    expect(loadConfig(base).supabase).toBeUndefined();
    expect(() => loadConfig({ ...base, SUPABASE_URL: 'https://abcd.supabase.co' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, SUPABASE_URL: 'https://abcd.supabase.co' })).toThrow(/SUPABASE_ANON_KEY: is required with SUPABASE_URL/);
    expect(() => loadConfig({ ...base, SUPABASE_ANON_KEY: 'k' })).toThrow(/SUPABASE_URL: is required with SUPABASE_ANON_KEY/);
    expect(() => loadConfig({ ...base, SUPABASE_URL: 'ftp://x', SUPABASE_ANON_KEY: 'k' })).toThrow(/SUPABASE_URL: must be an http/);
  });
});
