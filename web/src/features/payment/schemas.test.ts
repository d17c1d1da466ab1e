import { describe, expect, it } from 'vitest';
import { parseAmount } from '@/lib/format';
import { lockedAmountFromQuery } from './amounts';
import { amountError, canConfirm, contactFor } from './schemas';

describe('top-up amount rules', () => {
  it('reads digits in either script, with separators', () => {
    expect(parseAmount('50000')).toBe(50000);
    expect(parseAmount('۵۰٬۰۰۰')).toBe(50000);
    expect(parseAmount('1,000,000')).toBe(1_000_000);
    expect(parseAmount(' 12 000 ')).toBe(12000);
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('12.5')).toBeNull();
    expect(parseAmount('-100')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
  });

  it("needs a positive whole amount ('amount is required') of at least 1,000 Toman", () => {
    expect(amountError('')).toBe('payment.validation.amountRequired');
    expect(amountError('0')).toBe('payment.validation.amountRequired');
    expect(amountError('ten')).toBe('payment.validation.amountRequired');
    expect(amountError('999')).toBe('payment.validation.amountMin');
    expect(amountError('1000')).toBeNull();
    expect(amountError('50000000')).toBeNull();
    expect(amountError('50000001')).toBe('payment.validation.amountMax');
  });

  it('locks the amount a link asks for, raised to the minimum top-up', () => {
    expect(lockedAmountFromQuery(new URLSearchParams('amount=45000'))).toBe(45000);
    expect(lockedAmountFromQuery(new URLSearchParams('amount=300'))).toBe(1000);
    expect(lockedAmountFromQuery(new URLSearchParams('amount=x'))).toBeNull();
    expect(lockedAmountFromQuery(new URLSearchParams('amount=0'))).toBeNull();
    expect(lockedAmountFromQuery(new URLSearchParams(''))).toBeNull();
  });
});

describe('top-up contact rules (confirm enabled)', () => {
  const full = { email: 'sara@example.com', phone: '09121234567' };
  const noEmail = { email: '', phone: '09121234567' };
  const typed = { email: 'a@b.co', mobile: '09120000000' };
  const base = { loading: false, amount: '50000', mode: 'profile' as const, profile: full, typed };

  it('is enabled with an amount and the profile email and phone', () => {
    expect(canConfirm(base)).toBe(true);
    expect(contactFor('profile', full, typed)).toEqual({ email: 'sara@example.com', mobile: '09121234567' });
  });
  it('is disabled while loading or without a valid amount', () => {
    expect(canConfirm({ ...base, loading: true })).toBe(false);
    expect(canConfirm({ ...base, amount: '' })).toBe(false);
    expect(canConfirm({ ...base, amount: '500' })).toBe(false);
  });
  it('is disabled when the profile lacks an email or phone and profile data is chosen', () => {
    expect(canConfirm({ ...base, profile: noEmail })).toBe(false);
    expect(canConfirm({ ...base, profile: null })).toBe(false);
  });
  it('is disabled when a typed email or mobile is empty', () => {
    expect(canConfirm({ ...base, mode: 'custom', profile: noEmail })).toBe(true);
    expect(canConfirm({ ...base, mode: 'custom', typed: { ...typed, email: ' ' } })).toBe(false);
    expect(canConfirm({ ...base, mode: 'custom', typed: { ...typed, mobile: '' } })).toBe(false);
    expect(contactFor('custom', full, { email: ' x@y.z ', mobile: ' 0912 ' })).toEqual({ email: 'x@y.z', mobile: '0912' });
  });
});
