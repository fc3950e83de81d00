/**
 * GoTrue's password recovery: /recover "emails" a single-use link (to the stack's log, as
 * `supabase start` shows it in its mail viewer), at most one a minute per account, and /verify
 * turns the link into a session handed to the page the link names, if that page is on this machine.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../db/database';
import { AuthFailure } from './errors';
import { validEmail } from './input';
import type { Sessions } from './sessions';

/** GoTrue's SMTP max_frequency and otp_expiry defaults. */
const RECOVERY_FREQUENCY_SECONDS = 60;
const RECOVERY_LIFETIME_SECONDS = 3600;

export interface RecoveryOptions {
  sessions: Sessions;
  /** The public URL of /auth/v1, where links point. */
  issuer: string;
  /** Where a link goes when the request names no allowed page. */
  siteUrl: string;
  /** The public API key a link carries: the gateway wants one on every request. */
  anonKey: string;
  /** Where the "emails" go. */
  mail: (line: string) => void;
}

/** A redirect: its status and Location. */
export interface Redirect {
  status: 303;
  location: string;
}

export interface Recovery {
  /**
   * GoTrue's Recover: always `{}`, so it never tells whether an email has an account, also when
   * it sends nothing because the account had a link within the last minute.
   */
  recover(body: Record<string, unknown>, redirectTo: string | null): Promise<Record<string, never>>;
  /** GoTrue's Verify for a recovery link: a session in the redirect's fragment, or the error there. */
  verify(query: URLSearchParams): Promise<Redirect>;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Only loopback pages may receive a recovery session, so a link cannot hand one to another site. */
export function allowedRedirect(value: string | null, siteUrl: string): string {
  if (!value) return siteUrl;
  try {
    const url = new URL(value);
    // The URL parser writes every IPv4 form (0x7f.1, 2130706433) as four decimals, so a name such
    // as 127.evil.example, which is not an address, cannot pass for one.
    const loopback =
      url.hostname === 'localhost' || url.hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(url.hostname);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && loopback) return value;
  } catch {
    // Not a URL: fall back to the site URL, as GoTrue does for a redirect it does not allow.
  }
  return siteUrl;
}

export function createRecovery(db: Database, options: RecoveryOptions): Recovery {
  return {
    async recover(body, redirectTo) {
      if (!body.email) throw new AuthFailure(400, 'validation_failed', 'Password recovery requires an email');
      const email = validEmail(body.email);
      // At most one link a minute per account (GoTrue's SMTP max_frequency), but a request within
      // the minute gets the same `{}` as one for an email without an account, and nothing is sent:
      // the link already sent stays the valid one. GoTrue answers that request 429
      // over_email_send_rate_limit, and only for a registered email (its Recover returns `{}` for
      // an unknown one before checking the frequency), which tells anyone which emails have
      // accounts. One statement, the same for a registered and an unknown email, checks and takes
      // the minute, so two concurrent requests send one link, not two.
      const token = randomBytes(24).toString('base64url');
      const { rows } = await db.query<{ id: string }>(
        `update auth.users set recovery_token = $2, recovery_sent_at = now()
         where email = $1
           and (recovery_sent_at is null or recovery_sent_at <= now() - make_interval(secs => $3))
         returning id`,
        [email, sha256(token), RECOVERY_FREQUENCY_SECONDS],
      );
      if (rows.length === 0) return {};
      const link = new URL(`${options.issuer}/verify`);
      link.search = new URLSearchParams({
        token,
        type: 'recovery',
        redirect_to: allowedRedirect(redirectTo, options.siteUrl),
        apikey: options.anonKey,
      }).toString();
      options.mail(`Password recovery for ${email}: ${link.toString()}`);
      return {};
    },

    async verify(query) {
      const redirectTo = allowedRedirect(query.get('redirect_to'), options.siteUrl);
      const token = query.get('token') ?? '';
      const redirect = (fragment: Record<string, string>): Redirect => ({
        status: 303,
        location: `${redirectTo}#${new URLSearchParams(fragment).toString()}`,
      });
      if (query.get('type') !== 'recovery' || token === '') {
        return redirect({
          error: 'access_denied',
          error_code: 'validation_failed',
          error_description: 'Verify requires a recovery token',
        });
      }
      const session = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string }>(
          `update auth.users set recovery_token = null, email_confirmed_at = coalesce(email_confirmed_at, now())
           where recovery_token = $1 and recovery_sent_at > now() - make_interval(secs => $2)
           returning id`,
          [sha256(token), RECOVERY_LIFETIME_SECONDS],
        );
        return rows[0] ? options.sessions.start(tx, rows[0].id) : null;
      });
      if (!session) {
        return redirect({
          error: 'access_denied',
          error_code: 'otp_expired',
          error_description: 'Email link is invalid or has expired',
        });
      }
      return redirect({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: session.token_type,
        type: 'recovery',
      });
    },
  };
}
