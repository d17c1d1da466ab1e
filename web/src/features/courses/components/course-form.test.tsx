import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { renderWithRouter } from '@/testing/test-utils';
import { courseSchema, sortDays, weekOrder } from '../schemas';
import { CourseForm } from './course-form';
import { TeacherCourses } from './teacher-courses';

const course = {
  id: 3,
  title: 'Conversation club',
  description: 'Speaking practice',
  classLink: 'https://meet.example.com/club',
  days: [1, 3],
  startTime: '18:30',
  isActive: true,
  teacher: { id: 1, username: 'tea', name: 'Mina', photo: null },
};

describe('course validation', () => {
  it('needs a title, at least one day and a start time', () => {
    const r = courseSchema.safeParse({ title: ' ', description: '', classLink: '', days: [], startTime: '', isActive: true });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join('.')).sort();
    expect(paths).toEqual(['days', 'startTime', 'title']);
    expect(courseSchema.safeParse({ title: 'A', description: '', classLink: '', days: [6], startTime: '09:00', isActive: false }).success).toBe(true);
    expect(courseSchema.safeParse({ title: 'A', description: '', classLink: 'ftp://x', days: [6], startTime: '09:00', isActive: true }).success).toBe(false);
    expect(courseSchema.safeParse({ title: 'A', description: '', classLink: '', days: [6], startTime: '24:00', isActive: true }).success).toBe(false);
  });

  it('orders the week from Saturday in Persian and from Sunday in English', () => {
    expect(weekOrder('fa')[0]).toBe(6);
    expect(weekOrder('en')[0]).toBe(0);
    expect(sortDays([0, 6, 3], 'fa')).toEqual([6, 0, 3]);
    expect(sortDays([6, 0, 3], 'en')).toEqual([0, 3, 6]);
  });

  it('shows every missing field on submit and sends nothing', async () => {
    await i18n.changeLanguage('en');
    let calls = 0;
    server.use(http.post('*/api/courses/', () => (calls++, HttpResponse.json(course, { status: 201 }))));
    const { user } = renderWithRouter(<CourseForm onDone={() => {}} />, '/teacher/notes');
    await user.click(await screen.findByRole('button', { name: 'Create course' }));
    expect(await screen.findByText('Title is required.')).toBeInTheDocument();
    expect(screen.getByText('Select at least one day.')).toBeInTheDocument();
    expect(screen.getByText('Start time is required.')).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it('creates a course with the chosen days and time', async () => {
    await i18n.changeLanguage('en');
    let body: unknown;
    server.use(
      http.post('*/api/courses/', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(course, { status: 201 });
      }),
      http.get('*/api/courses/', () => HttpResponse.json([])),
    );
    let done = false;
    const { user } = renderWithRouter(<CourseForm onDone={() => (done = true)} />, '/teacher/notes');
    await user.type(await screen.findByLabelText('Title'), 'Conversation club');
    const days = screen.getByRole('group', { name: 'Class days' });
    await user.click(within(days).getByRole('checkbox', { name: 'Wednesday' }));
    await user.click(within(days).getByRole('checkbox', { name: 'Monday' }));
    await user.type(screen.getByLabelText('Start time'), '18:30');
    await user.click(screen.getByRole('button', { name: 'Create course' }));
    await waitFor(() => expect(done).toBe(true));
    expect(body).toEqual({ title: 'Conversation club', description: '', classLink: '', days: [1, 3], startTime: '18:30', isActive: true });
  });
});

describe('TeacherCourses', () => {
  it('lists, deactivates and deletes the teacher courses', async () => {
    await i18n.changeLanguage('en');
    let list = [course];
    let put: unknown;
    server.use(
      http.get('*/api/courses/', () => HttpResponse.json(list)),
      http.put('*/api/courses/3/', async ({ request }) => {
        put = await request.json();
        list = [{ ...course, isActive: false }];
        return HttpResponse.json(list[0]);
      }),
      http.delete('*/api/courses/3/', () => {
        list = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderWithRouter(<TeacherCourses />, '/teacher/notes');
    const card = await screen.findByRole('article', { name: 'Conversation club' });
    expect(within(card).getByText('Monday')).toBeInTheDocument();
    expect(within(card).getByText('Wednesday')).toBeInTheDocument();
    expect(within(card).getByText('18:30')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Deactivate Conversation club' }));
    await waitFor(() => expect(put).toMatchObject({ isActive: false, days: [1, 3], startTime: '18:30' }));
    expect(await within(card).findByText('Inactive')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Delete Conversation club' }));
    await user.click(within(card).getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('You have not created any courses yet')).toBeInTheDocument();
  });
});
