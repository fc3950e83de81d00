import bcrypt from 'bcryptjs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Accounts } from './accounts';
import { MAX_METADATA_BYTES } from './input';
import type { Sessions } from './sessions';
import { describeWithDatabase } from './test-database';
import {
  bearer,
  claimsOf,
  count,
  insertEmailUser,
  PASSWORD,
  refusal,
  shapeOf,
  testAccounts,
  testSessions,
  uniqueEmail,
} from './test-support';

describeWithDatabase('auth accounts', (db) => {
  let sessions: Sessions;
  let accounts: Accounts;
  beforeAll(() => {
    sessions = testSessions(db());
    accounts = testAccounts(db(), sessions);
  });

  const usersWithEmail = (email: string) => count(db(), 'select 1 from auth.users where email = $1', [email]);
  const allUsers = () => count(db(), 'select 1 from auth.users');

  const userRow = async (id: string) =>
    (
      await db().query<{
        email: string | null;
        is_anonymous: boolean;
        encrypted_password: string | null;
        confirmed: boolean;
        app_metadata: Record<string, unknown>;
        user_metadata: Record<string, unknown>;
      }>(
        `select email, is_anonymous, encrypted_password, email_confirmed_at is not null as confirmed,
                raw_app_meta_data as app_metadata, raw_user_meta_data as user_metadata
         from auth.users where id = $1`,
        [id],
      )
    ).rows[0];

  const identities = async (userId: string) =>
    (
      await db().query<{ provider: string; id: string; email: string | null }>(
        'select provider, provider_id as id, email from auth.identities where user_id = $1',
        [userId],
      )
    ).rows;

  const anonymous = () => accounts.signUp({}, '10.1.0.1');

  describe('signUp, anonymous', () => {
    it('creates an anonymous user with the given user_metadata, signed in', async () => {
      const session = await accounts.signUp({ data: { theme: 'dark' } }, '10.1.0.1');
      const userId = String(claimsOf(session.access_token).sub);
      expect(session.user).toMatchObject({ id: userId, is_anonymous: true, user_metadata: { theme: 'dark' } });
      expect(await userRow(userId)).toMatchObject({ email: null, is_anonymous: true, encrypted_password: null });
      expect(await identities(userId)).toEqual([]);
      await expect(sessions.authenticate(bearer(session.access_token))).resolves.toMatchObject({
        user: { id: userId },
      });
    });

    it('limits anonymous sign-ups per client address and creates no user past the limit', async () => {
      const limited = testAccounts(db(), sessions, { anonymousSignUps: 2 });
      await limited.signUp({}, '10.1.0.2');
      await limited.signUp({}, '10.1.0.2');
      const before = await allUsers();
      expect(shapeOf(await refusal(limited.signUp({}, '10.1.0.2')))).toEqual({
        status: 429,
        code: 'over_request_rate_limit',
        message: 'Request rate limit reached',
      });
      expect(await allUsers()).toBe(before);
      // Another address has its own allowance; email sign-ups have theirs.
      await expect(limited.signUp({}, '10.1.0.3')).resolves.toMatchObject({ token_type: 'bearer' });
      await expect(limited.signUp({ email: uniqueEmail(), password: PASSWORD }, '10.1.0.2')).resolves.toMatchObject({
        token_type: 'bearer',
      });
    });

    it('refuses a phone sign-up: the phone provider is off', async () => {
      expect(shapeOf(await refusal(accounts.signUp({ phone: '+15555550100', password: PASSWORD }, undefined)))).toEqual(
        { status: 422, code: 'phone_provider_disabled', message: 'Phone signups are disabled' },
      );
    });

    it('refuses user_metadata that is not an object or over the size bound, and creates nothing', async () => {
      const before = await allUsers();
      expect((await refusal(accounts.signUp({ data: ['a'] }, undefined))).message).toBe('data must be a JSON object');
      const big = { note: 'x'.repeat(MAX_METADATA_BYTES) };
      expect((await refusal(accounts.signUp({ data: big }, undefined))).errorCode).toBe('validation_failed');
      expect(await allUsers()).toBe(before);
    });
  });

  describe('signUp, email and password', () => {
    it('creates a confirmed user with a bcrypt hash, an email identity and a password session', async () => {
      const email = uniqueEmail();
      const session = await accounts.signUp(
        { email: email.toUpperCase(), password: PASSWORD, data: { a: 1 } },
        undefined,
      );
      const userId = String(claimsOf(session.access_token).sub);
      expect(claimsOf(session.access_token)).toMatchObject({
        email,
        is_anonymous: false,
        amr: [{ method: 'password' }],
      });
      const row = await userRow(userId);
      expect(row).toMatchObject({
        email,
        is_anonymous: false,
        confirmed: true,
        app_metadata: { provider: 'email', providers: ['email'] },
        user_metadata: { a: 1, sub: userId, email, email_verified: true, phone_verified: false },
      });
      expect(row?.encrypted_password).toMatch(/^\$2[ab]\$10\$/);
      expect(await bcrypt.compare(PASSWORD, row?.encrypted_password ?? '')).toBe(true);
      expect(await identities(userId)).toEqual([{ provider: 'email', id: userId, email }]);
    });

    it('refuses an email already registered, in any case, and creates no second user', async () => {
      const email = uniqueEmail();
      await accounts.signUp({ email, password: PASSWORD }, undefined);
      expect(
        shapeOf(
          await refusal(accounts.signUp({ email: ` ${email.toUpperCase()}`, password: 'other-secret' }, undefined)),
        ),
      ).toEqual({ status: 422, code: 'user_already_exists', message: 'User already registered' });
      expect(await usersWithEmail(email)).toBe(1);
    });

    it('refuses two concurrent sign-ups of one email with the same refusal, keeping one user', async () => {
      const email = uniqueEmail();
      const outcomes = await Promise.allSettled([
        accounts.signUp({ email, password: PASSWORD }, undefined),
        accounts.signUp({ email, password: PASSWORD }, undefined),
      ]);
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      const [failed] = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(shapeOf(failed?.reason)).toMatchObject({ status: 422, code: 'user_already_exists' });
      expect(await usersWithEmail(email)).toBe(1);
    });

    it('refuses a weak or missing password and an invalid email, and creates nothing', async () => {
      const email = uniqueEmail();
      expect(shapeOf(await refusal(accounts.signUp({ email, password: '12345' }, undefined)))).toEqual({
        status: 422,
        code: 'weak_password',
        message: 'Password should be at least 6 characters.',
        weak_password: { reasons: ['length'] },
      });
      expect(shapeOf(await refusal(accounts.signUp({ email }, undefined)))).toEqual({
        status: 422,
        code: 'validation_failed',
        message: 'Signup requires a valid password',
      });
      expect((await refusal(accounts.signUp({ email: 'no-at-sign', password: PASSWORD }, undefined))).errorCode).toBe(
        'email_address_invalid',
      );
      expect(await usersWithEmail(email)).toBe(0);
    });

    it('counts email sign-ups, refused or not, against the password attempts of the address', async () => {
      const limited = testAccounts(db(), sessions, { passwordAttempts: 2 });
      await refusal(limited.signUp({ email: uniqueEmail(), password: '123' }, '10.1.0.4'));
      await limited.signUp({ email: uniqueEmail(), password: PASSWORD }, '10.1.0.4');
      const email = uniqueEmail();
      expect((await refusal(limited.signUp({ email, password: PASSWORD }, '10.1.0.4'))).status).toBe(429);
      expect(await usersWithEmail(email)).toBe(0);
      // Anonymous sign-ups do not count there.
      await expect(limited.signUp({}, '10.1.0.4')).resolves.toMatchObject({ token_type: 'bearer' });
    });
  });

  describe('update', () => {
    it('turns an anonymous user into a permanent one under the same id, who can then sign in', async () => {
      const session = await anonymous();
      const userId = String(claimsOf(session.access_token).sub);
      const email = uniqueEmail();
      const user = await accounts.update(bearer(session.access_token), { email, password: PASSWORD });
      expect(user).toMatchObject({ id: userId, email, is_anonymous: false });
      expect(user.email_confirmed_at).toEqual(expect.any(String));
      expect(await userRow(userId)).toMatchObject({ email, is_anonymous: false, confirmed: true });
      expect(await identities(userId)).toEqual([{ provider: 'email', id: userId, email }]);
      const signedIn = await sessions.signIn({ email, password: PASSWORD }, undefined);
      expect(claimsOf(signedIn.access_token).sub).toBe(userId);
      // The session that saved it is kept.
      await expect(sessions.authenticate(bearer(session.access_token))).resolves.toMatchObject({
        user: { id: userId, is_anonymous: false },
      });
    });

    it('refuses a password for an anonymous user without an email, and changes nothing', async () => {
      const session = await anonymous();
      const userId = String(claimsOf(session.access_token).sub);
      expect(shapeOf(await refusal(accounts.update(bearer(session.access_token), { password: PASSWORD })))).toEqual({
        status: 422,
        code: 'validation_failed',
        message: 'Updating password of an anonymous user without an email or phone is not allowed',
      });
      expect(await userRow(userId)).toMatchObject({ is_anonymous: true, encrypted_password: null });
    });

    it('refuses an email another user has, and leaves the anonymous user as it was', async () => {
      const taken = uniqueEmail();
      await insertEmailUser(db(), taken);
      const session = await anonymous();
      const userId = String(claimsOf(session.access_token).sub);
      expect(
        shapeOf(await refusal(accounts.update(bearer(session.access_token), { email: taken.toUpperCase() }))),
      ).toEqual({
        status: 422,
        code: 'email_exists',
        message: 'A user with this email address has already been registered',
      });
      expect(await userRow(userId)).toMatchObject({ email: null, is_anonymous: true });
      expect(await usersWithEmail(taken)).toBe(1);
    });

    it('refuses a weak new password, and the same password again', async () => {
      const email = uniqueEmail();
      const session = await accounts.signUp({ email, password: PASSWORD }, undefined);
      expect((await refusal(accounts.update(bearer(session.access_token), { password: 'short' }))).errorCode).toBe(
        'weak_password',
      );
      expect(shapeOf(await refusal(accounts.update(bearer(session.access_token), { password: PASSWORD })))).toEqual({
        status: 422,
        code: 'same_password',
        message: 'New password should be different from the old password.',
      });
    });

    it('changes the password and ends every other session of the user, keeping the caller’s', async () => {
      const email = uniqueEmail();
      const first = await accounts.signUp({ email, password: PASSWORD }, undefined);
      const second = await sessions.signIn({ email, password: PASSWORD }, undefined);
      await accounts.update(bearer(first.access_token), { password: 'a-new-secret' });
      await expect(sessions.authenticate(bearer(first.access_token))).resolves.toBeTruthy();
      expect((await refusal(sessions.authenticate(bearer(second.access_token)))).errorCode).toBe('session_not_found');
      expect((await refusal(sessions.signIn({ email, password: PASSWORD }, undefined))).errorCode).toBe(
        'invalid_credentials',
      );
      await expect(sessions.signIn({ email, password: 'a-new-secret' }, undefined)).resolves.toBeTruthy();
    });

    it('refuses a new email for a permanent user, but takes the same email again as no change', async () => {
      const email = uniqueEmail();
      const session = await accounts.signUp({ email, password: PASSWORD }, undefined);
      const userId = String(claimsOf(session.access_token).sub);
      expect(shapeOf(await refusal(accounts.update(bearer(session.access_token), { email: uniqueEmail() })))).toEqual({
        status: 422,
        code: 'validation_failed',
        message: 'Changing the email of an account is not supported by the local stack',
      });
      await expect(accounts.update(bearer(session.access_token), { email })).resolves.toMatchObject({ email });
      expect(await identities(userId)).toHaveLength(1);
    });

    it('merges user_metadata, a null value removing its key, and refuses app_metadata', async () => {
      const session = await accounts.signUp({ data: { keep: 1, drop: 2 } }, undefined);
      const user = await accounts.update(bearer(session.access_token), { data: { drop: null, add: 3 } });
      expect(user.user_metadata).toEqual({ keep: 1, add: 3 });
      expect(
        shapeOf(await refusal(accounts.update(bearer(session.access_token), { app_metadata: { role: 'x' } }))),
      ).toEqual({ status: 403, code: 'not_admin', message: 'Updating app_metadata requires admin privileges' });
      expect((await userRow(String(user.id)))?.app_metadata).toEqual({});
    });

    it('counts password changes, refused or not, against the password attempts of the address; other updates not', async () => {
      const limited = testAccounts(db(), sessions, { passwordAttempts: 3 });
      const session = await accounts.signUp({ email: uniqueEmail(), password: PASSWORD }, undefined);
      const userId = String(claimsOf(session.access_token).sub);
      const token = bearer(session.access_token);
      await limited.update(token, { password: 'second-secret' }, '10.1.0.5');
      expect((await refusal(limited.update(token, { password: 'short' }, '10.1.0.5'))).errorCode).toBe('weak_password');
      await limited.update(token, { data: { note: 'not a password change' } }, '10.1.0.5');
      await limited.update(token, { password: 'third-secret' }, '10.1.0.5');
      expect(shapeOf(await refusal(limited.update(token, { password: 'fourth-secret' }, '10.1.0.5')))).toEqual({
        status: 429,
        code: 'over_request_rate_limit',
        message: 'Request rate limit reached',
      });
      // The refused change changed nothing; metadata updates still go through, and another address has its own count.
      expect(await bcrypt.compare('third-secret', (await userRow(userId))?.encrypted_password ?? '')).toBe(true);
      await expect(limited.update(token, { data: { note: 'still fine' } }, '10.1.0.5')).resolves.toMatchObject({
        user_metadata: { note: 'still fine' },
      });
      await limited.update(token, { password: 'fourth-secret' }, '10.1.0.6');
      expect(await bcrypt.compare('fourth-secret', (await userRow(userId))?.encrypted_password ?? '')).toBe(true);
    });

    it('refuses without a valid token', async () => {
      expect((await refusal(accounts.update(undefined, { data: { a: 1 } }))).status).toBe(401);
      expect((await refusal(accounts.update(bearer('a.b.c'), { data: { a: 1 } }))).errorCode).toBe('bad_jwt');
    });
  });
});
