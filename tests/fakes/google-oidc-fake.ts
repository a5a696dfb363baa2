// A local stand-in for Google's OpenID Connect provider (oauth2-mock-server): discovery document,
// signed ID tokens (RS256, the client id as audience, the request's nonce), JWKS and userinfo.
// Its authorize endpoint answers at once, as Google does for a browser already signed in; the
// test says who that Google user is with signInAs.
import { OAuth2Server } from 'oauth2-mock-server';

/** The claims Google puts in an ID token about its user. */
export interface GoogleIdentity {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface GoogleOidcFake {
  /** The issuer's base URL. */
  url: string;
  /** For GOOGLE_DISCOVERY_URL. */
  discoveryUrl: string;
  /** Who signs in from now on. */
  signInAs(identity: GoogleIdentity): void;
  /** Token requests seen, with the client authentication they carried. */
  tokenRequests: { authorization?: string; clientId?: string; clientSecret?: string }[];
  close(): Promise<void>;
}

export async function startGoogleOidcFake({ port = 0 }: { port?: number } = {}): Promise<GoogleOidcFake> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(port, '127.0.0.1');
  const url = server.issuer.url!;
  let identity: GoogleIdentity | undefined;
  const tokenRequests: GoogleOidcFake['tokenRequests'] = [];

  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    if (identity) Object.assign(token.payload, identity);
  });
  server.service.on('beforeUserinfo', (response: { body: unknown }) => {
    if (identity) response.body = { ...identity };
  });
  server.service.on(
    'beforeResponse',
    (_response: unknown, req: { headers: Record<string, string | undefined>; body?: Record<string, string> }) => {
      tokenRequests.push({
        authorization: req.headers.authorization,
        clientId: req.body?.client_id,
        clientSecret: req.body?.client_secret,
      });
    },
  );

  return {
    url,
    discoveryUrl: `${url}/.well-known/openid-configuration`,
    signInAs: (next) => {
      identity = next;
    },
    tokenRequests,
    close: () => server.stop(),
  };
}
