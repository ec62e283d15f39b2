import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

/**
 * A local fake of Google's ID-token signing keys for the sign-in tests (`GOOGLE_CERTS_URL` = `fake.certsUrl`): an
 * HTTP server on 127.0.0.1 (random port) that serves a JWKS as https://www.googleapis.com/oauth2/v3/certs does,
 * and mints ID tokens signed RS256 with its current key.
 *
 *   const google = await startFakeGoogleIdentity();
 *   const token = await google.mintIdToken({ aud: CLIENT_ID, sub: '1234', email: 'a@example.com' });
 *   await google.rotateKey();            // a new current key; the previous one stays published (as Google does)
 *   await google.mintIdToken({}, { foreignKey: true });   // signed by a key the JWKS never published
 *
 * Claims not given default to a valid token: iss `https://accounts.google.com`, iat now, exp in an hour,
 * email_verified true, a name.
 */

export interface IdTokenClaims {
  iss?: string;
  aud?: string;
  sub?: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  /** Seconds since the epoch. */
  iat?: number;
  exp?: number;
  [claim: string]: unknown;
}

export interface MintOptions {
  /** Sign with a fresh key that is not in the JWKS (a forged token). */
  foreignKey?: boolean;
  /** The `alg` header (default RS256); with `HS256` the token is signed with `secret`. */
  alg?: 'RS256' | 'HS256';
}

export interface FakeGoogleIdentity {
  certsUrl: string;
  /** The client id tokens are minted for unless `aud` is given. */
  clientId: string;
  /** How many times the JWKS was fetched. */
  fetches(): number;
  mintIdToken(claims?: IdTokenClaims, opts?: MintOptions): Promise<string>;
  /** A new current signing key; the previous one stays in the JWKS, older ones are dropped. */
  rotateKey(): Promise<void>;
  close(): Promise<void>;
}

interface Key {
  kid: string;
  privateKey: CryptoKey;
  jwk: JWK;
}

async function newKey(): Promise<Key> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

export async function startFakeGoogleIdentity(clientId = 'fake-client-id.apps.googleusercontent.com'): Promise<FakeGoogleIdentity> {
  let keys: Key[] = [await newKey()];
  let fetches = 0;
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/oauth2/v3/certs') {
      fetches++;
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' });
      res.end(JSON.stringify({ keys: keys.map((k) => k.jwk) }));
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"error":"not_found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    certsUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    clientId,
    fetches: () => fetches,
    async mintIdToken(claims = {}, opts = {}) {
      const now = Math.floor(Date.now() / 1000);
      const payload = {
        iss: 'https://accounts.google.com',
        aud: clientId,
        sub: '100000000000000000001',
        email: 'someone@example.com',
        email_verified: true,
        name: 'Google User',
        iat: now,
        exp: now + 3600,
        ...claims,
      };
      if (opts.alg === 'HS256') {
        return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', kid: keys[0]!.kid }).sign(new TextEncoder().encode('not-a-google-key-not-a-google-key'));
      }
      const key = opts.foreignKey ? { ...(await newKey()), kid: keys[0]!.kid } : keys[0]!;
      return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' }).sign(key.privateKey);
    },
    async rotateKey() {
      keys = [await newKey(), keys[0]!];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
