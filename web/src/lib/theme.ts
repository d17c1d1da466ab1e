import { useSyncExternalStore } from 'react';

// The colour theme: dark by default, saved in localStorage and applied as a
// class on <html>. src/boot.js (inlined in index.html) applies the saved theme before first paint.
export type Theme = 'dark' | 'light';
export const THEME_STORAGE_KEY = 'zabano.theme';
export const DEFAULT_THEME: Theme = 'dark';

const listeners = new Set<() => void>();

export function storedTheme(): Theme {
  try {
    const v = localStorage.getItem(THEME_STORAGE_KEY);
    return v === 'light' || v === 'dark' ? v : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

let theme: Theme = typeof window === 'undefined' ? DEFAULT_THEME : storedTheme();

function apply(t: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', t === 'dark');
  root.classList.toggle('light', t === 'light');
  root.style.colorScheme = t;
  // The browser's bar (the installed app's title bar) takes the theme's
  // background, from the stylesheet that defines it.
  const background = getComputedStyle(root).getPropertyValue('--z-bg').trim();
  if (background) document.querySelector('meta[name="theme-color"]')?.setAttribute('content', background);
}

/** setTheme saves t and applies it to the document root. */
export function setTheme(t: Theme): void {
  theme = t;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, t);
  } catch {
    // No storage: the theme lasts for this page only.
  }
  apply(t);
  listeners.forEach((l) => l());
}

/** initTheme applies the saved theme (boot.js already did; this keeps them in step). */
export function initTheme(): void {
  theme = storedTheme();
  apply(theme);
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** useTheme returns the current theme and a toggle. */
export function useTheme(): { theme: Theme; toggle: () => void } {
  const t = useSyncExternalStore(subscribe, () => theme, () => DEFAULT_THEME);
  return { theme: t, toggle: () => setTheme(t === 'dark' ? 'light' : 'dark') };
}
