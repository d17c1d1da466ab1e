import { describe, expect, it } from 'vitest';
import {
  passwordHint,
  registerBasicsSchema,
  registerRoleSchema,
  resetPasswordSchema,
  resetPhoneSchema,
  sanitizeCode,
} from './schemas';

type Parsable = { safeParse: (v: unknown) => { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } } };

/** messages maps each failing field to its message keys. */
function messages(schema: Parsable, value: unknown): Record<string, string[]> {
  const r = schema.safeParse(value);
  const out: Record<string, string[]> = {};
  for (const i of r.error?.issues ?? []) (out[i.path.join('.')] ??= []).push(i.message);
  return out;
}

describe('registration step 1', () => {
  const ok = { username: 'sara', email: '', password: 'secret', confirmPassword: 'secret', role: 'student' };

  it('accepts valid basics, email optional', () => {
    expect(messages(registerBasicsSchema, ok)).toEqual({});
    expect(messages(registerBasicsSchema, { ...ok, email: 'sara@example.com' })).toEqual({});
  });

  it('checks each rule with the spec message', () => {
    expect(messages(registerBasicsSchema, { ...ok, username: '' }).username).toEqual(['validation.usernameRequired']);
    expect(messages(registerBasicsSchema, { ...ok, username: '1abc' }).username).toEqual(['validation.usernameInvalid']);
    expect(messages(registerBasicsSchema, { ...ok, email: 'nope' }).email).toEqual(['validation.emailInvalid']);
    expect(messages(registerBasicsSchema, { ...ok, password: '12345', confirmPassword: '12345' }).password).toEqual([
      'validation.passwordMin',
    ]);
    expect(messages(registerBasicsSchema, { ...ok, password: '', confirmPassword: '' }).password).toEqual([
      'validation.passwordRequired',
    ]);
    expect(messages(registerBasicsSchema, { ...ok, confirmPassword: 'secreT' }).confirmPassword).toEqual([
      'validation.passwordsMismatch',
    ]);
    expect(messages(registerBasicsSchema, { ...ok, role: undefined }).role).toEqual(['validation.roleRequired']);
  });
});

describe('registration role page', () => {
  const ok = {
    username: 'sara',
    email: '',
    password: 'secret',
    confirmPassword: 'secret',
    phone: '09121234567',
    code: '123456',
    codeSent: true,
    bio: '',
  };

  it('accepts a complete form', () => {
    expect(messages(registerRoleSchema, ok)).toEqual({});
  });

  it('requires the phone and its verification', () => {
    expect(messages(registerRoleSchema, { ...ok, phone: '', codeSent: false, code: '' }).phone).toEqual([
      'validation.phoneRequired',
    ]);
    expect(messages(registerRoleSchema, { ...ok, codeSent: false, code: '' }).phone).toEqual([
      'validation.phoneVerificationRequired',
    ]);
    expect(messages(registerRoleSchema, { ...ok, code: '' }).code).toEqual(['validation.phoneVerificationRequired']);
    expect(messages(registerRoleSchema, { ...ok, code: '123' }).code).toEqual(['validation.codeDigits']);
  });

  it('uses the role page wording for a mismatch', () => {
    expect(messages(registerRoleSchema, { ...ok, confirmPassword: 'other1' }).confirmPassword).toEqual([
      'validation.passwordsMismatchBang',
    ]);
  });

  it('limits the bio', () => {
    expect(messages(registerRoleSchema, { ...ok, bio: 'x'.repeat(2001) }).bio).toEqual(['validation.bioTooLong']);
  });
});

describe('password reset', () => {
  it('requires a phone to send a code', () => {
    expect(messages(resetPhoneSchema, { phone: '  ' }).phone).toEqual(['validation.phoneRequired']);
  });

  it('needs a 6-digit code and a matching password of 8 or more', () => {
    const ok = { code: '123456', newPassword: 'longpass', confirmPassword: 'longpass' };
    expect(resetPasswordSchema.safeParse(ok).success).toBe(true);
    expect(resetPasswordSchema.safeParse({ ...ok, code: '' }).success).toBe(false);
    expect(resetPasswordSchema.safeParse({ ...ok, code: '12345' }).success).toBe(false);
    expect(resetPasswordSchema.safeParse({ ...ok, code: '12345a' }).success).toBe(false);
    expect(messages(resetPasswordSchema, { ...ok, newPassword: 'short', confirmPassword: 'short' }).newPassword).toEqual([
      'validation.resetPasswordMin',
    ]);
    expect(messages(resetPasswordSchema, { ...ok, confirmPassword: 'longpasx' }).confirmPassword).toEqual([
      'validation.passwordsMismatch',
    ]);
  });

  it('gives a live hint', () => {
    expect(passwordHint('', '')).toBeNull();
    expect(passwordHint('short', '')).toBe('tooShort');
    expect(passwordHint('short', 'short')).toBe('tooShort');
    expect(passwordHint('longenough', '')).toBeNull();
    expect(passwordHint('longenough', 'longenougx')).toBe('mismatch');
    expect(passwordHint('longenough', 'longenough')).toBe('match');
  });

  it('keeps only digits in the code, at most 6, Persian digits included', () => {
    expect(sanitizeCode('12a3 45678')).toBe('123456');
    expect(sanitizeCode('۱۲۳۴۵۶')).toBe('123456');
    expect(sanitizeCode('abc')).toBe('');
  });
});
