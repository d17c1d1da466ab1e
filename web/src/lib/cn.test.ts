import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn', () => {
  it('drops falsy names', () => {
    expect(cn('a', false, null, undefined, 'b')).toBe('a b');
  });

  it('lets a later class override an earlier one that sets the same thing', () => {
    expect(cn('text-fg hover:bg-surface-2', 'text-danger hover:bg-danger-bg')).toBe('text-danger hover:bg-danger-bg');
    expect(cn('bg-surface text-fg border-line', 'bg-danger-bg text-danger')).toBe('border-line bg-danger-bg text-danger');
    expect(cn('size-10', 'size-9')).toBe('size-9');
  });

  it('keeps a text size and a text colour apart', () => {
    expect(cn('text-sm text-fg', 'text-danger')).toBe('text-sm text-danger');
  });
});
