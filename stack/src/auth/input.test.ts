import { describe, expect, it } from 'vitest';
import { AuthFailure } from './errors';
import {
  checkMetadataBounds,
  checkPasswordStrength,
  MAX_METADATA_BYTES,
  mergeMetadata,
  parseBody,
  validEmail,
} from './input';

const failure = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof AuthFailure) return { status: error.status, code: error.errorCode, ...error.extra };
    throw error;
  }
  throw new Error('did not fail');
};

describe('parseBody', () => {
  it('refuses bodies nested deeper than 32 levels before parsing them', () => {
    expect(failure(() => parseBody(`${'['.repeat(33)}${']'.repeat(33)}`))).toMatchObject({
      status: 400,
      code: 'bad_json',
    });
    expect(parseBody(`{"a":${'['.repeat(31)}${']'.repeat(31)}}`)).toEqual({ a: expect.any(Array) });
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(parseBody(JSON.stringify({ note: `\\"${'{'.repeat(100)}` }))).toEqual({ note: `\\"${'{'.repeat(100)}` });
  });
});

describe('user input', () => {
  it('lower-cases emails and refuses implausible ones', () => {
    expect(validEmail('  Owner@Example.COM ')).toBe('owner@example.com');
    expect(failure(() => validEmail('owner@'))).toMatchObject({ status: 400, code: 'email_address_invalid' });
  });

  it('refuses passwords under 6 characters as weak_password with its reason', () => {
    expect(failure(() => checkPasswordStrength('12345'))).toEqual({
      status: 422,
      code: 'weak_password',
      weak_password: { reasons: ['length'] },
    });
    expect(checkPasswordStrength('123456')).toBe('123456');
  });

  it('bounds user_metadata in bytes and depth', () => {
    expect(() => checkMetadataBounds({ note: 'x'.repeat(MAX_METADATA_BYTES - 11) })).not.toThrow();
    expect(failure(() => checkMetadataBounds({ note: 'x'.repeat(MAX_METADATA_BYTES - 10) }))).toMatchObject({
      status: 400,
      code: 'validation_failed',
    });
    expect(
      failure(() => checkMetadataBounds({ a: { b: { c: { d: { e: { f: { g: { h: { i: 1 } } } } } } } } })),
    ).toMatchObject({
      code: 'validation_failed',
    });
  });

  it('merges metadata as GoTrue does: keys replaced, null removes a key', () => {
    expect(mergeMetadata({ a: 1, b: 2 }, { b: 3, a: null, c: 4 })).toEqual({ b: 3, c: 4 });
  });
});
