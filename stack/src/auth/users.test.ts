import { describe, expect, it } from 'vitest';
import { hashPassword, type IdentityRow, passwordMatches, type UserRow, userJson } from './users';

const anonymousRow: UserRow = {
  id: '6f1c2a9e-4b7d-4c1e-9a55-0d2b8f3e7a10',
  aud: 'authenticated',
  role: 'authenticated',
  email: null,
  phone: null,
  is_anonymous: true,
  encrypted_password: null,
  app_metadata: {},
  user_metadata: { theme: 'dark' },
  email_confirmed_at: null,
  recovery_sent_at: null,
  last_sign_in_at: '2026-01-02T03:04:05.000000Z',
  created_at: '2026-01-02T03:04:05.000000Z',
  updated_at: '2026-01-02T03:04:06.000000Z',
};

describe('userJson', () => {
  it('answers GoTrue’s user object: empty email and phone, null timestamps left out, no password', () => {
    expect(userJson(anonymousRow, [])).toEqual({
      id: anonymousRow.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: '',
      phone: '',
      last_sign_in_at: anonymousRow.last_sign_in_at,
      app_metadata: {},
      user_metadata: { theme: 'dark' },
      identities: [],
      created_at: anonymousRow.created_at,
      updated_at: anonymousRow.updated_at,
      is_anonymous: true,
    });
  });

  it('gives a confirmed user confirmed_at as its email_confirmed_at, and its identities', () => {
    const confirmedAt = '2026-01-03T00:00:00.000000Z';
    const identity = { provider: 'email', id: anonymousRow.id } as IdentityRow;
    const json = userJson(
      {
        ...anonymousRow,
        email: 'owner@example.com',
        is_anonymous: false,
        encrypted_password: '$2b$10$hash',
        email_confirmed_at: confirmedAt,
      },
      [identity],
    );
    expect(json).toMatchObject({
      email: 'owner@example.com',
      email_confirmed_at: confirmedAt,
      confirmed_at: confirmedAt,
      identities: [identity],
      is_anonymous: false,
    });
    expect(json).not.toHaveProperty('encrypted_password');
    expect(json).not.toHaveProperty('recovery_sent_at');
  });
});

describe('passwordMatches', () => {
  it('matches the password a hash was made of, and no other', async () => {
    const hash = await hashPassword('kept-safe-42');
    expect(hash).toMatch(/^\$2[ab]\$10\$/);
    expect(await passwordMatches('kept-safe-42', hash)).toBe(true);
    expect(await passwordMatches('kept-safe-43', hash)).toBe(false);
  });

  it('is false without a hash, whatever the password', async () => {
    for (const hash of [null, undefined, '']) {
      expect(await passwordMatches('', hash)).toBe(false);
      expect(await passwordMatches('kept-safe-42', hash)).toBe(false);
    }
  });
});
