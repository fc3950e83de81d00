/**
 * GoTrue's accounts with email confirmations off (as `supabase start` runs it): anonymous sign-up,
 * email and password sign-up, and updating a user, which turns an anonymous user into a permanent
 * one under the same id.
 */
import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/database';
import { AuthFailure } from './errors';
import { checkMetadataBounds, checkPasswordStrength, mergeMetadata, metadataObject, validEmail } from './input';
import { anonymousSignUpKey, enforceRateLimit, rateLimitKey, type RateLimiter } from './rate-limit';
import type { SessionResponse, Sessions } from './sessions';
import { hashPassword, passwordMatches, userJsonOf } from './users';

export interface AccountsOptions {
  sessions: Sessions;
  anonymousSignUps: RateLimiter;
  /** The app's origins: its anonymous sign-ins from this machine count apart (anonymousSignUpKey). */
  appOrigins?: readonly string[];
  /** Email sign-ups and password changes count here, with password sign-ins. */
  passwordAttempts: RateLimiter;
}

export interface Accounts {
  /** GoTrue's Signup: anonymous without an email, else with email and password (autoconfirmed). */
  signUp(body: Record<string, unknown>, clientAddress: string | undefined, origin?: string): Promise<SessionResponse>;
  /**
   * GoTrue's UserUpdate, for the user of the bearer token: email, password and user_metadata. An
   * anonymous user adding an email is confirmed at once (autoconfirm, as `supabase start`): same id,
   * so every row it owns stays its own, and it becomes permanent. A request with a password counts
   * against the password attempts of `clientAddress`.
   */
  update(
    authorization: string | undefined,
    body: Record<string, unknown>,
    clientAddress?: string,
  ): Promise<Record<string, unknown>>;
}

async function insertEmailIdentity(tx: Queryable, userId: string, email: string) {
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at)
     values ($1, $2, $3, 'email', now())`,
    [userId, userId, JSON.stringify({ sub: userId, email, email_verified: true, phone_verified: false })],
  );
}

/** A unique-index race on the email is the same refusal as the check before it. */
async function withEmailUnique<T>(work: () => Promise<T>, refusal: AuthFailure): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw refusal;
    throw error;
  }
}

export function createAccounts(
  db: Database,
  { sessions, anonymousSignUps, appOrigins = [], passwordAttempts }: AccountsOptions,
): Accounts {
  /** GoTrue's Signup with autoconfirm: a confirmed user and a session, or `user_already_exists`. */
  async function signUpWithPassword(body: Record<string, unknown>, clientAddress: string | undefined) {
    enforceRateLimit(passwordAttempts, rateLimitKey(clientAddress));
    if (!body.password) throw new AuthFailure(422, 'validation_failed', 'Signup requires a valid password');
    const password = checkPasswordStrength(body.password);
    const email = validEmail(body.email);
    const userId = randomUUID();
    const metadata = mergeMetadata(metadataObject(body.data) ?? {}, {
      sub: userId,
      email,
      email_verified: true,
      phone_verified: false,
    });
    checkMetadataBounds(metadata);
    const alreadyRegistered = new AuthFailure(422, 'user_already_exists', 'User already registered');
    const { rows } = await db.query('select 1 from auth.users where email = $1', [email]);
    if (rows.length > 0) throw alreadyRegistered;
    const hash = await hashPassword(password);
    return withEmailUnique(
      () =>
        db.transaction(async (tx) => {
          await tx.query(
            `insert into auth.users (id, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
             values ($1, $2, $3, now(), $4, $5)`,
            [
              userId,
              email,
              hash,
              JSON.stringify({ provider: 'email', providers: ['email'] }),
              JSON.stringify(metadata),
            ],
          );
          await insertEmailIdentity(tx, userId, email);
          return sessions.start(tx, userId);
        }),
      alreadyRegistered,
    );
  }

  return {
    async signUp(body, clientAddress, origin) {
      if (body.phone) throw new AuthFailure(422, 'phone_provider_disabled', 'Phone signups are disabled');
      if (body.email) return signUpWithPassword(body, clientAddress);
      enforceRateLimit(anonymousSignUps, anonymousSignUpKey(clientAddress, origin, appOrigins));
      const metadata = metadataObject(body.data) ?? {};
      checkMetadataBounds(metadata);
      return db.transaction(async (tx) => {
        const userId = randomUUID();
        await tx.query('insert into auth.users (id, is_anonymous, raw_user_meta_data) values ($1, true, $2)', [
          userId,
          JSON.stringify(metadata),
        ]);
        return sessions.start(tx, userId);
      });
    },

    async update(authorization, body, clientAddress) {
      const { user, sessionId } = await sessions.authenticate(authorization);
      // A new password costs two bcrypt runs (the same-password check and the new hash), a tenth of
      // a second of this process each, so password changes share the per-IP count of sign-ups and
      // password sign-ins (`sign_in_sign_ups`): an address gets one allowance of bcrypt work, however
      // it splits it. GoTrue limits PUT /user per IP with that same setting (its `User` limiter is
      // made from GOTRUE_RATE_LIMIT_OTP, which the CLI sets from sign_in_sign_ups), counted after
      // authentication and before the handler, so refused requests count too. GoTrue counts every
      // PUT /user there; updates without a password run no bcrypt, so this stack leaves them out.
      const changesPassword = typeof body.password === 'string' && body.password !== '';
      if (changesPassword) enforceRateLimit(passwordAttempts, rateLimitKey(clientAddress));
      const email = body.email ? validEmail(body.email) : null;
      const password = changesPassword ? checkPasswordStrength(body.password) : null;
      const data = metadataObject(body.data);
      if (body.app_metadata !== undefined) {
        throw new AuthFailure(403, 'not_admin', 'Updating app_metadata requires admin privileges');
      }
      if (user.is_anonymous && password && !email) {
        throw new AuthFailure(
          422,
          'validation_failed',
          'Updating password of an anonymous user without an email or phone is not allowed',
        );
      }
      const changesEmail = email !== null && email !== user.email;
      if (changesEmail && !user.is_anonymous) {
        // A permanent user's new address needs a confirmation mail round trip the local stack lacks.
        throw new AuthFailure(
          422,
          'validation_failed',
          'Changing the email of an account is not supported by the local stack',
        );
      }
      const emailTaken = new AuthFailure(
        422,
        'email_exists',
        'A user with this email address has already been registered',
      );
      if (changesEmail) {
        const { rows } = await db.query('select 1 from auth.users where email = $1 and id <> $2', [email, user.id]);
        if (rows.length > 0) throw emailTaken;
      }
      if (password && user.encrypted_password && (await passwordMatches(password, user.encrypted_password))) {
        throw new AuthFailure(422, 'same_password', 'New password should be different from the old password.');
      }
      let metadata = data ? mergeMetadata(user.user_metadata, data) : user.user_metadata;
      if (changesEmail) metadata = { ...metadata, email_verified: true };
      if (metadata !== user.user_metadata) checkMetadataBounds(metadata);
      const hash = password ? await hashPassword(password) : null;

      return withEmailUnique(
        () =>
          db.transaction(async (tx) => {
            if (hash) {
              await tx.query('update auth.users set encrypted_password = $2 where id = $1', [user.id, hash]);
              // A new password signs out every other session, as GoTrue's UpdatePassword does.
              await tx.query('delete from auth.sessions where user_id = $1 and id is distinct from $2', [
                user.id,
                sessionId,
              ]);
            }
            if (changesEmail && email) {
              await tx.query(
                `update auth.users set email = $2, email_confirmed_at = now(), is_anonymous = false where id = $1`,
                [user.id, email],
              );
              await insertEmailIdentity(tx, user.id, email);
            }
            await tx.query('update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [
              user.id,
              JSON.stringify(metadata),
            ]);
            return userJsonOf(tx, user.id);
          }),
        emailTaken,
      );
    },
  };
}
