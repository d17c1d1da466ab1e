import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { makeUser, renderWithRouter, signIn } from '@/testing/test-utils';
import type { Problem } from '../api/problem';
import { canReportProblem, problemState, refundOf } from '../problem-rules';
import type { Booking } from '../rules';
import { makeBooking } from '../testing';
import { StudentClasses } from './student-classes';
import { TeacherClasses } from './teacher-classes';

const HOUR = 60 * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
const mina = { id: 5, username: 'mina', name: 'Mina', photo: null };

function problem(over: Partial<Problem> = {}): Problem {
  return {
    id: 70,
    booking: 1,
    reported_by: 'student',
    reason: 'teacher_absent',
    text: 'I waited 20 minutes',
    resolution: 'full_refund',
    status: 'open',
    created_at: new Date().toISOString(),
    outcome: null,
    note: '',
    ...over,
  };
}

describe('problem rules', () => {
  it('offers a report from the end of a booked or done class for 72 hours, once', () => {
    const now = Date.now();
    const ended = makeBooking({ id: 1, start_time: iso(now - 2 * HOUR) }); // ended an hour ago
    expect(canReportProblem(ended, now)).toBe(true);
    expect(canReportProblem({ ...ended, status: 'done' }, now)).toBe(true);
    expect(canReportProblem(ended, now - HOUR - 1)).toBe(false); // before its end
    expect(canReportProblem(ended, now - HOUR + 72 * HOUR)).toBe(true); // the last instant
    expect(canReportProblem(ended, now - HOUR + 72 * HOUR + 1)).toBe(false);
    expect(canReportProblem({ ...ended, status: 'approved_cancel' }, now)).toBe(false);
    expect(canReportProblem({ ...ended, problem: problem() }, now)).toBe(false);
  });

  it('rounds half of an odd price up for the student, and reads each state from each side', () => {
    expect(refundOf('half_refund', 250_001)).toBe(125_001);
    expect(refundOf('full_refund', 250_000)).toBe(250_000);
    expect(refundOf('no_refund', 250_000)).toBe(0);
    expect(problemState(problem(), 'student')).toBe('classes.problem.state.waitingTeacher');
    expect(problemState(problem(), 'teacher')).toBe('classes.problem.state.yourAnswer');
    expect(problemState(problem({ reported_by: 'teacher' }), 'teacher')).toBe('classes.problem.state.waitingStudent');
    expect(problemState(problem({ status: 'disputed' }), 'student')).toBe('classes.problem.state.disputed');
    expect(problemState(problem({ status: 'accepted' }), 'teacher')).toBe('classes.problem.state.refundedFull');
    expect(problemState(problem({ status: 'accepted', resolution: 'half_refund' }), 'teacher')).toBe('classes.problem.state.refundedHalf');
    // An operator's decision is read from its outcome, not from the proposal.
    expect(problemState(problem({ status: 'resolved', outcome: 'half_refund' }), 'student')).toBe('classes.problem.state.decidedHalf');
    expect(problemState(problem({ status: 'resolved', outcome: 'no_refund' }), 'teacher')).toBe('classes.problem.state.decidedNone');
  });
});

describe('Problem reports on class cards', { timeout: 120_000 }, () => {
  it('lets a student report an ended class: reason, text, resolution; "other" needs a text', async () => {
    await i18n.changeLanguage('en');
    const now = Date.now();
    let list: Booking[] = [makeBooking({ id: 1, teacher: mina, start_time: iso(now - 2 * HOUR) })];
    let sent: unknown = null;
    signIn(makeUser());
    server.use(
      http.get('*/api/profile/', () => HttpResponse.json(makeUser())),
      http.get('*/api/slot/lists/student/', () => HttpResponse.json(list)),
      http.post('*/api/slot/1/problem/', async ({ request }) => {
        sent = await request.json();
        const p = problem({ ...(sent as Partial<Problem>) });
        list = [{ ...list[0]!, problem: p }];
        return HttpResponse.json(p, { status: 201 });
      }),
    );
    const { user } = renderWithRouter(<StudentClasses />, '/student/booked-slots');
    await user.click(await screen.findByRole('button', { name: 'Report a problem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a problem' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(dialog).toHaveTextContent('Choose what went wrong.');
    expect(dialog).toHaveTextContent('Choose what you propose.');

    await user.click(within(dialog).getByRole('radio', { name: 'Something else' }));
    await user.click(within(dialog).getByRole('radio', { name: /Half refund/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(dialog).toHaveTextContent('Describe the problem.');
    expect(sent).toBeNull();

    await user.click(within(dialog).getByRole('radio', { name: 'The teacher did not come' }));
    await user.click(within(dialog).getByRole('radio', { name: /Full refund/ }));
    expect(within(dialog).getByRole('radio', { name: /Full refund/ })).toHaveAccessibleName(/250,000 Toman back/);
    await user.type(within(dialog).getByLabelText(/Details/), 'I waited 20 minutes');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(sent).toEqual({ reason: 'teacher_absent', text: 'I waited 20 minutes', resolution: 'full_refund' });
    const report = await screen.findByRole('region', { name: 'Problem report' });
    expect(report).toHaveTextContent('You reported: The teacher did not come');
    expect(report).toHaveTextContent("Waiting for the teacher's answer");
    expect(within(report).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    // The payment waits: no mark-done, and no second report.
    expect(screen.queryByRole('button', { name: 'Mark done' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report a problem' })).not.toBeInTheDocument();
  });

  it("shows the teacher the student's report with Accept and Decline, and its state after", async () => {
    await i18n.changeLanguage('en');
    const now = Date.now();
    const sara = { id: 9, username: 'sara', name: 'Sara', photo: null };
    let list: Booking[] = [makeBooking({ id: 1, student: sara, start_time: iso(now - 2 * HOUR), problem: problem() })];
    let answer: unknown = null;
    const teacher = makeUser({ id: 5, role: 'teacher', username: 'mina' });
    signIn(teacher);
    server.use(
      http.get('*/api/profile/', () => HttpResponse.json(teacher)),
      http.get('*/api/slot/lists/teacher/', () => HttpResponse.json(list)),
      http.put('*/api/slot/problem/70/', async ({ request }) => {
        answer = await request.json();
        const p = problem({ status: 'accepted' });
        list = [{ ...list[0]!, status: 'done', problem: p }];
        return HttpResponse.json(p);
      }),
    );
    const { user } = renderWithRouter(<TeacherClasses />, '/teacher/booked-slots');
    await user.click(await screen.findByRole('tab', { name: /Completed/ }));
    const report = await screen.findByRole('region', { name: 'Problem report' });
    expect(report).toHaveTextContent('The student reported: The teacher did not come');
    expect(report).toHaveTextContent('I waited 20 minutes');
    expect(report).toHaveTextContent('Waiting for your answer');
    expect(screen.queryByRole('button', { name: 'Mark done' })).not.toBeInTheDocument();

    await user.click(within(report).getByRole('button', { name: 'Accept' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('250,000 Toman goes back to the student');
    await user.click(within(confirm).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(answer).toEqual({ accept: true }));
    expect(await screen.findByText('Refunded in full')).toBeInTheDocument();
    expect(screen.getByText('Accepted: the money moved as proposed.')).toBeInTheDocument();
  });

  it('says a declined report is disputed, in Persian', async () => {
    await i18n.changeLanguage('fa');
    const now = Date.now();
    signIn(makeUser());
    server.use(
      http.get('*/api/profile/', () => HttpResponse.json(makeUser())),
      http.get('*/api/slot/lists/student/', () =>
        HttpResponse.json([makeBooking({ id: 1, teacher: mina, start_time: iso(now - 2 * HOUR), problem: problem({ status: 'disputed' }) })]),
      ),
    );
    renderWithRouter(<StudentClasses />, '/student/booked-slots');
    expect(await screen.findByText('در اختلاف: پشتیبانی تصمیم می‌گیرد')).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });

  it("shows an operator's decision and its note", async () => {
    await i18n.changeLanguage('en');
    const now = Date.now();
    const decided = problem({ status: 'resolved', outcome: 'half_refund', note: 'The class took place, 40 minutes late.' });
    signIn(makeUser());
    server.use(
      http.get('*/api/profile/', () => HttpResponse.json(makeUser())),
      http.get('*/api/slot/lists/student/', () => HttpResponse.json([makeBooking({ id: 1, teacher: mina, start_time: iso(now - 2 * HOUR), problem: decided })])),
    );
    renderWithRouter(<StudentClasses />, '/student/booked-slots');
    const report = await screen.findByRole('region', { name: 'Problem report' });
    expect(report).toHaveTextContent('Support decided: half refund');
    expect(report).toHaveTextContent("Support's note: The class took place, 40 minutes late.");
  });
});
