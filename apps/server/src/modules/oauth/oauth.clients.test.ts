import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { oauthAuthorizationUrl, oidcConfiguration } from './oauth.clients.ts';
import { NonPublicHostError } from './public-host.ts';

/** A Google stand-in whose discovery document fails while `isDown`, counting every request for it. */
let server: Server;
let issuer = '';
let isDown = true;
let discoveries = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url !== '/.well-known/openid-configuration') {
      response.writeHead(404).end();
      return;
    }
    discoveries += 1;
    if (isDown) {
      response.writeHead(503).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('Google OIDC discovery', () => {
  it('is not kept when it fails, then reused once it succeeds', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      GOOGLE_ISSUER: issuer,
      GOOGLE_CLIENT_ID: 'client',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    const checks = { state: 'state', codeVerifier: 'v'.repeat(43), nonce: 'nonce' };
    await expect(oauthAuthorizationUrl(config, 'google', checks)).rejects.toThrow();
    expect(discoveries).toBe(1);

    isDown = false;
    const url = new URL(await oauthAuthorizationUrl(config, 'google', checks));
    expect(`${url.origin}${url.pathname}`).toBe(`${issuer}/authorize`);
    expect(discoveries).toBe(2);

    // Logins at the same moment and later ones share the discovered configuration.
    await Promise.all([
      oauthAuthorizationUrl(config, 'google', checks),
      oauthAuthorizationUrl(config, 'google', checks),
    ]);
    expect(discoveries).toBe(2);
  });
});

describe('a single sign-on issuer in production (§9 outbound calls)', () => {
  it('is refused before any request when its host is loopback, private or link-local', async () => {
    const config = { ...loadConfig({ NODE_ENV: 'test' }), NODE_ENV: 'production' as const };
    const before = discoveries;
    const port = (server.address() as AddressInfo).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, '169.254.169.254', '[::1]', '10.0.0.8']) {
      const failure = await oidcConfiguration(config, {
        issuer: `https://${host}`,
        clientId: 'c',
        clientSecret: 's',
      }).catch((error: unknown) => error);
      // openid-client wraps what its fetch threw as the cause.
      expect((failure as Error & { cause?: unknown }).cause, host).toBeInstanceOf(NonPublicHostError);
    }
    expect(discoveries).toBe(before);
  });
});
