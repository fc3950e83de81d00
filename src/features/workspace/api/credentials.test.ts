import { describe, expect, it } from 'vitest';
import { saveWorkspaceSchema } from './save-workspace';
import { signInSchema } from './sign-in';

describe('workspace credentials', () => {
  it('saves a workspace only with a valid email and a password of at least 6 characters', () => {
    expect(saveWorkspaceSchema.parse({ email: ' Owner@Example.com ', password: '123456' })).toEqual({
      email: 'owner@example.com',
      password: '123456',
    });
    const short = saveWorkspaceSchema.safeParse({ email: 'owner@example.com', password: '12345' });
    expect(short.error?.issues.map((issue) => issue.message)).toEqual(['Password should be at least 6 characters.']);
    const noEmail = saveWorkspaceSchema.safeParse({ email: 'owner', password: '123456' });
    expect(noEmail.error?.issues.map((issue) => issue.message)).toEqual(['Enter a valid email address.']);
  });

  it('signs in with any non-empty password (the server judges it)', () => {
    expect(signInSchema.safeParse({ email: 'owner@example.com', password: 'x' }).success).toBe(true);
    expect(signInSchema.safeParse({ email: 'owner@example.com', password: '' }).error?.issues[0]?.message).toBe(
      'Enter your password.',
    );
  });
});
