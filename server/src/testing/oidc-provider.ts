// A real OpenID Connect provider for tests (oidc-provider 9) on a loopback port: one confidential client,
// accounts given by the test, and a one-page sign-in (email + "Sign in", or "Cancel") that finishes
// login and consent together. `tamper` re-signs the next ID tokens with changed claims (or with a key
// the provider does not publish), so tests can show the client refuses them. `signInAt` drives the
// sign-in over HTTP (cookie jar, redirects by hand) for server tests; a browser fills the same form.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';

export interface TestAccount {
  email: string;
  email_verified: boolean;
  name?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, TestAccount>;
  /** Changes the claims of every ID token issued from now on (null: stop); `foreignKey` signs with an unpublished key. */
  tamper(change: ((claims: JWTPayload) => JWTPayload) | null, options?: { foreignKey?: boolean }): void;
  close(): Promise<void>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', reject);
  });
}

function loginPage(res: ServerResponse, uid: string, clientName: string, error = '') {
  res.writeHead(error ? 400 : 200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html lang="en"><head><title>Test identity provider</title></head><body>
<main><h1>Test identity provider</h1><p>Sign in to continue to ${escapeHtml(clientName)}.</p>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}">
<label for="email">Email</label> <input id="email" name="email" type="email" autocomplete="off" required>
<button type="submit" name="action" value="login">Sign in</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</form></main></body></html>`);
}

export async function startOidcProvider(options: { port?: number; redirectUris: string[]; accounts?: TestAccount[]; clientId?: string; clientSecret?: string }): Promise<TestOidcProvider> {
  const clientId = options.clientId ?? 'accent-studio';
  const clientSecret = options.clientSecret ?? 'accent-studio-test-secret-0123456789';
  const accounts = new Map((options.accounts ?? []).map((a) => [a.email.toLowerCase(), a]));

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingJwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const foreign = (await generateKeyPair('RS256')).privateKey;
  let tamper: { change: (claims: JWTPayload) => JWTPayload; foreignKey: boolean } | null = null;

  // the port first: the issuer names it
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // oidc-provider warns (once, at import and construction) about the Node version and its in-memory
  // store: both are what a test wants, so those lines are kept out of the output
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).startsWith('oidc-provider WARNING')) warn(...args);
  };
  const { default: Provider } = await import('oidc-provider');
  const provider = new Provider(issuer, {
    ttl: { Session: 3600, AccessToken: 600, IdToken: 600, Grant: 3600, Interaction: 600, AuthorizationCode: 60 },
    clients: [{ client_id: clientId, client_secret: clientSecret, client_name: 'Accent Studio', redirect_uris: options.redirectUris, grant_types: ['authorization_code'], response_types: ['code'] }],
    jwks: { keys: [signingJwk] },
    cookies: { keys: ['test-cookie-key-0123456789abcdef'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, id: string) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ sub: id, email: account.email, email_verified: account.email_verified, name: account.name }) };
    },
  });
  console.warn = warn;
  // oidc-provider is a Koa app: the token answer is an object until it is written, so a middleware
  // after next() can swap the ID token for a re-signed one
  provider.use(async (ctx: { path: string; method: string; body: unknown }, next: () => Promise<void>) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (!tamper || ctx.path !== '/token' || ctx.method !== 'POST' || !body?.id_token) return;
    const header = decodeProtectedHeader(body.id_token);
    const claims = tamper.change(decodeJwt(body.id_token));
    const id_token = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: header.kid }).sign(tamper.foreignKey ? foreign : privateKey);
    ctx.body = { ...body, id_token };
  });
  const callback = provider.callback();

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/interaction\/([^/?]+)$/.exec((req.url ?? '').split('?')[0]);
    if (!match) return void callback(req, res);
    (async () => {
      const details = await provider.interactionDetails(req, res);
      const client = await provider.Client.find(details.params.client_id as string);
      const clientName = (client?.clientName as string | undefined) ?? 'the application';
      if (req.method === 'GET') return loginPage(res, details.uid, clientName);
      const form = await readForm(req);
      if (form.get('action') === 'cancel') {
        return provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user cancelled' }, { mergeWithLastSubmission: false });
      }
      const email = (form.get('email') ?? '').trim().toLowerCase();
      if (!accounts.has(email)) return loginPage(res, details.uid, clientName, 'No such account at this provider.');
      const grant = new provider.Grant({ accountId: email, clientId: details.params.client_id as string });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      const grantId = await grant.save();
      return provider.interactionFinished(req, res, { login: { accountId: email }, consent: { grantId } }, { mergeWithLastSubmission: false });
    })().catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(error instanceof Error ? error.message : String(error));
    });
  });

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    tamper(change, tamperOptions = {}) {
      tamper = change && { change, foreignKey: tamperOptions.foreignKey === true };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Signs in at the provider as `email` the way a browser would (cookies kept, redirects followed by hand)
 * from an authorization URL, until the provider sends the browser back to `redirectPrefix`: that URL.
 */
export async function signInAt(authorizationUrl: string, redirectPrefix: string, email: string, action: 'login' | 'cancel' = 'login'): Promise<string> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  };
  let url = authorizationUrl;
  let method = 'GET';
  let body: string | undefined;
  for (let hops = 0; hops < 20; hops++) {
    if (url.startsWith(redirectPrefix)) return url;
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: { cookie: cookieHeader(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body,
    });
    keep(response);
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await response.text();
    const form = /<form method="post" action="([^"]+)"/.exec(html);
    if (!form) throw new Error(`the provider answered ${response.status} without a sign-in form: ${html.slice(0, 300)}`);
    url = new URL(form[1], url).toString();
    method = 'POST';
    body = new URLSearchParams({ email, action }).toString();
  }
  throw new Error('too many redirects at the provider');
}
