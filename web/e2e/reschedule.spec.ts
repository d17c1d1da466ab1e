// Rescheduling (issue 13, section 3), against the real binary: a teacher
// proposes another of their free times for a booked class, the student sees
// it on the class card and accepts, and the card then shows the new time.
import { expect as baseExpect, test } from '@playwright/test';
import { expectAccessible, setPrefs } from './helpers';
import { bookClass, makeStudent, makeTeacher, openAs, topUp, type Person } from './materials-fixtures';

// Screens load lazily and the machines that run this are often busy.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.use({ timezoneId: 'Asia/Tehran', locale: 'en-US' });

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

let teacher: Person & { levelPrice: number };
let student: Person;
let classId: number;
let newStart: number;

test.beforeAll(async ({ request }) => {
  teacher = await makeTeacher(request);
  student = await makeStudent(request);
  await topUp(request, student, 200_000);
  const booked = await bookClass(request, teacher, student, 48);
  classId = booked.id;
  // The teacher's one free time: two hours after the class.
  newStart = booked.start + 2 * 3600_000;
  const res = await request.post('/api/slot/available/', {
    headers: auth(teacher.token),
    data: { start: new Date(newStart).toISOString(), end: new Date(newStart + 3600_000).toISOString() },
  });
  expect(res.status(), await res.text()).toBe(201);
});

/** clockOf is how the screens write an instant's time of day in Tehran: "11:30 AM". */
function clockOf(instant: number): RegExp {
  const [hm, ampm] = new Date(instant)
    .toLocaleTimeString('en-US', { timeZone: 'Asia/Tehran', hour: 'numeric', minute: '2-digit' })
    .split(/\s/);
  return new RegExp(`${hm}\\s${ampm}`);
}

test('a teacher proposes another time and the student accepts', async ({ browser, request }) => {
  const t = await openAs(browser, request, teacher);
  await setPrefs(t.page, 'en', 'light');
  await t.page.goto('/teacher/booked-slots');
  const row = t.page.getByRole('article', { name: new RegExp(student.name) });
  await row.getByRole('button', { name: 'Propose another time' }).click();
  const dialog = t.page.getByRole('dialog', { name: 'Propose another time' });
  const times = dialog.locator('button[aria-pressed]');
  await expect(times).toHaveCount(1); // the class's own time is booked, not offered
  await times.click();
  await expect(dialog).toContainText('New time:');
  await expectAccessible(t.page, 'propose another time (teacher, en)');
  await dialog.getByRole('button', { name: 'Propose this time' }).click();
  await expect(t.page.getByText('Your proposal was sent.')).toBeVisible();
  const waiting = t.page.getByRole('region', { name: 'Proposal of another time' });
  await expect(waiting).toContainText('You proposed moving this class to');
  await expect(waiting).toContainText('Waiting for an answer until');
  await t.context.close();

  const s = await openAs(browser, request, student);
  await setPrefs(s.page, 'en', 'light');
  await s.page.goto('/student/booked-slots');
  const card = s.page.getByRole('article', { name: teacher.name });
  const panel = card.getByRole('region', { name: 'Proposal of another time' });
  await expect(panel).toContainText('The teacher proposes moving this class to');
  await expect(panel).toContainText(clockOf(newStart));
  await expectAccessible(s.page, 'a proposal to answer (student, en)');
  await panel.getByRole('button', { name: 'Accept' }).click();
  await expect(s.page.getByText('The class was moved to the new time.')).toBeVisible();
  await expect(panel).toHaveCount(0);
  await expect(card).toContainText(clockOf(newStart));

  const res = await request.get('/api/slot/lists/student/', { headers: auth(student.token) });
  const list = (await res.json()) as Array<{ id: number; start_time: string; reschedule: unknown }>;
  const moved = list.find((b) => b.id === classId)!;
  expect(Date.parse(moved.start_time)).toBe(newStart);
  expect(moved.reschedule).toBeNull();
  await s.context.close();
});
