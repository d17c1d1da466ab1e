import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { makeUser, renderWithRouter, signIn } from '@/testing/test-utils';
import { dayPart, hourIn, welcomeName } from './greeting';
import { WelcomeBanner } from './components/welcome-banner';

describe('greeting', () => {
  it('follows the spec: before 12 morning, before 18 afternoon, else evening', () => {
    expect([0, 5, 11].map(dayPart)).toEqual(['morning', 'morning', 'morning']);
    expect([12, 15, 17].map(dayPart)).toEqual(['afternoon', 'afternoon', 'afternoon']);
    expect([18, 21, 23].map(dayPart)).toEqual(['evening', 'evening', 'evening']);
  });

  it('reads the hour in the viewer time zone', () => {
    const at = new Date('2026-11-21T08:45:00Z');
    expect(hourIn(at, 'UTC')).toBe(8);
    expect(hourIn(at, 'Asia/Tehran')).toBe(12); // UTC+3:30
    expect(hourIn(at, 'America/New_York')).toBe(3);
    expect(hourIn(new Date('2026-11-21T20:30:00Z'), 'Asia/Tehran')).toBe(0);
  });

  it('welcomes by first name, else username', () => {
    expect(welcomeName({ first_name: ' Sara ', username: 'sara99' })).toBe('Sara');
    expect(welcomeName({ first_name: '', username: 'sara99' })).toBe('sara99');
    expect(welcomeName(null)).toBeNull();
  });
});

describe('WelcomeBanner', () => {
  afterEach(() => vi.useRealTimers());

  function at(iso: string) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(iso));
  }

  it('greets by the time of day in the chosen zone, with the first name', async () => {
    at('2026-11-21T05:00:00Z'); // 08:30 in Tehran
    localStorage.setItem('zabano.tz', 'Asia/Tehran');
    await i18n.changeLanguage('en');
    server.use(http.get('*/api/profile/', () => HttpResponse.json(makeUser({ first_name: 'Sara', last_name: 'Ahmadi' }))));
    signIn(makeUser({ first_name: 'Sara', last_name: 'Ahmadi' }));
    renderWithRouter(<WelcomeBanner />, '/student/dashboard');
    expect(await screen.findByText('Good morning')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome, Sara!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My booked teachers' })).toHaveAttribute('href', '/student/booked-teachers');
  });

  it('says afternoon and evening in Persian, with the username when there is no first name', async () => {
    localStorage.setItem('zabano.tz', 'UTC');
    server.use(http.get('*/api/profile/', () => HttpResponse.json(makeUser({ username: 'sara99' }))));
    signIn(makeUser({ username: 'sara99' }));
    at('2026-11-21T13:00:00Z');
    const a = renderWithRouter(<WelcomeBanner />, '/student/dashboard');
    expect(await screen.findByText('ظهر بخیر')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'خوش آمدید، \u2068sara99\u2069!' })).toBeInTheDocument();
    a.unmount();
    at('2026-11-21T18:00:00Z');
    renderWithRouter(<WelcomeBanner />, '/student/dashboard');
    expect(await screen.findByText('عصر بخیر')).toBeInTheDocument();
  });
});
