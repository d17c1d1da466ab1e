import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { setTheme } from '@/lib/theme';
import { server } from '@/testing/server';
import { makeUser, renderApp, signIn } from '@/testing/test-utils';
import { LEAVE_AVATAR_MS, LEAVE_MENU_MS } from './user-menu-dropdown';

function asUser(user = makeUser()) {
  server.use(http.get('*/api/profile/', () => HttpResponse.json(user)));
  signIn(user);
}

function mouse(type: 'pointerOver' | 'pointerOut', el: Element) {
  // React's onPointerEnter/Leave listen to pointerover/pointerout.
  fireEvent[type](el, { pointerType: 'mouse' });
}

describe('header', () => {
  // Screens of later issues load their own data; this suite only looks at the
  // shell, so their calls get a quiet 404 unless a test says otherwise.
  beforeEach(() => {
    server.use(http.all('*/api/*', () => HttpResponse.json({ detail: 'unmocked' }, { status: 404 })));
  });

  afterEach(() => {
    vi.useRealTimers();
    setTheme('dark');
  });

  it('toggles the theme on the document root and remembers it', async () => {
    asUser();
    const { user } = renderApp('/student/dashboard');
    await user.click(await screen.findByRole('button', { name: 'تغییر به پوسته روشن' }));
    expect(document.documentElement).toHaveClass('light');
    expect(document.documentElement).not.toHaveClass('dark');
    expect(localStorage.getItem('zabano.theme')).toBe('light');
    await user.click(screen.getByRole('button', { name: 'تغییر به پوسته تیره' }));
    expect(document.documentElement).toHaveClass('dark');
  });

  it('switches the language, the direction and the title', async () => {
    asUser();
    const { user } = renderApp('/student/wallet');
    expect(await screen.findByRole('heading', { level: 1, name: 'کیف پول' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    await user.click(screen.getByRole('button', { name: 'تغییر زبان به انگلیسی' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Wallet' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(document.documentElement).toHaveAttribute('lang', 'en');
    expect(localStorage.getItem('zabano.lang')).toBe('en');
    await waitFor(() => expect(document.title).toBe('Wallet - Zabano'));
  });

  it('links to the store in a new tab', async () => {
    asUser();
    renderApp('/student/dashboard');
    const link = await screen.findByRole('link', { name: /فروشگاه/ });
    expect(link).toHaveAttribute('href', 'https://zabano.ir/shop');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('shows the first letter of the display name, or the photo', async () => {
    asUser(makeUser({ first_name: 'sara', last_name: 'ahmadi' }));
    const a = renderApp('/student/dashboard');
    const trigger = await screen.findByRole('button', { name: 'منوی کاربر: \u2068sara ahmadi\u2069' });
    expect(trigger).toHaveTextContent('S');
    a.unmount();
    asUser(makeUser({ profile_photo_url: 'http://localhost/media/p.png' }));
    const b = renderApp('/student/dashboard');
    const sara = () => screen.getByRole('button', { name: 'منوی کاربر: \u2068sara\u2069' });
    // The menu's code, loaded after the screen's first reads, brings an avatar
    // of its own (Radix's trigger): the photo's error must reach the one on screen.
    await waitFor(() => expect(sara()).toHaveAttribute('data-state', 'closed'));
    const img = sara().querySelector('img')!;
    expect(img).toHaveAttribute('src', 'http://localhost/media/p.png');
    fireEvent.error(img);
    expect(sara()).toHaveTextContent('S');
    b.unmount();
  });

  it('opens the user menu on hover and closes it after the pointer leaves', async () => {
    await i18n.changeLanguage('en');
    asUser(makeUser({ email: 'sara@example.com' }));
    renderApp('/student/dashboard');
    const trigger = await screen.findByRole('button', { name: 'User menu: sara' });
    vi.useFakeTimers({ shouldAdvanceTime: true });

    mouse('pointerOver', trigger);
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('sara@example.com');
    mouse('pointerOut', trigger);
    act(() => vi.advanceTimersByTime(LEAVE_AVATAR_MS - 50));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    // Moving onto the menu keeps it open.
    mouse('pointerOver', screen.getByRole('menu'));
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    mouse('pointerOut', screen.getByRole('menu'));
    act(() => vi.advanceTimersByTime(LEAVE_MENU_MS + 10));
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('opens the user menu from the keyboard, closes on Escape, and logs out', async () => {
    await i18n.changeLanguage('en');
    asUser();
    const { user, router } = renderApp('/student/dashboard');
    const trigger = await screen.findByRole('button', { name: 'User menu: sara' });
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
