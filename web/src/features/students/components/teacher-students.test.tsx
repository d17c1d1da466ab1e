import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { renderWithRouter } from '@/testing/test-utils';
import type { TeacherStudent } from '@/lib/api/students';
import { filterStudents, matchesQuery, summarize } from '../filter';
import { TeacherStudents } from './teacher-students';

/** figure is the <dd> of the <dl> group whose <dt> reads label. */
function figure(scope: HTMLElement, label: string) {
  return within(scope).getByText(label, { selector: 'dt, dt *' }).closest('dl > div')!.querySelector('dd');
}

function student(over: Partial<TeacherStudent> & { id: number }): TeacherStudent {
  return {
    user: { username: `user${over.id}`, email: '', phone: '09120000000' },
    first_name: '',
    last_name: '',
    name: `user${over.id}`,
    profile_photo_url: null,
    level: '',
    total_classes: 0,
    completed_classes: 0,
    progress: 0,
    paid: 0,
    next_class: null,
    join_date: '2026-10-01T08:00:00Z',
    status: 'completed',
    ...over,
  };
}

const sara = student({
  id: 2,
  first_name: 'Sara',
  last_name: 'Ahmadi',
  name: 'Sara Ahmadi',
  user: { username: 'sara', email: 'sara@example.com', phone: '09121234567' },
  level: 'B1',
  total_classes: 4,
  completed_classes: 3,
  progress: 75,
  paid: 300000,
  next_class: '2026-12-01T15:00:00Z',
  status: 'active',
});
const reza = student({
  id: 3,
  name: 'Reza',
  first_name: 'Reza',
  user: { username: 'reza', email: 'reza@mail.ir', phone: '09359876543' },
  level: 'advanced',
  total_classes: 1,
  completed_classes: 1,
  progress: 100,
  paid: 100000,
});
const nolevel = student({ id: 4, name: 'Ali', user: { username: 'ali', email: '', phone: '09120001111' } });

describe('student search and filter', () => {
  it('matches by name, email or phone, with Persian digits and +98', () => {
    expect(matchesQuery(sara, 'ahma')).toBe(true);
    expect(matchesQuery(sara, 'SARA@EXAMPLE')).toBe(true);
    expect(matchesQuery(sara, '0912123')).toBe(true);
    expect(matchesQuery(sara, '۰۹۱۲۱۲۳۴')).toBe(true);
    expect(matchesQuery(sara, '+98 912 123 4567')).toBe(true);
    expect(matchesQuery(sara, 'reza')).toBe(false);
    expect(matchesQuery(sara, '0935')).toBe(false);
    expect(matchesQuery(sara, '')).toBe(true);
  });

  it('filters by CEFR level, reading the adder words as levels', () => {
    const all = [sara, reza, nolevel];
    expect(filterStudents(all, '', 'all')).toHaveLength(3);
    expect(filterStudents(all, '', 'B1')).toEqual([sara]);
    expect(filterStudents(all, '', 'C1')).toEqual([reza]);
    expect(filterStudents(all, 'sara', 'C1')).toEqual([]);
  });

  it('sums the real figures', () => {
    expect(summarize([sara, reza, nolevel])).toEqual({ students: 3, active: 1, classes: 5, completed: 4 });
  });
});

describe('TeacherStudents', () => {
  it('shows summary counts, searches, filters and changes a level', async () => {
    await i18n.changeLanguage('en');
    let list = [sara, reza, nolevel];
    let sent: unknown;
    server.use(
      http.get('*/api/students/list/', () => HttpResponse.json(list)),
      http.post('*/api/teacher/update-student-level/', async ({ request }) => {
        sent = await request.json();
        list = list.map((s) => (s.id === 2 ? { ...s, level: 'B2' } : s));
        return HttpResponse.json({ detail: "The student's level was updated." });
      }),
    );
    const { user } = renderWithRouter(<TeacherStudents />, '/teacher/students');
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(figure(summary, 'Learners')).toHaveTextContent('3');
    expect(figure(summary, 'Active')).toHaveTextContent('1');
    expect(figure(summary, 'Classes booked')).toHaveTextContent('5');
    expect(figure(summary, 'Classes done')).toHaveTextContent('4');

    const card = screen.getByRole('article', { name: 'Sara Ahmadi' });
    expect(within(card).getByText('300,000 Toman')).toBeInTheDocument();
    expect(within(card).getByText('3 done of 4')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: 'Progress of Sara Ahmadi' })).toHaveAttribute('aria-valuenow', '75');
    expect(within(screen.getByRole('article', { name: 'Ali' })).getByText('No upcoming class')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'reza@');
    expect(screen.getByRole('status')).toHaveTextContent('1 of 3 learners');
    expect(screen.queryByRole('article', { name: 'Sara Ahmadi' })).not.toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.selectOptions(screen.getByLabelText('Level'), 'B1');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    await user.selectOptions(screen.getByLabelText('Level'), 'A2');
    expect(screen.getByText('No learners match your search.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Level'), 'all');

    await user.click(within(screen.getByRole('article', { name: 'Sara Ahmadi' })).getByRole('button', { name: 'Change the level of Sara Ahmadi' }));
    const form = screen.getByRole('form', { name: 'Change the level of Sara Ahmadi' });
    await user.selectOptions(within(form).getByLabelText('New level'), 'B2');
    await user.selectOptions(within(form).getByLabelText('Language'), 'English');
    await user.click(within(form).getByRole('button', { name: 'Save level' }));
    await waitFor(() => expect(sent).toEqual({ student_id: 2, level: 'B2', language: 'English' }));
    const updated = screen.getByRole('article', { name: 'Sara Ahmadi' });
    expect(await within(updated).findByText("The student's level was updated.")).toBeInTheDocument();
    expect(await within(updated).findByText('B2')).toBeInTheDocument();
  });

  it("shows the spec's list error with a retry, and the empty state", async () => {
    await i18n.changeLanguage('en');
    server.use(http.get('*/api/students/list/', () => new HttpResponse(null, { status: 500 })));
    const { user } = renderWithRouter(<TeacherStudents />, '/teacher/students');
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent('Failed to load language learners list. Please try again.');
    server.use(http.get('*/api/students/list/', () => HttpResponse.json([])));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have no learners yet')).toBeInTheDocument();
  });
});
