// The e2e suite's identity provider: a real OpenID Connect provider (oidc-provider 9, through
// server/src/testing/oidc-provider.ts built to server/dist/testing/oidc-provider.js) with one client for the
// studio and a few accounts; its sign-in page asks for an email (the test fills it) and has Sign in / Cancel.
// Playwright's webServer check reads its discovery document (/.well-known/openid-configuration).
// The client's id and secret are the ones e2e/tests/sso.spec.ts types into Admin → Sign-in.
//
// Port: ACCENT_E2E_OIDC_PORT (default ACCENT_E2E_PORT + 4); the studio's redirect URI is
// http://127.0.0.1:<ACCENT_E2E_PORT>/api/auth/sso/callback.
import { startOidcProvider } from '../../server/dist/testing/oidc-provider.js';

const appPort = Number(process.env.ACCENT_E2E_PORT ?? 3199);
const port = Number(process.env.ACCENT_E2E_OIDC_PORT ?? appPort + 4);

const E2E_OIDC_CLIENT = { clientId: 'accent-studio-e2e', clientSecret: 'accent-studio-e2e-secret-0123456789' };

const provider = await startOidcProvider({
  port,
  ...E2E_OIDC_CLIENT,
  redirectUris: [`http://127.0.0.1:${appPort}/api/auth/sso/callback`, `http://localhost:${appPort}/api/auth/sso/callback`],
  accounts: [
    { email: 'sam.newcomer@example.com', email_verified: true, name: 'Sam Newcomer' },
    { email: 'member@accent.local', email_verified: true, name: 'Morgan Member' },
    { email: 'not.verified@example.com', email_verified: false, name: 'Nova Unverified' },
  ],
});
console.log(`OIDC provider at ${provider.issuer}`);
