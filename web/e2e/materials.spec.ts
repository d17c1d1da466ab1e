// Materials and courses against the real binary: a teacher uploads a note (a
// small PDF) and a class link, and defines a course; a student who booked
// them finds all of it and downloads the file; a student who did not sees none.
import { readFileSync } from 'node:fs';
import { expect as baseExpect, test } from '@playwright/test';
import { expectAccessible, isolate, setPrefs } from './helpers';
import { SMALL_PDF, bookClass, makeStudent, makeTeacher, openAs, topUp } from './materials-fixtures';

// Long journeys on a machine shared by several test runs: room for slow moments.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });

test('a teacher shares a note and a class link; a student who booked them finds both and downloads the file', async ({ browser, request }) => {
  const teacher = await makeTeacher(request);
  const student = await makeStudent(request);
  const stranger = await makeStudent(request);
  await topUp(request, student, 200000);
  await bookClass(request, teacher, student);

  // The teacher, in Persian (the default).
  const t = await openAs(browser, request, teacher);
  await t.page.goto('/teacher/notes');
  await expect(t.page.getByRole('heading', { level: 1, name: 'مطالب آموزشی' })).toBeVisible();
  await expect(t.page.getByText('هنوز مطلبی نگذاشته‌اید')).toBeVisible();
  const toggle = t.page.getByRole('button', { name: 'افزودن مطلب' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const form = t.page.getByRole('form', { name: 'افزودن مطلب' });
  const submit = form.getByRole('button', { name: 'ذخیرهٔ مطلب' });
  await expect(submit).toBeDisabled();
  await form.getByLabel('عنوان', { exact: true }).fill('گرامر زمان گذشته');
  await form.getByLabel(/توضیح/).fill('جزوهٔ جلسهٔ اول');
  await expect(submit).toBeDisabled();
  await form.getByLabel('فایل').setInputFiles({ name: 'grammar.pdf', mimeType: 'application/pdf', buffer: SMALL_PDF });
  await expect(submit).toBeEnabled();
  await expectAccessible(t.page, 'teacher materials form (fa)');
  await submit.click();
  await expect(t.page.getByRole('status').filter({ hasText: 'مطلب اضافه شد.' })).toBeVisible();
  const note = t.page.getByRole('article', { name: 'گرامر زمان گذشته' });
  await expect(note).toContainText('جزوه');
  await expect(note.getByRole('link', { name: 'دانلود گرامر زمان گذشته' })).toBeVisible();

  await toggle.click();
  await form.getByRole('radio', { name: 'لینک کلاس' }).check();
  await form.getByLabel('عنوان', { exact: true }).fill('کلاس آنلاین هفتگی');
  await form.getByLabel('نشانی لینک').fill('not a link');
  await form.getByLabel('نشانی لینک').blur();
  await expect(form.getByText('نشانی وبی وارد کنید که با https:// یا http:// شروع شود.')).toBeVisible();
  await expect(submit).toBeDisabled();
  await form.getByLabel('نشانی لینک').fill('https://meet.jit.si/zabano-weekly');
  await submit.click();
  const link = t.page.getByRole('article', { name: 'کلاس آنلاین هفتگی' });
  await expect(link.getByRole('link', { name: /باز کردن لینک کلاس آنلاین هفتگی/ })).toHaveAttribute('href', 'https://meet.jit.si/zabano-weekly');
  // Newest first.
  await expect(t.page.getByRole('article').first()).toHaveAccessibleName('کلاس آنلاین هفتگی');

  // Edit the note's title.
  await note.getByRole('button', { name: 'ویرایش گرامر زمان گذشته' }).click();
  const edit = t.page.getByRole('form', { name: 'ویرایش گرامر زمان گذشته' });
  await edit.getByLabel('عنوان', { exact: true }).fill('گرامر زمان گذشته — جلسه ۱');
  await edit.getByRole('button', { name: 'ذخیره' }).click();
  await expect(t.page.getByRole('article', { name: 'گرامر زمان گذشته — جلسه ۱' })).toBeVisible();
  await expectAccessible(t.page, 'teacher materials grid (fa)');

  // The student, in English and the light theme.
  const s = await openAs(browser, request, student);
  await setPrefs(s.page, 'en', 'light');
  await s.page.goto('/student/notes');
  await expect(s.page.getByRole('heading', { level: 1, name: 'Education' })).toBeVisible();
  await expect(s.page.getByRole('article')).toHaveCount(2);
  const sNote = s.page.getByRole('article', { name: 'گرامر زمان گذشته — جلسه ۱' });
  await expect(sNote).toContainText('Note');
  await expect(sNote).toContainText(`By ${isolate(teacher.name, 'en')}`);
  await expect(s.page.getByRole('article', { name: 'کلاس آنلاین هفتگی' }).getByRole('link', { name: /Open link/ })).toHaveAttribute(
    'href',
    'https://meet.jit.si/zabano-weekly',
  );
  await s.page.getByRole('tab', { name: 'Notes', exact: true }).click();
  await expect(s.page.getByRole('article')).toHaveCount(1);
  await s.page.getByRole('tab', { name: 'Assignments' }).click();
  await expect(s.page.getByText('No materials match your search.')).toBeVisible();
  await s.page.getByRole('tab', { name: 'All', exact: true }).click();
  await s.page.getByRole('searchbox', { name: 'Search materials' }).fill('هفتگی');
  await expect(s.page.getByRole('article')).toHaveCount(1);
  await s.page.getByRole('searchbox', { name: 'Search materials' }).fill('');
  await expectAccessible(s.page, 'student materials (en, light)');

  const [download] = await Promise.all([
    s.page.waitForEvent('download'),
    sNote.getByRole('link', { name: /^Download / }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('grammar.pdf');
  const saved = await download.path();
  expect(readFileSync(saved).subarray(0, 5).toString()).toBe('%PDF-');

  // A student who booked nobody sees no materials, and cannot use another's link.
  const x = await openAs(browser, request, stranger);
  await x.page.goto('/student/notes');
  await expect(x.page.getByText('هنوز مطلبی برای شما نیست')).toBeVisible();
  const href = await sNote.getByRole('link', { name: /^Download / }).getAttribute('href');
  const forged = href!.replace(/([?&]u=)\d+/, `$1${(await (await request.get('/api/profile/', { headers: { Authorization: `Bearer ${stranger.token}` } })).json()).id}`);
  expect((await request.get(forged)).status()).toBe(403);

  // The teacher deletes the class link.
  await link.getByRole('button', { name: 'حذف کلاس آنلاین هفتگی' }).click();
  await link.getByRole('button', { name: 'بله، حذف شود' }).click();
  await expect(t.page.getByRole('article', { name: 'کلاس آنلاین هفتگی' })).toHaveCount(0);
  await s.page.reload();
  await expect(s.page.getByRole('article')).toHaveCount(1);

  await Promise.all([t.context.close(), s.context.close(), x.context.close()]);
});

test('a teacher manages a course; their student sees it on Courses', async ({ browser, request }) => {
  const teacher = await makeTeacher(request);
  const student = await makeStudent(request);
  await topUp(request, student, 200000);
  await bookClass(request, teacher, student);

  const t = await openAs(browser, request, teacher);
  await setPrefs(t.page, 'en', 'dark');
  await t.page.goto('/teacher/notes?tab=courses');
  await expect(t.page.getByRole('tab', { name: 'Courses' })).toHaveAttribute('aria-selected', 'true');
  await expect(t.page.getByText('You have not created any courses yet')).toBeVisible();
  await t.page.getByRole('button', { name: 'New course' }).click();
  const form = t.page.getByRole('form', { name: 'New course' });
  await form.getByRole('button', { name: 'Create course' }).click();
  await expect(form.getByText('Title is required.')).toBeVisible();
  await expect(form.getByText('Select at least one day.')).toBeVisible();
  await expect(form.getByText('Start time is required.')).toBeVisible();
  await expectAccessible(t.page, 'course form with errors (en, dark)');
  await form.getByLabel('Title').fill('Conversation club');
  await form.getByLabel(/Description/).fill('Speaking practice on everyday topics.');
  await form.getByLabel(/Class link/).fill('https://meet.jit.si/zabano-club');
  await form.getByRole('checkbox', { name: 'Monday' }).check();
  await form.getByRole('checkbox', { name: 'Wednesday' }).check();
  await form.getByLabel('Start time').fill('18:30');
  await form.getByRole('button', { name: 'Create course' }).click();
  const card = t.page.getByRole('article', { name: 'Conversation club' });
  await expect(card).toContainText('Active');
  await expect(card).toContainText('Monday');
  await expect(card).toContainText('18:30');

  // Deactivated, it disappears for students; active again, it is back.
  const s = await openAs(browser, request, student);
  await s.page.goto('/student/courses');
  const sCard = s.page.getByRole('article', { name: 'Conversation club' });
  await expect(sCard).toContainText(teacher.name);
  await expect(sCard).toContainText('دوشنبه');
  await expect(sCard).toContainText('۱۸:۳۰');
  await expect(sCard.getByRole('link', { name: /ورود به کلاس/ })).toHaveAttribute('href', 'https://meet.jit.si/zabano-club');
  await expectAccessible(s.page, 'student courses (fa, dark)');

  await card.getByRole('button', { name: 'Deactivate Conversation club' }).click();
  await expect(card).toContainText('Inactive');
  await s.page.reload();
  await expect(s.page.getByText('هنوز دوره‌ای برای شما نیست')).toBeVisible();
  await card.getByRole('button', { name: 'Activate Conversation club' }).click();
  await expect(card).toContainText('Active');

  await card.getByRole('button', { name: 'Edit Conversation club' }).click();
  const edit = t.page.getByRole('form', { name: 'Edit Conversation club' });
  await edit.getByLabel('Start time').fill('19:00');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(card).toContainText('19:00');
  await s.page.reload();
  await expect(s.page.getByRole('article', { name: 'Conversation club' })).toContainText('۱۹:۰۰');

  await card.getByRole('button', { name: 'Delete Conversation club' }).click();
  await card.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(t.page.getByText('You have not created any courses yet')).toBeVisible();
  await Promise.all([t.context.close(), s.context.close()]);
});
