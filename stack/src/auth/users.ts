/**
 * GoTrue's users as auth.users and auth.identities hold them, the user object its API returns,
 * and their passwords (bcrypt, as GoTrue stores them).
 */
import bcrypt from 'bcryptjs';
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';
import { AuthFailure } from './errors';

export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  phone: string | null;
  is_anonymous: boolean;
  encrypted_password: string | null;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  email_confirmed_at: string | null;
  recovery_sent_at: string | null;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface IdentityRow {
  identity_id: string;
  id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  email: string | null;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
}

const isoTimestamp = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const USER_COLUMNS = `id, aud, role, email, phone, is_anonymous, encrypted_password,
  raw_app_meta_data as app_metadata, raw_user_meta_data as user_metadata,
  ${isoTimestamp('email_confirmed_at')} as email_confirmed_at,
  ${isoTimestamp('recovery_sent_at')} as recovery_sent_at,
  ${isoTimestamp('last_sign_in_at')} as last_sign_in_at,
  ${isoTimestamp('created_at')} as created_at, ${isoTimestamp('updated_at')} as updated_at`;

const IDENTITY_COLUMNS = `id as identity_id, provider_id as id, user_id, identity_data, provider, email,
  ${isoTimestamp('last_sign_in_at')} as last_sign_in_at,
  ${isoTimestamp('created_at')} as created_at, ${isoTimestamp('updated_at')} as updated_at`;

export async function findUser(tx: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await tx.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [id]);
  return rows[0];
}

export async function identitiesOf(tx: Queryable, userId: string): Promise<IdentityRow[]> {
  const { rows } = await tx.query<IdentityRow>(
    `select ${IDENTITY_COLUMNS} from auth.identities where user_id = $1 order by created_at`,
    [userId],
  );
  return rows;
}

/** The user object GoTrue returns: null timestamps omitted, anonymous users without identities. */
export function userJson(user: UserRow, identities: IdentityRow[]): Record<string, unknown> {
  const json: Record<string, unknown> = {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email ?? '',
    email_confirmed_at: user.email_confirmed_at,
    phone: user.phone ?? '',
    confirmed_at: user.email_confirmed_at,
    recovery_sent_at: user.recovery_sent_at,
    last_sign_in_at: user.last_sign_in_at,
    app_metadata: user.app_metadata,
    user_metadata: user.user_metadata,
    identities,
    created_at: user.created_at,
    updated_at: user.updated_at,
    is_anonymous: user.is_anonymous,
  };
  for (const key of Object.keys(json)) if (json[key] === null) delete json[key];
  return json;
}

/** The user object of a user who must exist, read in `tx`. */
export async function userJsonOf(tx: Queryable, userId: string): Promise<Record<string, unknown>> {
  const user = await findUser(tx, userId);
  if (!user) throw new AuthFailure(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  return userJson(user, await identitiesOf(tx, userId));
}

/** bcrypt at GoTrue's cost (bcrypt.DefaultCost), in the `$2a$`/`$2b$` form GoTrue reads and writes. */
export const hashPassword = (password: string): Promise<string> => bcrypt.hash(password, 10);

/** Compared against when there is no hash, so a wrong email costs as long as a wrong password. */
let noSuchUserHash: Promise<string> | undefined;

/** Whether the password matches the hash; false without a hash, after as long as a comparison takes. */
export async function passwordMatches(password: string, hash: string | null | undefined): Promise<boolean> {
  // Made on first use, not at import: hashing takes a tenth of a second the stack's start need not wait for.
  const compared = hash ?? (await (noSuchUserHash ??= hashPassword(randomBytes(16).toString('hex'))));
  return (await bcrypt.compare(password, compared)) && Boolean(hash);
}
