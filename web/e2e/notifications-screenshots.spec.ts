// Screenshots of issue 17's screens for docs/screenshots/ (run with
// `npx playwright test --project=screenshots e2e/notifications-screenshots.spec.ts`;
// ZABANO_SHOTS_DIR writes them elsewhere): the teacher's notifications with
// the bell's count, the student's Settings (notification choices, quiet
// hours, email, calendar), a chat with an image, a PDF and a read receipt,
// the student's classes with "add to calendar", the email links' pages and
// the console's failed deliveries, in fa/dark and en/light, 390 and 1280 px.
import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import { setPrefs, signInViaApi } from './helpers';
import { looks, shoot, widths } from './screenshots';
import { advanceClock, bookClass, makeStudent, makeTeacher, serverNow, SMALL_PDF, topUp, type Person } from './materials-fixtures';
import { chatBetween, noQuietHours, pngImage, say } from './notifications-fixtures';
import { createOperator, onReviewServer, openAsOperator, type Operator } from './admin-fixtures';

const expect = baseExpect.configure({ timeout: 20_000 });
const HOUR = 3_600_000;

test.describe.configure({ mode: 'serial', timeout: 300_000 });
test.use({ timezoneId: 'Asia/Tehran' });

let teacher: Person & { levelPrice: number };
let student: Person;
let chatId = 0;

const bearer = (p: Person) => ({ Authorization: `Bearer ${p.token}` });

async function send(request: APIRequestContext, p: Person, multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>) {
  const res = await request.post('/api/messages/send/', { headers: bearer(p), multipart: { chat_id: String(chatId), ...multipart } });
  expect(res.status(), await res.text()).toBe(201);
}

test.describe('member screens', () => {
  test.beforeAll(async ({ request }) => {
    test.setTimeout(240_000);
    teacher = await makeTeacher(request, { first: 'Elena', last: 'Rossi' });
    student = await makeStudent(request, { first: 'سارا', last: 'محمدی' });
    await topUp(request, student, 600_000);
    await noQuietHours(request, teacher);
    await noQuietHours(request, student);
    // Two classes: one a day ahead, whose reminder comes due, and one later.
    const soon = await bookClass(request, teacher, student, 24);
    await bookClass(request, teacher, student, 50);
    const toDue = soon.start - 24 * HOUR - (await serverNow(request));
    await advanceClock(request, Math.max(0, Math.ceil(toDue / 1000)) + 5);
    await expect
      .poll(async () => ((await (await request.get('/api/notifications/', { headers: bearer(teacher) })).json()) as { results: unknown[] }).results.length, {
        timeout: 30_000,
      })
      .toBe(3);
    // The oldest is read.
    const list = ((await (await request.get('/api/notifications/', { headers: bearer(teacher) })).json()) as { results: Array<{ id: number }> }).results;
    await request.post(`/api/notifications/${list.at(-1)!.id}/read/`, { headers: bearer(teacher) });

    // A chat with words, an image and a PDF; the teacher has read the student's first messages.
    chatId = await chatBetween(request, student, teacher);
    await say(request, student, chatId, 'سلام استاد، تمرین‌های این هفته را فرستادم.');
    await send(request, student, { content: 'Here is my worksheet for this week.', file: { name: 'worksheet.pdf', mimeType: 'application/pdf', buffer: SMALL_PDF } });
    await request.post(`/api/chats/${chatId}/read/`, { headers: bearer(teacher) });
    await send(request, teacher, { content: 'عالی! این هم تخته‌ی کلاس امروز:', file: { name: 'board.png', mimeType: 'image/png', buffer: pngImage(480, 300) } });
    await say(request, student, chatId, 'ممنون، دیدم.');
  });

  for (const [lang, theme] of looks) {
    for (const width of widths) {
      const suffix = `${lang}-${theme}-${width}`;
      test(`issue 17 screens ${suffix}`, async ({ browser, request }) => {
        const height = width < 600 ? 844 : 800;
        const tc = await browser.newContext({ viewport: { width, height } });
        const tp = await tc.newPage();
        await setPrefs(tp, lang, theme);
        await signInViaApi(tc, request, teacher);
        await tp.goto('/teacher/notifications');
        await expect(tp.getByRole('list', { name: lang === 'fa' ? 'اعلان‌ها' : 'Notifications' }).getByRole('link')).toHaveCount(3);
        await shoot(tp, `notifications-${suffix}`);
        await tc.close();

        const sc = await browser.newContext({ viewport: { width, height } });
        const sp = await sc.newPage();
        await setPrefs(sp, lang, theme);
        await signInViaApi(sc, request, student);
        await sp.goto('/student/settings');
        await expect(sp.getByRole('switch').first()).toBeVisible();
        await expect(sp.getByRole('textbox', { name: lang === 'fa' ? 'نشانی تقویم شما' : 'Your calendar address' })).toHaveValue(/\.ics$/);
        await shoot(sp, `settings-notifications-${suffix}`);

        await sp.goto(`/student/messages?chat=${chatId}`);
        const img = sp.getByRole('log').getByRole('img', { name: 'board.png' });
        await expect(img).toBeVisible();
        await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
        await expect(sp.getByRole('log').getByText(lang === 'fa' ? 'خوانده شد' : 'Read')).toBeVisible();
        await shoot(sp, `messages-attachments-${suffix}`, false);

        await sp.goto('/student/booked-slots');
        await expect(sp.getByRole('button', { name: lang === 'fa' ? 'افزودن به تقویم' : 'Add to calendar' }).first()).toBeVisible();
        await shoot(sp, `classes-add-to-calendar-${suffix}`);
        await sc.close();

        const pc = await browser.newContext({ viewport: { width, height } });
        const pp = await pc.newPage();
        await setPrefs(pp, lang, theme);
        await pp.goto('/verify-email?token=expired');
        await expect(pp.getByRole('alert')).toBeVisible();
        await shoot(pp, `verify-email-failed-${suffix}`);
        await pp.goto('/unsubscribe?token=tampered');
        await expect(pp.getByRole('alert')).toBeVisible();
        await shoot(pp, `unsubscribe-failed-${suffix}`);
        await pc.close();
      });
    }
  }
});

test.describe('the console', () => {
  test.use(onReviewServer);

  // An operator per look: each sign-in texts a code, and a phone gets 3 in 10 minutes.
  for (const [lang, theme] of looks) {
    test(`failed deliveries ${lang}-${theme}`, async ({ browser, request }) => {
      const op: Operator = createOperator();
      for (const width of widths) {
        const { context, page } = await openAsOperator(browser, request, op, width);
        await setPrefs(page, lang, theme);
        await page.goto('/admin/deliveries');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('status')).toHaveCount(0);
        await shoot(page, `admin-deliveries-${lang}-${theme}-${width}`);
        await context.close();
      }
    });
  }
});
