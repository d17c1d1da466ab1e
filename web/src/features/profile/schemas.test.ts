import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { languageProblem, personalInfoSchema, phoneChanged, photoProblem, type PersonalInfoValues } from './schemas';

const file = (name: string, type: string, size: number) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

const base: PersonalInfoValues = {
  username: 'sara',
  email: '',
  first_name: '',
  last_name: '',
  bio: '',
  phone: '09121234567',
  savedPhone: '09121234567',
  code: '',
  codeSent: false,
};

const issues = (v: PersonalInfoValues) => {
  const r = z.safeParse(personalInfoSchema, v);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('profile photo', () => {
  it('must be chosen, JPEG or PNG, and at most 5 MB', () => {
    expect(photoProblem(undefined)).toBe('profile.photo.required');
    expect(photoProblem(file('me.gif', 'image/gif', 1000))).toBe('profile.photo.invalidType');
    expect(photoProblem(file('me.png', 'text/plain', 1000))).toBe('profile.photo.invalidType');
    expect(photoProblem(file('me.png', 'image/png', 5 * 1024 * 1024 + 1))).toBe('profile.photo.tooLarge');
    expect(photoProblem(file('me.jpg', 'image/jpeg', 5 * 1024 * 1024))).toBeNull();
    expect(photoProblem(file('me.JPEG', '', 2000))).toBeNull();
  });
});

describe('personal information', () => {
  it('needs a username and a valid email when given', () => {
    expect(issues({ ...base, username: ' ' })).toEqual({ username: 'validation.usernameRequired' });
    expect(issues({ ...base, username: '1sara' })).toEqual({ username: 'validation.usernameInvalid' });
    expect(issues({ ...base, email: 'nope' })).toEqual({ email: 'validation.emailInvalid' });
    expect(issues({ ...base, first_name: 'a'.repeat(151) })).toEqual({ first_name: 'profile.info.nameTooLong' });
    expect(issues(base)).toEqual({});
  });

  it('asks for a code texted to a new phone', () => {
    expect(phoneChanged('۰۹۱۲۱۲۳۴۵۶۷', '09121234567')).toBe(false);
    expect(phoneChanged('09351234567', '09121234567')).toBe(true);
    expect(phoneChanged('', '09121234567')).toBe(false);
    expect(issues({ ...base, phone: '09351234567' })).toEqual({ phone: 'validation.phoneVerificationRequired' });
    expect(issues({ ...base, phone: '0935' })).toEqual({ phone: 'profile.info.phoneInvalid' });
    expect(issues({ ...base, phone: '09351234567', codeSent: true, code: '12' })).toEqual({ code: 'validation.codeDigits' });
    expect(issues({ ...base, phone: '09351234567', codeSent: true, code: '۱۲۳۴۵۶' })).toEqual({});
  });
});

describe('language adder', () => {
  it('needs a language and a level', () => {
    expect(languageProblem('', 'beginner')).toBe('profile.languages.required');
    expect(languageProblem('English', '')).toBe('profile.languages.required');
    expect(languageProblem('English', 'advanced')).toBeNull();
  });
});
