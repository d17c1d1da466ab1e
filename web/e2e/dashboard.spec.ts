// The student's dashboard, booked teachers and the teacher's Students screen
// against the real binary: real figures after a class is done, study notes,
// the chat button, and a teacher changing their student's level.
import { expect as baseExpect, test, type Locator } from '@playwright/test';
import { expectAccessible, isolate, setPrefs } from './helpers';
import { advanceClock, bookClass, makeStudent, makeTeacher, markDone, openAs, serverNow, topUp } from './materials-fixtures';

// Long journeys on a machine shared by several test runs: room for slow moments.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });

/** figure is the value of the <dl> group labelled label. */
function figure(scope: Locator, label: string): Locator {
  return scope.locator('dl > div').filter({ has: scope.page().getByText(label, { exact: true }) }).locator('dd');
}

test('the dashboard counts a class once it is done; the teacher lists the student and sets their level', async ({ browser, request }) => {
  const teacher = await makeTeacher(request);
  const student = await makeStudent(request);
  await topUp(request, student, 300000);
  const first = await bookClass(request, teacher, student, 6);
  await bookClass(request, teacher, student, 30);

  const s = await openAs(browser, request, student);
  await s.page.goto('/student/dashboard');
  await expect(s.page.getByRole('heading', { level: 1, name: 'داشبورد' })).toBeVisible();
  await expect(s.page.getByRole('heading', { name: `خوش آمدید، ${isolate(student.first, 'fa')}!` })).toBeVisible();
  await expect(s.page.getByText(/^(صبح|ظهر|عصر) بخیر$/)).toBeVisible();
  const chart = s.page.getByRole('region', { name: 'روند یادگیری شما' });
  const sidebar = s.page.locator('aside').getByRole('region', { name: 'پیشرفت شما' });
  const stats = s.page.getByRole('region', { name: 'آمار یادگیری' });
  await expect(chart.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  await expect(chart).toContainText('هنوز تعیین نشده');
  await expect(figure(stats, 'کلاس‌های پیش رو')).toHaveText('۲');
  await expect(figure(stats, 'آزمون‌های قبول‌شده این ماه')).toHaveText('۰');
  await expect(figure(sidebar, 'درس')).toHaveText('۰');
  await expectAccessible(s.page, 'student dashboard (fa, dark)');

  // The class ends; the student marks it done through the API.
  await advanceClock(request, Math.ceil((first.end - (await serverNow(request))) / 1000) + 120);
  await markDone(request, student, first.id);
  await s.page.reload();
  await expect(chart.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
  await expect(figure(chart, 'درس')).toHaveText('۱');
  await expect(figure(chart, 'ساعت کلاس')).toHaveText('۱');
  await expect(chart.getByRole('img', { name: /کلاس‌های برگزارشده در ۸ هفتهٔ اخیر: ۱ کلاس/ })).toBeVisible();
  await expect(figure(sidebar, 'درس')).toHaveText('۱');
  await expect(sidebar.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
  await expect(figure(stats, 'کلاس‌های پیش رو')).toHaveText('۱');

  // The teacher's Students screen lists the student with real figures and sets the level.
  const t = await openAs(browser, request, teacher);
  await setPrefs(t.page, 'en', 'light');
  await t.page.goto('/teacher/students');
  await expect(t.page.getByRole('heading', { level: 1, name: 'Language learners' })).toBeVisible();
  const card = t.page.getByRole('article', { name: student.name });
  await expect(card).toContainText('100,000 Toman');
  await expect(card).toContainText('1 done of 2');
  await expect(card).toContainText('Active');
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
  await t.page.getByRole('searchbox', { name: 'Search' }).fill(student.phone.slice(0, 7));
  await expect(t.page.getByRole('article')).toHaveCount(1);
  await t.page.getByRole('searchbox', { name: 'Search' }).fill('nobody-like-this');
  await expect(t.page.getByText('No learners match your search.')).toBeVisible();
  await t.page.getByRole('searchbox', { name: 'Search' }).fill(student.last);
  await expectAccessible(t.page, 'teacher students (en, light)');
  await card.getByRole('button', { name: `Change the level of ${student.name}` }).click();
  const form = t.page.getByRole('form', { name: `Change the level of ${student.name}` });
  await form.getByLabel('New level').selectOption('B2');
  await form.getByLabel('Language').selectOption('English');
  await form.getByRole('button', { name: 'Save level' }).click();
  await expect(card).toContainText("The student's level was updated.");
  await expect(card).toContainText('B2');
  await t.page.getByLabel('Level', { exact: true }).selectOption('B2');
  await expect(t.page.getByRole('article')).toHaveCount(1);
  await t.page.getByLabel('Level', { exact: true }).selectOption('A1');
  await expect(t.page.getByRole('article')).toHaveCount(0);

  // The student's dashboard and sidebar show the level the teacher set.
  await s.page.reload();
  await expect(chart).toContainText('فوق متوسط');
  await expect(chart).toContainText('B2');
  await expect(sidebar).toContainText('فوق متوسط');
  await Promise.all([s.context.close(), t.context.close()]);
});

test('study notes on the dashboard, and the booked teachers with their chat', async ({ browser, request }) => {
  const teacher = await makeTeacher(request);
  const student = await makeStudent(request);
  await topUp(request, student, 200000);
  const booked = await bookClass(request, teacher, student, 5);

  const s = await openAs(browser, request, student);
  await setPrefs(s.page, 'en', 'light');
  await s.page.goto('/student/dashboard');
  const widget = s.page.getByRole('region', { name: 'Study notes' });
  await expect(widget).toContainText('You have no notes yet.');
  await widget.getByRole('link', { name: 'Write your first note' }).click();
  await expect(s.page).toHaveURL(/\/student\/notes\?tab=notes$/);
  await expect(s.page.getByRole('tab', { name: 'My notes' })).toHaveAttribute('aria-selected', 'true');
  for (const [title, content] of [
    ['Irregular verbs', 'go, went, gone'],
    ['Phrasal verbs', 'look up, give up'],
    ['Idioms', 'break the ice'],
  ]) {
    await s.page.getByRole('button', { name: 'New note' }).click();
    const form = s.page.getByRole('form', { name: 'New note' });
    await form.getByLabel('Title').fill(title!);
    await form.getByLabel(/^Note/).fill(content!);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(s.page.getByRole('article', { name: title })).toBeVisible();
  }
  await expectAccessible(s.page, 'my notes (en, light)');
  const [file] = await Promise.all([
    s.page.waitForEvent('download'),
    s.page.getByRole('button', { name: 'Download Idioms as a text file' }).click(),
  ]);
  expect(file.suggestedFilename()).toBe('Idioms.txt');

  await s.page.goto('/student/dashboard');
  await expect(widget.getByRole('heading', { level: 3 })).toHaveText(['Irregular verbs', 'Phrasal verbs']);
  const [download] = await Promise.all([
    s.page.waitForEvent('download'),
    widget.getByRole('button', { name: 'Download Phrasal verbs as a text file' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Phrasal verbs.txt');

  // My Booked Teachers, from the dashboard.
  await s.page.getByRole('link', { name: 'My booked teachers' }).click();
  await expect(s.page).toHaveURL(/\/student\/booked-teachers$/);
  await expect(s.page.getByRole('heading', { level: 1, name: 'My Booked Teachers' })).toBeVisible();
  const card = s.page.getByRole('article', { name: teacher.name });
  await expect(card).toContainText('Booked sessions: 1');
  await expect(card).toContainText('IELTS and conversation');
  await expect(card).not.toContainText('No upcoming session');
  await expect(card.getByRole('link', { name: `View sessions with ${isolate(teacher.name, 'en')}` })).toHaveAttribute(
    'href',
    `/student/booked-slots?teacher=${(await (await request.get('/api/profile/', { headers: { Authorization: `Bearer ${teacher.token}` } })).json()).id}`,
  );
  await expectAccessible(s.page, 'booked teachers (en, light)');
  await card.getByRole('button', { name: `Chat with ${isolate(teacher.name, 'en')}` }).click();
  await expect(s.page).toHaveURL(/\/student\/messages\?chat=\d+$/);
  expect(booked.id).toBeGreaterThan(0);
  await s.context.close();
});

test('a student with no classes is invited to find a teacher', async ({ browser, request }) => {
  const student = await makeStudent(request);
  const s = await openAs(browser, request, student, 390);
  await s.page.goto('/student/booked-teachers');
  await expect(s.page.getByText('هنوز کلاسی رزرو نکرده‌اید')).toBeVisible();
  await s.page.getByRole('link', { name: 'یافتن استاد' }).last().click();
  await expect(s.page).toHaveURL(/\/student\/find-teacher$/);
  await s.page.goto('/student/courses');
  await expect(s.page.getByText('هنوز دوره‌ای برای شما نیست')).toBeVisible();
  await expectAccessible(s.page, 'student courses empty (fa, 390)');
  await s.context.close();
});

test('settings: theme, language, time zone and a password change that keeps the session', async ({ browser, request }) => {
  const student = await makeStudent(request);
  const s = await openAs(browser, request, student);
  await s.page.goto('/student/dashboard');
  // From the keyboard: the menu also opens on hover, which can race a click on a busy machine.
  await s.page.locator('header button[aria-haspopup=menu]').focus();
  await s.page.keyboard.press('Enter');
  await s.page.getByRole('menuitem', { name: 'تنظیمات' }).click();
  await expect(s.page).toHaveURL(/\/student\/settings$/);
  await expect(s.page).toHaveTitle('تنظیمات - زبانو');
  await s.page.getByRole('radio', { name: 'روشن' }).check();
  await expect(s.page.locator('html')).toHaveClass(/light/);
  await s.page.getByRole('radio', { name: 'English' }).check();
  await expect(s.page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await s.page.getByRole('combobox', { name: 'Time zone' }).selectOption('Europe/Berlin');
  await expect(s.page.getByText('Time zone saved.')).toBeVisible();
  await expectAccessible(s.page, 'student settings (en, light)');

  // The progress figures are asked in the chosen zone.
  const asked = s.page.waitForRequest((r) => r.url().includes('/api/student/progress/'));
  await s.page.goto('/student/dashboard');
  expect(new URL((await asked).url()).searchParams.get('tz')).toBe('Europe/Berlin');

  await s.page.goto('/student/settings');
  await s.page.getByLabel('Current password').fill(student.password);
  await s.page.getByLabel('New password', { exact: true }).fill('brand-new-pass');
  await s.page.getByLabel('Confirm new password').fill('brand-new-pass');
  await s.page.getByRole('button', { name: 'Change password' }).click();
  await expect(s.page.getByRole('status').filter({ hasText: /password/i })).toBeVisible();
  // The session continues on the new token; the old one no longer works.
  await s.page.reload();
  await expect(s.page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  expect((await request.get('/api/profile/', { headers: { Authorization: `Bearer ${student.token}` } })).status()).toBe(401);
  const login = await request.post('/api/token/', { data: { username: student.username, password: 'brand-new-pass', role: 'student' } });
  expect(login.status()).toBe(200);
  await s.context.close();

  // A teacher saves their zone in the profile.
  const teacher = await makeTeacher(request);
  const t = await openAs(browser, request, teacher);
  await t.page.goto('/teacher/settings');
  const zone = t.page.getByRole('combobox', { name: 'منطقهٔ زمانی' });
  await expect(zone).toHaveValue('Asia/Tehran');
  await zone.selectOption('Asia/Dubai');
  await t.page.getByRole('button', { name: 'ذخیرهٔ منطقهٔ زمانی' }).click();
  await expect(t.page.getByText('منطقهٔ زمانی ذخیره شد.')).toBeVisible();
  const profile = await (await request.get('/api/teacher/profile/', { headers: { Authorization: `Bearer ${teacher.token}` } })).json();
  expect(profile.timezone).toBe('Asia/Dubai');
  await expectAccessible(t.page, 'teacher settings (fa, dark)');
  await t.context.close();
});
