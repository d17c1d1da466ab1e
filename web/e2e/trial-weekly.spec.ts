// Trial classes and weekly lessons (issue 13, sections 4 and 5), against the
// real binary: a student books a teacher's trial class at the trial price,
// then four weekly classes at once, seeing the total first.
import { expect as baseExpect, test } from '@playwright/test';
import { expectAccessible, setPrefs, signInViaApi } from './helpers';
import { balanceOf, bearer, makeTeacher, openSlots, person, topUp, uniqueWord, type Person, type Teacher } from './find-teacher-fixtures';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.use({ timezoneId: 'Asia/Tehran', locale: 'en-US' });

const PRICE = 200_000;
const TRIAL = PRICE / 2; // makeTeacher's trial price
const TOP_UP = 1_000_000;

let teacher: Teacher;
let student: Person;

test.beforeAll(async ({ request }) => {
  teacher = await makeTeacher(request, {
    first: 'Shirin',
    last: uniqueWord(),
    bio: 'Conversation classes.',
    price: PRICE,
    experience: 4,
    levels: [{ language: 'English', levels: ['B2'], regular_price: PRICE, exam_price: 0 }],
  });
  student = await person(request, 'student');
  await topUp(request, student, TOP_UP);
  // A trial time tomorrow, and the same hour on four weeks from two days ahead.
  await openSlots(request, teacher, [30, 54, 54 + 168, 54 + 2 * 168, 54 + 3 * 168]);
});

test('a trial at the trial price, then four weekly classes at once', async ({ page, context, request }) => {
  await signInViaApi(context, request, student);
  // English before the link opens the dialog, which hides the page's own language button.
  await setPrefs(page, 'en', 'dark');
  await page.goto(`/student/find-teacher?id=${teacher.id}`);
  let dialog = page.getByRole('dialog', { name: `Book a class with ${teacher.name}` });
  await expect(dialog.getByText(/can be a trial class, for 100,000 Toman/)).toBeVisible();
  const times = dialog.locator('button[aria-pressed]');
  await times.first().click();
  await dialog.getByLabel('Level and price').selectOption({ label: 'Trial class — 100,000 Toman' });
  await expect(dialog.getByText('You pay the trial price, 100,000 Toman, from your wallet.')).toBeVisible();
  await expectAccessible(page, 'booking dialog with a trial');
  await dialog.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(dialog).toBeHidden();
  expect(await balanceOf(request, student)).toBe(TOP_UP - TRIAL);

  // The trial is used: the dialog no longer offers it.
  await page.getByRole('button', { name: `Book a class with ${teacher.name}` }).first().click();
  dialog = page.getByRole('dialog', { name: `Book a class with ${teacher.name}` });
  await expect(dialog.getByRole('option', { name: /English · B2/ })).toBeAttached();
  await expect(dialog.getByRole('option', { name: /Trial class/ })).toHaveCount(0);
  await times.first().click();
  await dialog.getByLabel('Level and price').selectOption({ label: 'English · B2 — 200,000 Toman' });
  await dialog.getByLabel('Repeat weekly').check();
  await dialog.getByLabel('for', { exact: true }).selectOption({ label: '4 weeks' });
  await expect(dialog.getByText('You pay 4 × 200,000 Toman = 800,000 Toman from your wallet.')).toBeVisible();
  await expectAccessible(page, 'booking dialog with weekly lessons');
  await dialog.getByRole('button', { name: 'Book 4 weekly classes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Your 4 weekly classes with ${teacher.name} from`, { exact: false })).toBeVisible();
  expect(await balanceOf(request, student)).toBe(TOP_UP - TRIAL - 4 * PRICE);

  await page.goto('/student/booked-slots');
  const cards = page.getByRole('article', { name: teacher.name });
  await expect(cards).toHaveCount(5);
  await expect(cards.filter({ hasText: 'Trial class' })).toHaveCount(1);
  const res = await request.get('/api/slot/lists/student/', { headers: bearer(student.token) });
  const list = (await res.json()) as Array<{ trial: boolean; price: number; start_time: string }>;
  const weekly = list.filter((b) => !b.trial);
  expect(weekly.map((b) => b.price)).toEqual([PRICE, PRICE, PRICE, PRICE]);
  for (let k = 1; k < 4; k++) expect(Date.parse(weekly[k]!.start_time) - Date.parse(weekly[k - 1]!.start_time)).toBe(7 * 86_400_000);
});
