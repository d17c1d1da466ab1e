import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { FLASH_MS, useFlash, useNotice } from './use-flash';

describe('useFlash', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('clears a notice after 3 s, or after the time given with it, and a new one restarts the time', () => {
    const { result } = renderHook(() => useFlash());
    act(() => result.current[1]('saved'));
    act(() => vi.advanceTimersByTime(FLASH_MS - 1));
    expect(result.current[0]).toBe('saved');
    act(() => result.current[1]('saved again'));
    act(() => vi.advanceTimersByTime(FLASH_MS - 1));
    expect(result.current[0]).toBe('saved again');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current[0]).toBeNull();

    act(() => result.current[1]('built', 5000));
    act(() => vi.advanceTimersByTime(4999));
    expect(result.current[0]).toBe('built');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current[0]).toBeNull();
  });
});

describe('useNotice', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps an error until the next action while a success clears itself', () => {
    const { result } = renderHook(() => useNotice());
    act(() => result.current.fail('failed'));
    act(() => vi.advanceTimersByTime(10 * FLASH_MS));
    expect(result.current.error).toBe('failed');
    act(() => result.current.succeed('done'));
    expect(result.current.error).toBeNull();
    expect(result.current.success).toBe('done');
    act(() => vi.advanceTimersByTime(FLASH_MS));
    expect(result.current.success).toBeNull();
  });
});
