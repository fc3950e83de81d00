import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from './jwt';
import { createRateLimiter } from './rate-limit';
import type { SessionResponse, Sessions } from './sessions';
import { describeWithDatabase } from './test-database';
import {
  bearer,
  claimsOf,
  count,
  insertAnonymousUser,
  insertEmailUser,
  ISSUER,
  oauthRefusal,
  PASSWORD,
  refusal,
  SECRET,
  shapeOf,
  testSessions,
  uniqueEmail,
} from './test-support';

describeWithDatabase('auth sessions', (db) => {
  let sessions: Sessions;
  beforeAll(() => {
    sessions = testSessions(db());
  });

  /** A new session of `userId`, as sign-up, sign-in and recovery start one. */
  const startFor = (userId: string, on: Sessions = sessions) => db().transaction((tx) => on.start(tx, userId));

  async function anonymousSession(on: Sessions = sessions) {
    const userId = await insertAnonymousUser(db());
    return { userId, session: await startFor(userId, on) };
  }

  const tokenRow = async (token: string) =>
    (
      await db().query<{ revoked: boolean; parent: string | null; session_id: string }>(
        'select revoked, parent, session_id from auth.refresh_tokens where token = $1',
        [token],
      )
    ).rows[0];

  /** Moves a refresh token's last change `seconds` into the past, instead of waiting. */
  const age = (token: string, seconds: number) =>
    db().query('update auth.refresh_tokens set updated_at = now() - make_interval(secs => $2) where token = $1', [
      token,
      seconds,
    ]);

  const refresh = (token: string, on: Sessions = sessions) => on.refresh({ refresh_token: token });

  describe('start', () => {
    it('issues an access token for the user and a new session, and a refresh token of that session', async () => {
      const { userId, session } = await anonymousSession();
      const claims = claimsOf(session.access_token);
      expect(claims).toMatchObject({
        iss: ISSUER,
        sub: userId,
        aud: 'authenticated',
        role: 'authenticated',
        aal: 'aal1',
        is_anonymous: true,
        amr: [{ method: 'anonymous' }],
      });
      expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
      expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600, expires_at: claims.exp });
      expect(session.user).toMatchObject({ id: userId, is_anonymous: true });
      expect(
        await count(db(), 'select 1 from auth.sessions where id = $1 and user_id = $2', [claims.session_id, userId]),
      ).toBe(1);
      expect(await tokenRow(session.refresh_token)).toEqual({
        revoked: false,
        parent: null,
        session_id: claims.session_id,
      });
    });

    it('gives access tokens the configured lifetime', async () => {
      const { session } = await anonymousSession(testSessions(db(), { accessTokenLifetime: 60 }));
      const claims = claimsOf(session.access_token);
      expect(Number(claims.exp) - Number(claims.iat)).toBe(60);
      expect(session.expires_in).toBe(60);
    });
  });

  describe('signIn', () => {
    it('starts a password session for the right password, whatever the case and spacing of the email', async () => {
      const email = uniqueEmail();
      const userId = await insertEmailUser(db(), email);
      const session = await sessions.signIn({ email: `  ${email.toUpperCase()} `, password: PASSWORD }, '10.0.0.1');
      expect(claimsOf(session.access_token)).toMatchObject({ sub: userId, amr: [{ method: 'password' }] });
      expect(session.user).toMatchObject({ id: userId, email });
    });

    it('refuses a wrong password, an unknown email and a user without a password alike', async () => {
      const email = uniqueEmail();
      await insertEmailUser(db(), email);
      const withoutPassword = uniqueEmail();
      await insertEmailUser(db(), withoutPassword, null);
      const invalid = { status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' };
      expect(shapeOf(await refusal(sessions.signIn({ email, password: 'not-the-one' }, undefined)))).toEqual(invalid);
      expect(shapeOf(await refusal(sessions.signIn({ email: uniqueEmail(), password: PASSWORD }, undefined)))).toEqual(
        invalid,
      );
      expect(shapeOf(await refusal(sessions.signIn({ email: withoutPassword, password: '' }, undefined)))).toEqual(
        invalid,
      );
      expect(
        await count(db(), 'select 1 from auth.sessions s join auth.users u on u.id = s.user_id where u.email = $1', [
          email,
        ]),
      ).toBe(0);
    });

    it('refuses a request without an email', async () => {
      expect(shapeOf(await refusal(sessions.signIn({ password: PASSWORD }, undefined)))).toEqual({
        status: 400,
        code: 'validation_failed',
        message: 'missing email or phone',
      });
    });

    it('counts attempts per client address, right or wrong, and refuses past the limit with 429', async () => {
      const limited = testSessions(db(), { passwordAttempts: createRateLimiter(2, 300_000) });
      const email = uniqueEmail();
      await insertEmailUser(db(), email);
      await refusal(limited.signIn({ email, password: 'wrong-one' }, '10.0.0.2'));
      await limited.signIn({ email, password: PASSWORD }, '10.0.0.2');
      expect(shapeOf(await refusal(limited.signIn({ email, password: PASSWORD }, '10.0.0.2')))).toEqual({
        status: 429,
        code: 'over_request_rate_limit',
        message: 'Request rate limit reached',
      });
      // Another address has its own allowance.
      await expect(limited.signIn({ email, password: PASSWORD }, '10.0.0.3')).resolves.toMatchObject({
        token_type: 'bearer',
      });
    });
  });

  describe('refresh', () => {
    it('rotates: a new token of the same session and user, and the presented one revoked', async () => {
      const { userId, session } = await anonymousSession();
      const next = await refresh(session.refresh_token);
      expect(next.refresh_token).not.toBe(session.refresh_token);
      expect(claimsOf(next.access_token)).toMatchObject({
        sub: userId,
        session_id: claimsOf(session.access_token).session_id,
        amr: claimsOf(session.access_token).amr,
      });
      expect(await tokenRow(session.refresh_token)).toMatchObject({ revoked: true });
      expect(await tokenRow(next.refresh_token)).toMatchObject({ revoked: false, parent: session.refresh_token });
    });

    it('answers the replay of a just-rotated token with the successor it already issued, issuing none', async () => {
      const { session } = await anonymousSession();
      const next = await refresh(session.refresh_token);
      const sessionId = claimsOf(session.access_token).session_id;
      // Long after the reuse interval: a lost answer is recovered whenever it is asked for again.
      await age(session.refresh_token, 3600);
      const replay = await refresh(session.refresh_token);
      expect(replay.refresh_token).toBe(next.refresh_token);
      expect(await count(db(), 'select 1 from auth.refresh_tokens where session_id = $1', [sessionId])).toBe(2);
    });

    it('exchanges an older revoked token again within the reuse interval', async () => {
      const { session } = await anonymousSession();
      const second = await refresh(session.refresh_token);
      const third = await refresh(second.refresh_token);
      await age(session.refresh_token, 9);
      const again = await refresh(session.refresh_token);
      expect([second.refresh_token, third.refresh_token]).not.toContain(again.refresh_token);
      expect(await tokenRow(again.refresh_token)).toMatchObject({ revoked: false, parent: session.refresh_token });
      expect(await tokenRow(third.refresh_token)).toMatchObject({ revoked: false });
    });

    it('refuses an older revoked token past the reuse interval and revokes its whole family, committed', async () => {
      const { session } = await anonymousSession();
      const second = await refresh(session.refresh_token);
      const third = await refresh(second.refresh_token);
      await age(session.refresh_token, 11);
      expect(shapeOf(await refusal(refresh(session.refresh_token)))).toEqual({
        status: 400,
        code: 'refresh_token_already_used',
        message: 'Invalid Refresh Token: Already Used',
      });
      expect(await tokenRow(third.refresh_token)).toMatchObject({ revoked: true });
      const sessionId = claimsOf(session.access_token).session_id;
      expect(
        await count(db(), 'select 1 from auth.refresh_tokens where session_id = $1 and not revoked', [sessionId]),
      ).toBe(0);
    });

    it('takes the reuse interval from its options', async () => {
      const lenient = testSessions(db(), { refreshTokenReuseInterval: 30 });
      const { session } = await anonymousSession(lenient);
      const second = await refresh(session.refresh_token, lenient);
      await refresh(second.refresh_token, lenient);
      await age(session.refresh_token, 11);
      await expect(refresh(session.refresh_token, lenient)).resolves.toMatchObject({ token_type: 'bearer' });
    });

    it('refuses an unknown token, and a request without one in OAuth shape', async () => {
      expect(shapeOf(await refusal(refresh('not-a-token')))).toEqual({
        status: 400,
        code: 'refresh_token_not_found',
        message: 'Invalid Refresh Token: Refresh Token Not Found',
      });
      for (const body of [{}, { refresh_token: '' }, { refresh_token: 42 }]) {
        const failure = await oauthRefusal(sessions.refresh(body));
        expect([failure.error, failure.description]).toEqual(['invalid_request', 'refresh_token required']);
      }
    });
  });

  describe('authenticate', () => {
    /** An access token as `start` signs one, with `changes` to its claims. */
    function tokenLike(session: SessionResponse, changes: Record<string, unknown>, secret = SECRET) {
      const claims = { ...claimsOf(session.access_token), ...changes };
      for (const [key, value] of Object.entries(changes)) if (value === undefined) delete claims[key];
      return signJwt(claims, secret);
    }

    it('accepts a token of a live session: its user and session', async () => {
      const { userId, session } = await anonymousSession();
      const { user, sessionId } = await sessions.authenticate(bearer(session.access_token));
      expect(user).toMatchObject({ id: userId, is_anonymous: true });
      expect(sessionId).toBe(claimsOf(session.access_token).session_id);
      // The scheme is case-insensitive, as GoTrue's.
      await expect(sessions.authenticate(`bearer ${session.access_token}`)).resolves.toMatchObject({ sessionId });
    });

    it('refuses a request without a bearer token with 401', async () => {
      for (const authorization of [undefined, '', 'Basic abc', 'Bearer ']) {
        expect(shapeOf(await refusal(sessions.authenticate(authorization)))).toEqual({
          status: 401,
          code: 'no_authorization',
          message: 'This endpoint requires a valid Bearer token',
        });
      }
    });

    it('refuses expired, forged, tampered and malformed tokens as bad_jwt', async () => {
      const { session } = await anonymousSession();
      const expired = tokenLike(session, { exp: Math.floor(Date.now() / 1000) - 1 });
      const forged = tokenLike(session, {}, 'another-secret-of-at-least-thirty-two-characters');
      const [header, , signature] = session.access_token.split('.');
      const payload = Buffer.from(JSON.stringify({ ...claimsOf(session.access_token), role: 'service_role' }));
      const tampered = `${header}.${payload.toString('base64url')}.${signature}`;
      const cases: [string, string][] = [
        [expired, 'JWT expired'],
        [forged, 'JWT signature is invalid'],
        [tampered, 'JWT signature is invalid'],
        ['not.a-jwt', 'JWT must have 3 parts'],
      ];
      for (const [token, reason] of cases) {
        expect(shapeOf(await refusal(sessions.authenticate(bearer(token))))).toEqual({
          status: 403,
          code: 'bad_jwt',
          message: `invalid JWT: unable to parse or verify signature, ${reason}`,
        });
      }
    });

    it('refuses a token without a user id as bad_jwt, and one of an unknown user as user_not_found', async () => {
      const { session } = await anonymousSession();
      for (const sub of [undefined, 'not-a-uuid']) {
        expect(shapeOf(await refusal(sessions.authenticate(bearer(tokenLike(session, { sub })))))).toEqual({
          status: 403,
          code: 'bad_jwt',
          message: 'invalid claim: missing sub claim',
        });
      }
      expect(shapeOf(await refusal(sessions.authenticate(bearer(tokenLike(session, { sub: randomUUID() })))))).toEqual({
        status: 403,
        code: 'user_not_found',
        message: 'User from sub claim in JWT does not exist',
      });
    });

    it('refuses a valid token whose session has ended as session_not_found', async () => {
      const { session } = await anonymousSession();
      await db().query('delete from auth.sessions where id = $1', [claimsOf(session.access_token).session_id]);
      expect(shapeOf(await refusal(sessions.authenticate(bearer(session.access_token))))).toEqual({
        status: 403,
        code: 'session_not_found',
        message: 'Session from session_id claim in JWT does not exist',
      });
    });

    it('accepts a token without a session (no session_id claim) for as long as its user exists', async () => {
      const { userId, session } = await anonymousSession();
      const { sessionId } = await sessions.authenticate(bearer(tokenLike(session, { session_id: undefined })));
      expect(sessionId).toBeNull();
      await db().query('delete from auth.users where id = $1', [userId]);
      expect((await refusal(sessions.authenticate(bearer(session.access_token)))).errorCode).toBe('user_not_found');
    });
  });

  describe('signOut', () => {
    /** One user signed in on three devices. */
    async function threeDevices() {
      const userId = await insertAnonymousUser(db());
      const devices = [await startFor(userId), await startFor(userId), await startFor(userId)];
      /** Whether each device's session still exists, in device order. */
      const live = () =>
        Promise.all(
          devices.map(
            async (device) =>
              (await count(db(), 'select 1 from auth.sessions where id = $1', [
                claimsOf(device.access_token).session_id,
              ])) === 1,
          ),
        );
      return { userId, devices, live };
    }

    it('local ends only the caller’s session, and its refresh token can no longer be exchanged', async () => {
      const { devices, live } = await threeDevices();
      await sessions.signOut(bearer(devices[0]!.access_token), 'local');
      expect(await live()).toEqual([false, true, true]);
      expect((await refusal(refresh(devices[0]!.refresh_token))).errorCode).toBe('refresh_token_not_found');
      await expect(refresh(devices[1]!.refresh_token)).resolves.toMatchObject({ token_type: 'bearer' });
    });

    it('others ends every session of the user but the caller’s', async () => {
      const { devices, live } = await threeDevices();
      await sessions.signOut(bearer(devices[1]!.access_token), 'others');
      expect(await live()).toEqual([false, true, false]);
    });

    it('global ends every session of the user, and no one else’s', async () => {
      const { devices, live } = await threeDevices();
      const bystander = await anonymousSession();
      await sessions.signOut(bearer(devices[2]!.access_token), 'global');
      expect(await live()).toEqual([false, false, false]);
      await expect(sessions.authenticate(bearer(bystander.session.access_token))).resolves.toMatchObject({
        user: { id: bystander.userId },
      });
    });

    it('ends every session for a token without a session, whatever the scope', async () => {
      const { devices, live } = await threeDevices();
      const claims = claimsOf(devices[0]!.access_token);
      delete claims.session_id;
      await sessions.signOut(bearer(signJwt(claims, SECRET)), 'local');
      expect(await live()).toEqual([false, false, false]);
    });

    it('refuses an unknown scope and ends nothing', async () => {
      const { devices, live } = await threeDevices();
      expect(shapeOf(await refusal(sessions.signOut(bearer(devices[0]!.access_token), 'everyone')))).toEqual({
        status: 400,
        code: 'validation_failed',
        message: 'Unsupported logout scope "everyone"',
      });
      expect(await live()).toEqual([true, true, true]);
    });

    it('refuses without a valid token and ends nothing', async () => {
      const { devices, live } = await threeDevices();
      expect((await refusal(sessions.signOut(undefined, 'global'))).status).toBe(401);
      const forged = signJwt(claimsOf(devices[0]!.access_token), 'another-secret-of-at-least-thirty-two-characters');
      expect((await refusal(sessions.signOut(bearer(forged), 'global'))).errorCode).toBe('bad_jwt');
      expect(await live()).toEqual([true, true, true]);
    });
  });
});
