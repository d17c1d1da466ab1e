// Fair cancellation (issue 13, section 2), against the real binary: a class
// two days ahead is cancelled free and refunded at once; a class twelve
// hours ahead is past the free window, so its cancel goes to the teacher.
// Each card says which case applies before the student confirms.
import { expect as baseExpect, test } from '@playwright/test';
import { expectAccessible, signInViaApi } from './helpers';
import { balanceOf, bearer, makeTeacher, openSlots, person, topUp, uniqueWord, type Person, type Teacher } from './find-teacher-fixtures';

// Screens load lazily and the machines that run this are often busy.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.use({ timezoneId: 'Asia/Tehran', locale: 'en-US' });

const TOP_UP = 1_000_000;
const PRICE = 250_000;

let teacher: Teacher;
let student: Person;

test.beforeAll(async ({ request }) => {
  teacher = await makeTeacher(request, {
    first: 'Parisa',
    last: uniqueWord(),
    bio: 'Grammar classes.',
    price: PRICE,
    experience: 3,
    levels: [{ language: 'English', levels: ['B1'], regular_price: PRICE, exam_price: 300_000 }],
  });
  student = await person(request, 'student');
  await topUp(request, student, TOP_UP);
  // One class two days ahead (free to cancel), one twelve hours ahead (the teacher's to approve).
  for (const slot of await openSlots(request, teacher, [48, 12])) {
    const res = await request.post('/api/slot/booking/', {
      headers: bearer(student.token),
      data: { slot, level_price: teacher.levelPrices[0]!.id },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  expect(await balanceOf(request, student)).toBe(TOP_UP - 2 * PRICE);
});

test('a free cancellation refunds at once; a late one goes to the teacher', async ({ page, context, request }) => {
  await signInViaApi(context, request, student);
  await page.goto('/student/booked-slots');
  const cards = page.getByRole('article', { name: teacher.name });
  await expect(cards).toHaveCount(2);
  // In Persian first, the app's language.
  await expect(cards.filter({ hasText: 'لغو رایگان تا' })).toHaveCount(1);
  await expect(cards.filter({ hasText: 'لغو کلاس به تأیید استاد نیاز دارد' })).toHaveCount(1);

  await page.getByRole('button', { name: 'تغییر زبان به انگلیسی' }).click();
  const free = cards.filter({ hasText: 'Free cancellation until' });
  const late = cards.filter({ hasText: 'The teacher must approve the cancellation' });
  await expect(free).toContainText(/Free cancellation until .+, \d{1,2}:\d{2}\s(AM|PM)/);
  await expect(late).toHaveCount(1);

  await free.getByRole('button', { name: 'Request cancellation' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel this class?' });
  await expect(confirm).toContainText('Free cancellation until');
  await expect(confirm).toContainText('250,000 Toman returned to your wallet');
  await expectAccessible(page, 'free cancellation confirmation (en)');
  await confirm.getByRole('button', { name: 'Cancel the class' }).click();
  await expect(page.getByText('The class was cancelled and 250,000 Toman returned to your wallet.')).toBeVisible();
  await expect(cards.filter({ hasText: 'Cancelled' })).toHaveCount(1);
  // Refunded at once, no approval.
  expect(await balanceOf(request, student)).toBe(TOP_UP - PRICE);

  await late.getByRole('button', { name: 'Request cancellation' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Ask to cancel this class?' });
  await expect(ask).toContainText('The teacher must approve the cancellation');
  await ask.getByRole('button', { name: 'Send the cancellation request' }).click();
  await expect(page.getByText('Cancellation request sent successfully.')).toBeVisible();
  await expect(cards.filter({ hasText: 'Cancellation requested' })).toHaveCount(1);
  expect(await balanceOf(request, student)).toBe(TOP_UP - PRICE);

  // The teacher has the late one to decide, the free one already cancelled.
  const res = await request.get('/api/slot/lists/teacher/', { headers: bearer(teacher.token) });
  const list = (await res.json()) as Array<{ status: string; cancelled_by: string }>;
  expect(list.map((b) => `${b.status}/${b.cancelled_by}`).sort()).toEqual(['approved_cancel/student', 'cancel_pending/']);
});
