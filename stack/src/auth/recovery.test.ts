import { beforeAll, describe, expect, it } from 'vitest';
import { allowedRedirect, type Recovery } from './recovery';
import type { Sessions } from './sessions';
import { describeWithDatabase } from './test-database';
import {
  bearer,
  claimsOf,
  count,
  insertEmailUser,
  ISSUER,
  refusal,
  shapeOf,
  SITE_URL,
  testRecovery,
  testSessions,
  uniqueEmail,
} from './test-support';

describe('allowedRedirect', () => {
  it('keeps http and https pages on this machine', () => {
    for (const page of [
      'http://127.0.0.1:5173/reset',
      'https://localhost/reset?x=1',
      'http://[::1]:8080/',
      'http://127.1.2.3/',
    ]) {
      expect(allowedRedirect(page, SITE_URL)).toBe(page);
    }
  });

  it('replaces any other page, a non-URL and nothing with the site URL', () => {
    for (const page of [
      'https://evil.example/steal',
      'http://localhost.evil.example/',
      'http://127.0.0.1@evil.example/',
      'http://127.evil.example/steal',
      'http://127.0.0.1.evil.example/',
      'javascript:alert(1)',
      'javascript://127.0.0.1/%0Aalert(1)',
      'ftp://localhost/file',
      'file:///etc/passwd',
      '/relative/page',
      '',
      null,
    ]) {
      expect(allowedRedirect(page, SITE_URL)).toBe(SITE_URL);
    }
  });
});

describeWithDatabase('auth recovery', (db) => {
  let sessions: Sessions;
  let recovery: Recovery;
  let mails: string[];
  beforeAll(() => {
    sessions = testSessions(db());
    ({ recovery, mails } = testRecovery(db(), sessions));
  });

  /** The link of the last mail, which must be about `email`. */
  function lastLink(email: string): URL {
    const line = mails.at(-1) ?? '';
    expect(line.startsWith(`Password recovery for ${email}: `)).toBe(true);
    return new URL(line.slice(line.indexOf(': ') + 2));
  }

  /** A user who asked for a recovery link; the link. */
  async function recovering(redirectTo: string | null = null) {
    const email = uniqueEmail();
    const userId = await insertEmailUser(db(), email);
    expect(await recovery.recover({ email }, redirectTo)).toEqual({});
    return { email, userId, link: lastLink(email) };
  }

  /** Where a redirect goes, and the parameters in its fragment. */
  function landing(location: string) {
    const hash = location.indexOf('#');
    return {
      page: location.slice(0, hash),
      fragment: Object.fromEntries(new URLSearchParams(location.slice(hash + 1))),
    };
  }

  const sessionsOf = (userId: string) => count(db(), 'select 1 from auth.sessions where user_id = $1', [userId]);

  describe('recover', () => {
    it('answers {} for an unknown email and sends nothing', async () => {
      const before = mails.length;
      expect(await recovery.recover({ email: uniqueEmail() }, null)).toEqual({});
      expect(mails).toHaveLength(before);
    });

    it('mails a link to /verify with a token, the type, the redirect and the public key; stores only a hash', async () => {
      const { link, userId } = await recovering('http://127.0.0.1:5173/reset');
      expect(`${link.origin}${link.pathname}`).toBe(`${ISSUER}/verify`);
      const token = link.searchParams.get('token') ?? '';
      expect(token).toMatch(/^[\w-]{32}$/);
      expect(Object.fromEntries(link.searchParams)).toEqual({
        token,
        type: 'recovery',
        redirect_to: 'http://127.0.0.1:5173/reset',
        apikey: 'the-anon-key',
      });
      const { rows } = await db().query<{ recovery_token: string; sent: boolean }>(
        'select recovery_token, recovery_sent_at is not null as sent from auth.users where id = $1',
        [userId],
      );
      expect(rows[0]?.sent).toBe(true);
      expect(rows[0]?.recovery_token).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0]?.recovery_token).not.toContain(token);
    });

    it('puts the site URL in the link for a redirect not on this machine', async () => {
      const { link } = await recovering('https://evil.example/steal');
      expect(link.searchParams.get('redirect_to')).toBe(SITE_URL);
    });

    it('finds the account whatever the case and spacing of the email', async () => {
      const email = uniqueEmail();
      await insertEmailUser(db(), email);
      await recovery.recover({ email: ` ${email.toUpperCase()} ` }, null);
      expect(lastLink(email).searchParams.get('type')).toBe('recovery');
    });

    it('sends nothing for a second request within a minute, answering it as an unknown email; the first link stays valid', async () => {
      const { email, userId, link } = await recovering();
      const before = mails.length;
      const [again, unknown] = await Promise.all([
        recovery.recover({ email }, null),
        recovery.recover({ email: uniqueEmail() }, null),
      ]);
      expect(again).toEqual({});
      expect(again).toEqual(unknown);
      expect(mails).toHaveLength(before);
      expect(landing((await recovery.verify(link.searchParams)).location).fragment.type).toBe('recovery');
      await db().query("update auth.users set recovery_sent_at = now() - interval '61 seconds' where id = $1", [
        userId,
      ]);
      expect(await recovery.recover({ email }, null)).toEqual({});
      expect(mails).toHaveLength(before + 1);
    });

    it('sends one link for concurrent requests of one email', async () => {
      const email = uniqueEmail();
      await insertEmailUser(db(), email);
      const before = mails.length;
      const answers = await Promise.all(Array.from({ length: 8 }, () => recovery.recover({ email }, null)));
      expect(answers).toEqual(Array.from({ length: 8 }, () => ({})));
      expect(mails).toHaveLength(before + 1);
      expect(landing((await recovery.verify(lastLink(email).searchParams)).location).fragment.type).toBe('recovery');
    });

    it('refuses a request without an email or with an invalid one', async () => {
      expect(shapeOf(await refusal(recovery.recover({}, null)))).toEqual({
        status: 400,
        code: 'validation_failed',
        message: 'Password recovery requires an email',
      });
      expect((await refusal(recovery.recover({ email: 'nobody' }, null))).errorCode).toBe('email_address_invalid');
    });
  });

  describe('verify', () => {
    it('opens a session of the user on the linked page, with the session in the fragment', async () => {
      const { link, userId } = await recovering('http://localhost:5173/reset');
      const before = await sessionsOf(userId);
      const answer = await recovery.verify(link.searchParams);
      expect(answer.status).toBe(303);
      const { page, fragment } = landing(answer.location);
      expect(page).toBe('http://localhost:5173/reset');
      expect(fragment).toEqual({
        access_token: expect.any(String),
        expires_at: expect.stringMatching(/^\d+$/),
        expires_in: '3600',
        refresh_token: expect.any(String),
        token_type: 'bearer',
        type: 'recovery',
      });
      expect(claimsOf(fragment.access_token ?? '')).toMatchObject({ sub: userId, amr: [{ method: 'password' }] });
      await expect(sessions.authenticate(bearer(fragment.access_token ?? ''))).resolves.toMatchObject({
        user: { id: userId },
      });
      await expect(sessions.refresh({ refresh_token: fragment.refresh_token })).resolves.toBeTruthy();
      expect(await sessionsOf(userId)).toBe(before + 1);
    });

    it('opens a link once: used again, it lands on the page with otp_expired and no session', async () => {
      const { link, userId } = await recovering();
      await recovery.verify(link.searchParams);
      const again = await recovery.verify(link.searchParams);
      expect(landing(again.location)).toEqual({
        page: SITE_URL,
        fragment: {
          error: 'access_denied',
          error_code: 'otp_expired',
          error_description: 'Email link is invalid or has expired',
        },
      });
      expect(await sessionsOf(userId)).toBe(1);
    });

    it('refuses a link older than an hour, and a token it never sent', async () => {
      const { link, userId } = await recovering();
      await db().query("update auth.users set recovery_sent_at = now() - interval '3601 seconds' where id = $1", [
        userId,
      ]);
      expect(landing((await recovery.verify(link.searchParams)).location).fragment.error_code).toBe('otp_expired');
      const forged = new URLSearchParams(link.searchParams);
      forged.set('token', 'a'.repeat(32));
      expect(landing((await recovery.verify(forged)).location).fragment.error_code).toBe('otp_expired');
      expect(await sessionsOf(userId)).toBe(0);
    });

    it('sends the session to the site URL, not to a redirect that is not on this machine', async () => {
      const { link, userId } = await recovering();
      const tampered = new URLSearchParams(link.searchParams);
      tampered.set('redirect_to', 'https://evil.example/steal');
      const { page, fragment } = landing((await recovery.verify(tampered)).location);
      expect(page).toBe(SITE_URL);
      expect(claimsOf(fragment.access_token ?? '').sub).toBe(userId);
    });

    it('refuses a link without a recovery token or of another type, using nothing', async () => {
      const { link, userId } = await recovering();
      const refused = {
        error: 'access_denied',
        error_code: 'validation_failed',
        error_description: 'Verify requires a recovery token',
      };
      for (const change of [{ type: 'signup' }, { token: '' }] as Record<string, string>[]) {
        const query = new URLSearchParams({ ...Object.fromEntries(link.searchParams), ...change });
        expect(landing((await recovery.verify(query)).location).fragment).toEqual(refused);
      }
      // The link itself still works.
      expect(landing((await recovery.verify(link.searchParams)).location).fragment.type).toBe('recovery');
      expect(await sessionsOf(userId)).toBe(1);
    });

    it('confirms the email of a user who had not confirmed it', async () => {
      const email = uniqueEmail();
      const userId = await insertEmailUser(db(), email);
      await db().query('update auth.users set email_confirmed_at = null where id = $1', [userId]);
      await recovery.recover({ email }, null);
      await recovery.verify(lastLink(email).searchParams);
      expect(
        await count(db(), 'select 1 from auth.users where id = $1 and email_confirmed_at is not null', [userId]),
      ).toBe(1);
    });
  });
});
