// Screens that depend on the hour, on chosen instants either side of midnight
// in Tehran: the dashboard's greeting, and a teacher's class labelled
// "tomorrow" then "today" with its join button opening 15 minutes before the
// start. The browser's clock is put on each instant with page.clock; the class
// itself is booked on the server's clock, ahead of every instant.
import { expect as baseExpect, test, type Browser, type APIRequestContext } from '@playwright/test';
import { lastTehranTime, setPrefs } from './helpers';
import { bookClass, makeStudent, makeTeacher, openAs, serverNow, topUp, type Person } from './materials-fixtures';

const expect = baseExpect.configure({ timeout: 20_000 });
test.use({ timezoneId: 'Asia/Tehran' });

const MINUTE = 60_000;

/** openAt opens a page signed in as p whose clock starts at `at`. */
async function openAt(browser: Browser, request: APIRequestContext, p: Person, at: number) {
  const { context, page } = await openAs(browser, request, p);
  await page.clock.install({ time: at });
  return { context, page };
}

test('the dashboard greets by the hour in Tehran, either side of midnight', async ({ browser, request }) => {
  const student = await makeStudent(request);
  const now = await serverNow(request);
  for (const { hh, mm, greeting } of [
    { hh: 23, mm: 59, greeting: 'عصر بخیر' },
    { hh: 0, mm: 1, greeting: 'صبح بخیر' },
    { hh: 13, mm: 0, greeting: 'ظهر بخیر' },
  ]) {
    const { context, page } = await openAt(browser, request, student, lastTehranTime(now, 1, hh, mm));
    await page.goto('/student/dashboard');
    await expect(page.getByText(greeting, { exact: true })).toBeVisible();
    await context.close();
  }
});

test('a class after midnight is "tomorrow" before it and "today" after, and opens 15 minutes before its start', async ({ browser, request }) => {
  const teacher = await makeTeacher(request);
  const student = await makeStudent(request);
  await topUp(request, student, 300_000);
  // The first Tehran 00:30 at least three hours ahead of the server's clock.
  const now = await serverNow(request);
  let start = lastTehranTime(now, new Date(now + 210 * MINUTE).getUTCDay(), 0, 30);
  while (start < now + 3 * 60 * MINUTE) start += 24 * 60 * MINUTE;
  // bookClass rounds up to the hour (a Tehran half hour is a UTC hour).
  const booked = await bookClass(request, teacher, student, (start - now - 1000) / 3_600_000);
  expect(booked.start).toBe(start);

  for (const { before, day, joinable } of [
    { before: 40, day: 'Tomorrow', joinable: false },
    { before: 20, day: 'Today', joinable: false },
    { before: 10, day: 'Today', joinable: true },
  ]) {
    const { context, page } = await openAt(browser, request, teacher, start - before * MINUTE);
    await setPrefs(page, 'en', 'light');
    await page.goto('/teacher/booked-slots');
    const row = page.getByRole('tabpanel').getByRole('article', { name: new RegExp(`, ${day}, `) });
    await expect(row).toBeVisible();
    if (joinable) await expect(row.getByRole('link', { name: /Join class/ })).toBeVisible();
    else await expect(row.getByRole('button', { name: 'Class time is not near' })).toBeDisabled();
    await context.close();
  }
});
