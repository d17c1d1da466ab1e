import { useCallback, useRef, type KeyboardEvent, type RefObject, type TouchEvent, type WheelEvent } from 'react';
import { clampWeek } from '../calendar';

/** A wheel turn moves a week when its horizontal part exceeds the vertical by this much. */
export const WHEEL_DOMINANCE_PX = 10;
/** A touch swipe moves a week when it travels farther than this sideways. */
export const SWIPE_MIN_PX = 50;
/** How long the week slides in; navigation waits for it. */
export const SLIDE_MS = 250;

type Options = {
  week: number;
  onWeek: (week: number) => void;
  /** Right-to-left: "next" lies to the left. */
  rtl: boolean;
  /** The element that slides when the week changes. */
  slideRef: RefObject<HTMLElement | null>;
};

function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** useWeekNavigation moves between weeks 0..7 by the arrows, the mouse wheel
 * (10 px horizontal dominance), a touch swipe (over 50 px) and the arrow keys,
 * mirrored in right-to-left. While the new week slides in, navigation is
 * locked, so a long swipe or a trackpad's momentum moves one week. */
export function useWeekNavigation({ week, onWeek, rtl, slideRef }: Options) {
  const locked = useRef(false);
  const touch = useRef<{ x: number; y: number } | null>(null);

  const go = useCallback(
    (target: number) => {
      const next = clampWeek(target);
      if (locked.current || next === week) return;
      locked.current = true;
      onWeek(next);
      const el = slideRef.current;
      const forward = next > week;
      // "Forward" content enters from the end side: the right in LTR, the left in RTL.
      const from = (forward ? 1 : -1) * (rtl ? -1 : 1) * 32;
      const duration = reducedMotion() ? 0 : SLIDE_MS;
      if (el && typeof el.animate === 'function' && duration > 0) {
        const anim = el.animate(
          [
            { transform: `translateX(${from}px)`, opacity: 0 },
            { transform: 'translateX(0)', opacity: 1 },
          ],
          { duration, easing: 'ease-out' },
        );
        const unlock = () => {
          locked.current = false;
        };
        anim.finished.then(unlock, unlock);
      } else {
        locked.current = false;
      }
    },
    [week, onWeek, rtl, slideRef],
  );

  const step = useCallback((delta: 1 | -1) => go(week + delta), [go, week]);

  const onWheel = useCallback(
    (e: WheelEvent) => {
      const dx = e.deltaX;
      if (Math.abs(dx) - Math.abs(e.deltaY) <= WHEEL_DOMINANCE_PX) return;
      // Scrolling towards the end side (right in LTR, left in RTL) goes forward.
      const toRight = dx > 0;
      step(toRight !== rtl ? 1 : -1);
    },
    [step, rtl],
  );

  const onTouchStart = useCallback((e: TouchEvent) => {
    const t = e.touches[0];
    touch.current = t ? { x: t.clientX, y: t.clientY } : null;
  }, []);

  const onTouchEnd = useCallback(
    (e: TouchEvent) => {
      const start = touch.current;
      touch.current = null;
      const t = e.changedTouches[0];
      if (!start || !t) return;
      const dx = t.clientX - start.x;
      const dy = t.clientY - start.y;
      if (Math.abs(dx) <= SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(dy)) return;
      // Swiping the page towards the start side brings the next week in.
      const swipedLeft = dx < 0;
      step(swipedLeft !== rtl ? 1 : -1);
    },
    [step, rtl],
  );

  const onKeyDown = useCallback(
    (e: KeyboardEvent) => {
      if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
      if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const target = e.target as HTMLElement;
      if (target.closest('input, select, textarea, [role="tablist"], [role="radiogroup"]')) return;
      e.preventDefault();
      const right = e.key === 'ArrowRight';
      step(right !== rtl ? 1 : -1);
    },
    [step, rtl],
  );

  return { go, step, handlers: { onWheel, onTouchStart, onTouchEnd, onKeyDown } };
}
