import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** What the test provider says about a person; by default verified, named from the address. */
export type TestAccount = { email: string; emailVerified?: boolean; givenName?: string; familyName?: string };

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A real OpenID provider (oidc-provider) on loopback, for tests: one confidential client, PKCE
 * required, and a sign-in page that asks only for a login (the account's subject). The test says
 * what each login's claims are; an unknown login is a verified address of that name.
 */
export async function startTestProvider(options: {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  redirectUris: string[];
}) {
  const accounts = new Map<string, TestAccount>();
  const accountFor = (login: string): TestAccount => accounts.get(login) ?? { email: login };
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = options.clientId ?? 'evident-test';
  const clientSecret = options.clientSecret ?? 'evident-test-secret-that-is-long-enough';

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    // The id token carries the email and names, as most providers' do.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-provider-cookie-key'] },
    async findAccount(_ctx, sub) {
      const account = accountFor(sub);
      const local = account.email.split('@')[0] ?? sub;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: account.email,
          email_verified: account.emailVerified ?? true,
          given_name: account.givenName ?? local,
          family_name: account.familyName ?? 'Provider',
          name: `${account.givenName ?? local} ${account.familyName ?? 'Provider'}`,
        }),
      };
    },
  });
  const callback = provider.callback();

  server.on('request', async (req, res) => {
    try {
      if (!req.url?.startsWith('/interaction/')) return callback(req, res);
      const details = await provider.interactionDetails(req, res);
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(`<!doctype html><title>Test provider</title><h1>Test provider sign-in</h1>
<form method="post" action="/interaction/${escapeHtml(details.uid)}">
<label>Login <input name="login" autocomplete="off" required></label>
<button type="submit">Sign in at the provider</button></form>`);
      }
      const login = new URLSearchParams(await readBody(req)).get('login')?.trim() ?? '';
      const grant = new provider.Grant({ accountId: login, clientId: String(details.params.client_id) });
      grant.addOIDCScope('openid email profile');
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: login }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    }
  });

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
