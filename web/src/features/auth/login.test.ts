import { describe, expect, it } from 'vitest';
import { checkLogin, isRoleChoice } from './login';

describe('login checks', () => {
  it('requires a username and a password; spaces are no username', () => {
    expect(checkLogin({ username: ' ', password: '', remember: true })).toEqual({
      username: 'validation.usernameRequired',
      password: 'validation.passwordRequired',
    });
    expect(checkLogin({ username: 'sara', password: '', remember: true })).toEqual({ password: 'validation.passwordRequired' });
    expect(checkLogin({ username: 'sara', password: 'x', remember: false })).toEqual({});
  });

  it('knows the two entrances', () => {
    expect(isRoleChoice('teacher')).toBe(true);
    expect(isRoleChoice('admin')).toBe(false);
    expect(isRoleChoice(null)).toBe(false);
  });
});
