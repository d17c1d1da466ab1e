import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { makeUser, renderWithRouter, signIn } from '@/testing/test-utils';
import { makeBooking } from '../testing';
import { StudentClasses } from './student-classes';
import { TeacherClasses } from './teacher-classes';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** saved records the files handed to the browser to save. */
function saved(): string[] {
  const names: string[] = [];
  URL.createObjectURL = vi.fn(() => 'blob:x') as typeof URL.createObjectURL;
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
}

function ics(id: number) {
  return new HttpResponse('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', {
    headers: { 'Content-Type': 'text/calendar', 'Content-Disposition': `attachment; filename="zabano-class-${id}.ics"` },
  });
}

describe('add to calendar', () => {
  afterEach(() => vi.restoreAllMocks());

  it('downloads a booked class ahead as .ics with the session’s token; none for other classes', async () => {
    await i18n.changeLanguage('en');
    const token = signIn(makeUser());
    server.use(http.get('*/api/profile/', () => HttpResponse.json(makeUser())));
    const names = saved();
    const auths: Array<string | null> = [];
    const now = Date.now();
    server.use(
      http.get('*/api/slot/lists/student/', () =>
        HttpResponse.json([
          makeBooking({ id: 3, start_time: iso(now + 26 * HOUR) }),
          makeBooking({ id: 1, start_time: iso(now - 48 * HOUR), status: 'done' }),
        ]),
      ),
      http.get('*/api/slot/calendar/3/', ({ request }) => {
        auths.push(request.headers.get('authorization'));
        return ics(3);
      }),
    );
    const { user } = renderWithRouter(<StudentClasses />, '/student/booked-slots');
    const [ahead, done] = await screen.findAllByRole('article');
    expect(within(done!).queryByRole('button', { name: 'Add to calendar' })).not.toBeInTheDocument();
    await user.click(within(ahead!).getByRole('button', { name: 'Add to calendar' }));
    await waitFor(() => expect(names).toEqual(['zabano-class-3.ics']));
    expect(auths).toEqual([`Bearer ${token}`]);
  });

  it('tells the teacher why the file could not be had', async () => {
    await i18n.changeLanguage('en');
    signIn(makeUser({ role: 'teacher' }));
    server.use(http.get('*/api/profile/', () => HttpResponse.json(makeUser({ role: 'teacher' }))));
    saved();
    const now = Date.now();
    server.use(
      http.get('*/api/slot/lists/teacher/', () =>
        HttpResponse.json([makeBooking({ id: 4, start_time: iso(now + 5 * HOUR), student: { id: 9, username: 'sara', name: 'Sara', photo: null } })]),
      ),
      http.get('*/api/slot/calendar/4/', () => HttpResponse.json({ detail: 'This class is not yours.' }, { status: 404 })),
    );
    const { user } = renderWithRouter(<TeacherClasses />, '/teacher/booked-slots');
    await user.click(await screen.findByRole('button', { name: /^Add the class with Sara, .* to your calendar$/ }));
    expect(await screen.findByText('This class is not yours.')).toBeInTheDocument();
  });
});
