import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, sessionCookie, type RegisteredUser } from '../../../test/helpers.js';
import { useServerTest } from '../../../test/kit.js';

// GET /api/auth/me answers a browser with the session cookie and a client that keeps only the bearer token in
// one request (the client sends both): the cookie when it is valid, else the bearer. No 401 round trip at start.
const t = useServerTest({ user: false });
let alice: RegisteredUser;
let bob: RegisteredUser;
beforeAll(async () => {
  alice = await registerUser(t.app);
  bob = await registerUser(t.app);
});

const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers });

describe('GET /api/auth/me with the cookie and the bearer token', () => {
  it('a valid cookie wins: a fresh token and the cookie renewed, even with an expired or forged bearer', async () => {
    for (const authorization of [`Bearer ${alice.token}`, 'Bearer expired.token.here', 'Bearer nonsense']) {
      const res = await me({ authorization, cookie: alice.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ authenticated: true, user: { _id: alice.user._id } });
      expect(sessionCookie(res)).toBe(alice.cookie);
      const token = res.json().token as string;
      expect((await me(bearer(token))).json().user._id).toBe(alice.user._id);
    }
  });

  it('without a cookie, or with one that is no session, the bearer token answers: the same token, no cookie set', async () => {
    for (const cookie of [undefined, '__Host-sid=forged', 'sid=forged']) {
      const res = await me({ ...bearer(bob.token), ...(cookie ? { cookie } : {}) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ authenticated: true, user: { _id: bob.user._id }, token: bob.token });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('the cookie decides whose session it is when both name different users', async () => {
    const res = await me({ ...bearer(bob.token), cookie: alice.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().user._id).toBe(alice.user._id);
    expect(res.json().token).not.toBe(bob.token);
  });

  it('answers 401 when neither is valid', async () => {
    const res = await me({ authorization: 'Bearer expired.token.here', cookie: '__Host-sid=forged' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ authenticated: false, user: null, token: null });
  });
});
