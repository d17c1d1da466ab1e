import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { makeUser, renderWithRouter, signIn } from '@/testing/test-utils';
import type { Chat } from '../types';
import { RecentChatsCard } from './recent-chats-card';

function profile() {
  server.use(http.get('*/api/profile/', () => HttpResponse.json(makeUser({ id: 1 }))));
}

function chats(n: number): Chat[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    teacher: 100 + i,
    student: 1,
    participant: { id: 100 + i, username: `t${i}`, name: `Teacher ${i + 1}`, photo: null, role: 'teacher' as const },
    last_message: { id: 50 - i, chat_id: i + 1, sender: i === 0 ? 1 : 100 + i, content: `hello ${i + 1}`, timestamp: new Date(2026, 0, 5, 9, 30).toISOString(), attachment: null },
    unread: i === 1 ? 3 : 0,
    other_read_id: 0,
    created_at: new Date(2026, 0, 1).toISOString(),
  }));
}

describe('recent chats card', { timeout: 60_000 }, () => {
  it('shows up to 5 chats with name, time and last message, linking to each and to all chats', async () => {
    await i18n.changeLanguage('en');
    server.use(http.get('*/api/chats/', () => HttpResponse.json(chats(7))));
    profile();
    signIn(makeUser({ id: 1 }));
    renderWithRouter(<RecentChatsCard />, '/student/dashboard');
    const card = await screen.findByRole('region', { name: 'Recent chats' });
    const items = await within(card).findAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveTextContent('Teacher 1');
    expect(items[0]).toHaveTextContent('You: hello 1');
    expect(items[0]).toHaveTextContent('01/05/2026');
    expect(items[1]).toHaveTextContent('Unread messages: 3');
    expect(within(items[1]!).getByRole('link')).toHaveAttribute('href', '/student/messages?chat=2');
    expect(within(card).getByRole('link', { name: 'View all chats' })).toHaveAttribute('href', '/student/messages');
  });

  it('invites to start a chat when there is none, in Persian', async () => {
    profile();
    signIn(makeUser({ id: 1 }));
    renderWithRouter(<RecentChatsCard />, '/student/dashboard');
    const card = await screen.findByRole('region', { name: 'گفت‌وگوهای اخیر' });
    expect(await within(card).findByText('هنوز گفت‌وگویی ندارید. با یک استاد گفت‌وگو را شروع کنید!')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'شروع گفت‌وگو' })).toHaveAttribute('href', '/student/messages?new=1');
  });

  it('shows the server’s message with a retry when the chats cannot be read', async () => {
    await i18n.changeLanguage('en');
    server.use(http.get('*/api/chats/', () => HttpResponse.json({ detail: 'Server is resting.' }, { status: 500 })));
    profile();
    signIn(makeUser({ id: 1 }));
    renderWithRouter(<RecentChatsCard />, '/student/dashboard');
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert).toHaveTextContent('Server is resting.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
