// Issue 17's journeys in the browser, against the real binary: the bell rising
// live, the notifications pages after the dev clock moves, SMS choices at send
// time, read receipts and attachments in the chat, Settings' notification
// choices and calendar address, "add to calendar", and axe on each new screen.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expectAccessible, setPrefs } from './helpers';
import { advanceClock, bookClass, makeStudent, makeTeacher, openAs, serverNow, topUp } from './materials-fixtures';
import { createOperator, onReviewServer, openAsOperator } from './admin-fixtures';
import { chatBetween, mailTo, noQuietHours, pngImage, prefsOf, say, smsTo } from './notifications-fixtures';

// Two browsers, the server's worker and other journeys share a small machine.
const expect = baseExpect.configure({ timeout: 20_000 });
test.setTimeout(180_000);

const HOUR = 3_600_000;

const bellOf = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^(اعلان‌ها|Notifications)/ });

test('the bell and the event stream come after the dashboard’s first reads', async ({ browser, request }) => {
  const student = await makeStudent(request);
  const s = await openAs(browser, request, student);
  try {
    const opened = s.page.waitForResponse((r) => r.url().includes('/api/events/'));
    await s.page.goto('/student/dashboard');
    await expect(s.page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(s.page.getByRole('link', { name: 'اعلان‌ها' })).toBeVisible();
    await opened;
  } finally {
    await s.context.close();
  }
});

test('a teacher’s bell count rises live when a student books', async ({ browser, request }) => {
  const teacher = await makeTeacher(request);
  const student = await makeStudent(request);
  await topUp(request, student, 300_000);
  const t = await openAs(browser, request, teacher);
  try {
    const opened = t.page.waitForResponse((r) => r.url().includes('/api/events/'));
    await t.page.goto('/teacher/booked-slots');
    const bell = bellOf(t.page);
    await expect(bell).toHaveAccessibleName('اعلان‌ها');
    await expect(bell).toHaveAttribute('data-unread', '0');
    await opened;
    const reloads: string[] = [];
    t.page.on('framenavigated', (f) => f === t.page.mainFrame() && reloads.push(f.url()));

    await bookClass(request, teacher, student, 30);
    // Well within the 30 s the bell would take to poll: the stream brought it.
    await expect(bell).toHaveAccessibleName('اعلان‌ها: ۱ خوانده‌نشده', { timeout: 10_000 });
    await expect(bell).toHaveText('۱');
    expect(reloads).toEqual([]);

    await bell.click();
    await expect(t.page).toHaveURL(/\/teacher\/notifications$/);
    const item = t.page.getByRole('list', { name: 'اعلان‌ها' }).getByRole('link').first();
    await expect(item).toContainText('کلاس تازه رزرو شد');
    await expect(item).toContainText(student.first);
    await item.click();
    await expect(t.page).toHaveURL(/\/teacher\/booked-slots$/);
    await expect(bell).toHaveAccessibleName('اعلان‌ها');
  } finally {
    await t.context.close();
  }
});

test('the notifications pages list the booking, then the reminder once the dev clock passes its time', async ({ browser, request }) => {
  // A student hears of their top-up and their reminders; the booking goes to the teacher.
  const teacher = await makeTeacher(request);
  const student = await makeStudent(request);
  await topUp(request, student, 300_000);
  // A class a little over a day ahead: its 24-hour reminder is due within the hour.
  const booked = await bookClass(request, teacher, student, 24);
  const s = await openAs(browser, request, student);
  const t = await openAs(browser, request, teacher);
  try {
    const due = booked.start - 24 * HOUR;
    await s.page.goto('/student/notifications');
    const sList = s.page.getByRole('list', { name: 'اعلان‌ها' });
    // The wallet's top-up is there already; the reminder not while it is not due
    // (journeys running alongside move the server's clock too).
    await expect(sList.getByRole('link', { name: /کیف پول شارژ شد/ })).toBeVisible();
    if ((await serverNow(request)) < due - 60_000) await expect(sList.getByRole('link', { name: /کلاس فردا/ })).toHaveCount(0);

    await setPrefs(t.page, 'en', 'light');
    await t.page.goto('/teacher/notifications');
    const tList = t.page.getByRole('list', { name: 'Notifications' });
    await expect(tList.getByRole('link').last()).toContainText('New class booked');

    await advanceClock(request, Math.max(0, Math.ceil((due - (await serverNow(request))) / 1000)) + 5);

    // The student's open page gets it live, in Persian, linking to their classes.
    const reminder = sList.getByRole('link', { name: /کلاس فردا/ });
    await expect(reminder).toBeVisible({ timeout: 30_000 });
    await expect(reminder).toContainText(teacher.first);
    await expect(reminder).toHaveAttribute('href', '/student/booked-slots');
    await expect(bellOf(s.page)).toHaveAccessibleName('اعلان‌ها: ۲ خوانده‌نشده');
    await expectAccessible(s.page, 'notifications (fa, dark)');

    // The teacher's: newest first, the reminder above the booking, in English.
    await expect(tList.getByRole('link')).toHaveCount(2, { timeout: 30_000 });
    await expect(tList.getByRole('link').nth(0)).toContainText('Class tomorrow');
    await expect(tList.getByRole('link').nth(1)).toContainText('New class booked');
    await t.page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(t.page.getByText('You have read every notification.')).toBeVisible();
    await expect(bellOf(t.page)).toHaveAccessibleName('Notifications');
    await expectAccessible(t.page, 'notifications (en, light)');
  } finally {
    await s.context.close();
    await t.context.close();
  }
});

test('turning SMS off for the 24-hour reminder stops it in the dev SMS outbox; the other side still gets theirs', async ({ browser, request }) => {
  const teacher = await makeTeacher(request);
  const student = await makeStudent(request);
  await topUp(request, student, 300_000);
  await noQuietHours(request, teacher);
  const s = await openAs(browser, request, student);
  try {
    await s.page.goto('/student/settings');
    const table = s.page.getByRole('table', { name: 'اعلان‌ها با پیامک و ایمیل' });
    const sms = table.getByRole('switch', { name: 'پیامک: یادآوری ۲۴ ساعت پیش از کلاس' });
    await expect(sms).toBeChecked();
    const saved = s.page.waitForResponse((r) => r.url().includes('/api/notifications/preferences/') && r.request().method() === 'PUT' && r.ok());
    await sms.click();
    await saved;
    await expect(sms).not.toBeChecked();
    // Quiet hours off, from the same screen, so the hour of the run does not matter.
    await s.page.getByRole('combobox', { name: 'از ساعت' }).selectOption('00:00');
    await s.page.getByRole('combobox', { name: 'تا ساعت' }).selectOption('00:00');
    await expect(s.page.getByText('آغاز و پایان یکسان است: ساعت سکوتی در کار نیست.')).toBeVisible();
    await s.page.getByRole('button', { name: 'ذخیرهٔ ساعت‌های سکوت' }).click();
    await expect(s.page.getByText('ساعت‌های سکوت ذخیره شد.')).toBeVisible();
    // Saved on the server, and shown so after a reload.
    const prefs = await prefsOf(request, student);
    expect(prefs.channels.reminder_24h).toEqual({ sms: false, email: true });
    expect([prefs.quiet_start, prefs.quiet_end]).toEqual(['00:00', '00:00']);
    await s.page.reload();
    await expect(table.getByRole('switch', { name: 'پیامک: یادآوری ۲۴ ساعت پیش از کلاس' })).not.toBeChecked();

    const booked = await bookClass(request, teacher, student, 24);
    const toDue = booked.start - 24 * HOUR - (await serverNow(request));
    await advanceClock(request, Math.max(0, Math.ceil(toDue / 1000)) + 5);

    // The teacher's reminder is texted; by then the student's was decided too.
    await expect.poll(async () => (await smsTo(request, teacher.phone)).some((m) => m.kind === 'reminder_24h'), { timeout: 30_000 }).toBe(true);
    await s.page.goto('/student/notifications');
    await expect(s.page.getByRole('list', { name: 'اعلان‌ها' }).getByRole('link', { name: /کلاس فردا/ })).toBeVisible();
    await s.page.waitForTimeout(2000);
    expect((await smsTo(request, student.phone)).filter((m) => m.kind === 'reminder_24h')).toEqual([]);
  } finally {
    await s.context.close();
  }
});

test('a message shows “read” on the sender’s side when the other side opens the chat', async ({ browser, request }) => {
  const teacher = await makeTeacher(request);
  const student = await makeStudent(request);
  const chatId = await chatBetween(request, student, teacher);
  const s = await openAs(browser, request, student);
  const t = await openAs(browser, request, teacher);
  try {
    await s.page.goto(`/student/messages?chat=${chatId}`);
    const field = s.page.getByLabel('پیام', { exact: true });
    const text = `سلام استاد، کلاس فردا ساعت ۵ است؟ ${Date.now()}`;
    await field.fill(text);
    await field.press('Enter');
    const log = s.page.getByRole('log');
    const mine = log.getByRole('listitem').filter({ hasText: text });
    await expect(mine).toBeVisible();
    await expect(log.locator('li[aria-busy="true"]')).toHaveCount(0);
    await expect(log.getByText('خوانده شد')).toHaveCount(0);

    await t.page.goto(`/teacher/messages?chat=${chatId}`);
    await expect(t.page.getByRole('log').getByText(text)).toBeVisible();
    // The teacher's reading reaches the student's open chat: no reload.
    await expect(mine.getByText('خوانده شد')).toBeVisible({ timeout: 10_000 });
    await expect(log.getByText('خوانده شد')).toHaveCount(1);

    // A later message moves it; the teacher's reply is not theirs to mark.
    await say(request, student, chatId, 'و یک سؤال دیگر');
    await expect(t.page.getByRole('log').getByText('و یک سؤال دیگر')).toBeVisible();
    await expect(log.getByRole('listitem').filter({ hasText: 'و یک سؤال دیگر' }).getByText('خوانده شد')).toBeVisible();
    await expect(log.getByText('خوانده شد')).toHaveCount(1);
    await expectAccessible(s.page, 'messages with a read receipt (fa, dark)');
  } finally {
    await s.context.close();
    await t.context.close();
  }
});

test('an image sent in a chat is shown to the other side; a file of another type is refused at once', async ({ browser, request }) => {
  const teacher = await makeTeacher(request);
  const student = await makeStudent(request);
  const chatId = await chatBetween(request, student, teacher);
  const s = await openAs(browser, request, student);
  const t = await openAs(browser, request, teacher);
  try {
    await setPrefs(t.page, 'en', 'light');
    await t.page.goto(`/teacher/messages?chat=${chatId}`);
    await expect(t.page.getByRole('log')).toBeVisible();

    await s.page.goto(`/student/messages?chat=${chatId}`);
    const attach = s.page.getByRole('button', { name: 'پیوست تصویر یا PDF' });
    let chooser = s.page.waitForEvent('filechooser');
    await attach.click();
    await (await chooser).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await expect(s.page.getByRole('alert')).toHaveText('فقط تصویر (JPEG، PNG، WebP، GIF) یا PDF می‌توان فرستاد.');

    chooser = s.page.waitForEvent('filechooser');
    await attach.click();
    await (await chooser).setFiles({ name: 'board.png', mimeType: 'image/png', buffer: pngImage() });
    await expect(s.page.getByText('board.png')).toBeVisible();
    await s.page.getByLabel('پیام', { exact: true }).fill('تمرین امروز');
    await s.page.getByRole('button', { name: 'ارسال' }).click();
    await expect(s.page.getByRole('log').getByRole('img', { name: 'board.png' })).toBeVisible();

    // The teacher's open chat shows it live, loaded through its signed link.
    const img = t.page.getByRole('log').getByRole('img', { name: 'board.png' });
    await expect(img).toBeVisible({ timeout: 10_000 });
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(320);
    await expect(t.page.getByRole('log').getByText('تمرین امروز')).toBeVisible();
    // The link works for the chat's side it was signed for, without a token.
    const src = (await img.getAttribute('src'))!;
    const res = await request.get(src);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
    await expectAccessible(t.page, 'messages with an image (en, light)');
  } finally {
    await s.context.close();
    await t.context.close();
  }
});

test('Settings: the calendar address is copied, fed to a calendar, and replaced (the old one stops)', async ({ browser, request }) => {
  const student = await makeStudent(request);
  const s = await openAs(browser, request, student);
  try {
    await s.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await s.page.goto('/student/settings');
    const section = s.page.getByRole('region', { name: 'تقویم' });
    const field = section.getByRole('textbox', { name: 'نشانی تقویم شما' });
    await expect(field).toHaveValue(/\/api\/calendar\/[^/]+\.ics$/);
    const first = await field.inputValue();
    const feed = await request.get(first);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toContain('text/calendar');
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');

    await section.getByRole('button', { name: 'رونوشت' }).click();
    await expect(section.getByRole('button', { name: 'رونوشت شد' })).toBeVisible();
    expect(await s.page.evaluate(() => navigator.clipboard.readText())).toBe(first);

    await section.getByRole('button', { name: 'ساختن نشانی تازه' }).click();
    const dialog = s.page.getByRole('alertdialog', { name: 'نشانی تقویم عوض شود؟' });
    await expectAccessible(s.page, 'calendar reset dialog (fa, dark)');
    await dialog.getByRole('button', { name: 'ساختن نشانی تازه' }).click();
    await expect(dialog).toBeHidden();
    await expect(section.getByText('نشانی تازه ساخته شد؛ نشانی قبلی دیگر کار نمی‌کند.')).toBeVisible();
    await expect(field).not.toHaveValue(first);
    const second = await field.inputValue();
    expect((await request.get(first)).status()).toBe(404);
    expect((await request.get(second)).status()).toBe(200);
    await expectAccessible(s.page, 'settings (fa, dark)');

    await setPrefs(s.page, 'en', 'light');
    await expect(s.page.getByRole('table', { name: 'Notifications by SMS and email' })).toBeVisible();
    await expectAccessible(s.page, 'settings (en, light)');
  } finally {
    await s.context.close();
  }
});

test('“add to calendar” saves a class as an .ics file, on the student’s card and the teacher’s row', async ({ browser, request }) => {
  const teacher = await makeTeacher(request);
  const student = await makeStudent(request);
  await topUp(request, student, 300_000);
  const booked = await bookClass(request, teacher, student, 30);
  for (const [who, path] of [
    [student, '/student/booked-slots'],
    [teacher, '/teacher/booked-slots'],
  ] as const) {
    const { context, page } = await openAs(browser, request, who);
    try {
      await page.goto(path);
      const button =
        who === student
          ? page.getByRole('article').getByRole('button', { name: 'افزودن به تقویم' })
          : page.getByRole('tabpanel').getByRole('button', { name: /^افزودن کلاس .* به تقویم$/ });
      const download = page.waitForEvent('download');
      await button.click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`zabano-class-${booked.id}.ics`);
      const text = readFileSync((await file.path())!, 'utf8');
      expect(text).toContain('BEGIN:VEVENT');
      expect(text).toContain(`${new Date(booked.start).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`);
    } finally {
      await context.close();
    }
  }
});

test('a teacher verifies their email from Settings, and an email’s unsubscribe link turns that kind off without signing in', async ({ browser, request }) => {
  const teacher = await makeTeacher(request);
  const student = await makeStudent(request);
  await topUp(request, student, 300_000);
  await noQuietHours(request, teacher);
  const email = `${teacher.username}@example.com`;
  const res = await request.post('/api/teacher/profile/', { headers: { Authorization: `Bearer ${teacher.token}` }, multipart: { email } });
  expect(res.status(), await res.text()).toBe(200);
  const t = await openAs(browser, request, teacher);
  try {
    await t.page.goto('/teacher/settings');
    const section = t.page.getByRole('region', { name: 'ایمیل' });
    await expect(section.getByText(email)).toBeVisible();
    await expect(section.getByText('تأییدنشده', { exact: true })).toBeVisible();
    await section.getByRole('button', { name: 'فرستادن پیوند تأیید' }).click();
    await expect(section.getByRole('status')).toBeVisible();

    let link = '';
    await expect
      .poll(async () => {
        const m = (await mailTo(request, email)).map((x) => /https?:\/\/\S+\/verify-email\?token=[^\s"<]+/.exec(x.text)?.[0]).find(Boolean);
        link = m ?? '';
        return link;
      })
      .not.toBe('');
    const url = new URL(link);
    await t.page.goto(`${url.pathname}${url.search}`);
    await expect(t.page.getByRole('heading', { level: 1, name: 'ایمیل شما تأیید شد' })).toBeVisible();
    await expect(t.page.getByRole('status')).toContainText(email);
    await expectAccessible(t.page, '/verify-email done (fa, dark)');
    await t.page.getByRole('link', { name: 'رفتن به تنظیمات' }).click();
    await expect(t.page.getByRole('region', { name: 'ایمیل' }).getByText('تأییدشده', { exact: true })).toBeVisible();

    // A booking's email carries its unsubscribe link; the page needs no sign-in.
    await bookClass(request, teacher, student, 30);
    let unsubscribe = '';
    await expect
      .poll(async () => {
        unsubscribe = (await mailTo(request, email)).find((x) => x.unsubscribe !== '')?.unsubscribe ?? '';
        return unsubscribe;
      }, { timeout: 30_000 })
      .not.toBe('');
    expect((await prefsOf(request, teacher)).channels.class_booked!.email).toBe(true);
    const guest = await browser.newContext();
    const page = await guest.newPage();
    await setPrefs(page, 'en', 'light');
    const u = new URL(unsubscribe);
    await page.goto(`${u.pathname}${u.search}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribed' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText('New class booked');
    await expectAccessible(page, '/unsubscribe done (en, light)');
    await guest.close();
    expect((await prefsOf(request, teacher)).channels.class_booked!.email).toBe(false);
  } finally {
    await t.context.close();
  }
});

test('the email links’ pages say what went wrong with a bad link, accessibly', async ({ page }) => {
  for (const [lang, theme] of [
    ['fa', 'dark'],
    ['en', 'light'],
  ] as const) {
    await setPrefs(page, lang, theme);
    await page.goto('/verify-email?token=not-a-token');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang === 'fa' ? 'تأیید ایمیل ممکن نشد' : 'Could not verify your email');
    await expect(page.getByRole('alert')).toBeVisible();
    await expectAccessible(page, `/verify-email (${lang}, ${theme})`);
    await page.goto('/unsubscribe?token=not-a-token');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang === 'fa' ? 'لغو اشتراک ممکن نشد' : 'Could not unsubscribe');
    await expect(page.getByRole('alert')).toBeVisible();
    await expectAccessible(page, `/unsubscribe (${lang}, ${theme})`);
  }
});

test.describe('the console', () => {
  test.use(onReviewServer);

  test('lists the failed deliveries, accessibly', async ({ browser, request }) => {
    const { context, page } = await openAsOperator(browser, request, createOperator());
    try {
      await page.goto('/admin/overview');
      await page.getByRole('navigation', { name: 'منوی اصلی' }).getByRole('link', { name: 'ارسال‌های ناموفق' }).click();
      await expect(page).toHaveURL(/\/admin\/deliveries$/);
      await expect(page.getByRole('heading', { level: 1, name: 'ارسال‌های ناموفق' })).toBeVisible();
      await expect(page.getByText('ارسال ناموفقی نیست.').or(page.getByTestId('admin-delivery').first())).toBeVisible();
      // No bell for an operator: notifications are the members'.
      await expect(bellOf(page)).toHaveCount(0);
      await expectAccessible(page, '/admin/deliveries (fa, dark)');
    } finally {
      await context.close();
    }
  });
});
