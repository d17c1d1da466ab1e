// Messages between a student and a teacher, live: two browser contexts, one
// per person, against the real binary.
import { expect as baseExpect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible, isolate, registerViaApi, signInViaApi, uniqueName, type Account } from './helpers';

// Two browsers, the server and other people's work share a two-core machine:
// a screen's first load can take a while.
const expect = baseExpect.configure({ timeout: 30_000 });

type Person = Account & { name: string; token: string };

async function tokenOf(request: APIRequestContext, a: Account): Promise<string> {
  const res = await request.post('/api/token/', { data: { username: a.username, password: a.password, role: a.role } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { access: string }).access;
}

/** teacher opens a teacher account that students can find (it offers a level). */
async function makeTeacher(request: APIRequestContext): Promise<Person> {
  const a = await registerViaApi(request, 'teacher');
  const token = await tokenOf(request, a);
  const last = uniqueName('K');
  const res = await request.post('/api/teacher/profile/', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      first_name: 'نیما',
      last_name: last,
      bio: 'English teacher',
      language_levels: JSON.stringify([{ language: 'English', levels: ['B1'], regular_price: 250000, exam_price: 300000 }]),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { ...a, token, name: `نیما ${last}` };
}

async function makeStudent(request: APIRequestContext): Promise<Person> {
  const a = await registerViaApi(request, 'student');
  const token = await tokenOf(request, a);
  const last = uniqueName('A');
  const res = await request.post('/api/student/profile/', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { first_name: 'Sara', last_name: last },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { ...a, token, name: `Sara ${last}` };
}

async function openAs(browser: Browser, request: APIRequestContext, p: Person, width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  await signInViaApi(context, request, p);
  const page = await context.newPage();
  return { context, page };
}

/** startChat: the student opens the chat with the teacher from the new-chat dialog. */
async function startChat(page: Page, teacher: Person): Promise<number> {
  await page.goto('/student/messages');
  await page.getByRole('button', { name: 'گفت‌وگوی تازه' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'گفت‌وگو با یک استاد' });
  await dialog.getByLabel('جست‌وجو').fill(teacher.name.split(' ')[1]!);
  await dialog.getByRole('button', { name: `گفت‌وگو با ${isolate(teacher.name, 'fa')}` }).click();
  await expect(page).toHaveURL(/\?chat=\d+$/);
  await expect(dialog).toBeHidden();
  return Number(new URL(page.url()).searchParams.get('chat'));
}

/** appearsAt resolves with the browser's clock (ms since the epoch) when text
 * shows in page's open conversation. */
function appearsAt(page: Page, text: string): Promise<number> {
  return page.evaluate(
    (t) =>
      new Promise<number>((resolve) => {
        const check = () => {
          const log = document.querySelector('[role="log"]');
          if (log?.textContent?.includes(t)) {
            resolve(Date.now());
            return true;
          }
          return false;
        };
        if (check()) return;
        const mo = new MutationObserver(() => check() && mo.disconnect());
        mo.observe(document.body, { subtree: true, childList: true, characterData: true });
      }),
    text,
  );
}

async function send(page: Page, text: string): Promise<void> {
  const field = page.getByLabel('پیام', { exact: true });
  await field.fill(text);
  await field.press('Enter');
}

/** latency sends text from one page and returns how long after the Enter key
 * reached the sender's page the text showed in the other's conversation
 * (both read the same system clock). */
async function latency(from: Page, to: Page, text: string): Promise<number> {
  const field = from.getByLabel('پیام', { exact: true });
  await field.fill(text);
  await field.evaluate((el) => {
    el.addEventListener('keydown', (e) => {
      if ((e as KeyboardEvent).key === 'Enter') (window as unknown as { __enterAt: number }).__enterAt = Date.now();
    }, { once: true, capture: true });
  });
  const shown = appearsAt(to, text);
  await field.press('Enter');
  const at = await shown;
  // The sender's copy is saved before the next message (one send at a time).
  await expect(from.getByRole('log').locator('li[aria-busy="true"]')).toHaveCount(0);
  return at - (await from.evaluate(() => (window as unknown as { __enterAt: number }).__enterAt));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

test('a message typed by one appears on the other’s open conversation in under a second, both ways', async ({ browser, request }) => {
  const teacher = await makeTeacher(request);
  const student = await makeStudent(request);
  const s = await openAs(browser, request, student);
  const t = await openAs(browser, request, teacher);
  try {
    const chatId = await startChat(s.page, teacher);

    await t.page.goto(`/teacher/messages?chat=${chatId}`);
    const tLog = t.page.getByRole('log', { name: `پیام‌ها با ${isolate(student.name, 'fa')}` });
    await expect(tLog).toBeVisible();
    await expect(tLog.getByText('هنوز پیامی نیست. سلام کنید!')).toBeVisible();
    // Both streams are up: no "reconnecting" notice on either side.
    await expect(t.page.getByText('در حال اتصال…')).toHaveCount(0);
    await expect(s.page.getByText('در حال اتصال…')).toHaveCount(0);

    // Three messages each way, timed from the Enter key in the sender's page
    // to the text in the other's conversation; the figures are logged. The
    // median must be under a second; single stalls of a shared two-core
    // machine are allowed up to the 3 s a poll would take. No page may have
    // polled meanwhile, so every message came through the stream.
    const polls: string[] = [];
    for (const p of [s.page, t.page]) {
      p.on('request', (r) => {
        if (/\/api\/chats\/\d+\/messages\//.test(r.url())) polls.push(r.url());
      });
    }
    // The first message each way is timed but not judged: it is also the
    // first bubble either page draws (a starved machine took 2 to 3.5 s).
    const first = `سلام استاد! Class at 5pm? ${Date.now()}`;
    const warmUp = [
      await latency(s.page, t.page, first),
      await latency(t.page, s.page, `Yes — see https://example.com/class ${Date.now()}`),
    ];
    const toTeacher: number[] = [];
    const toStudent: number[] = [];
    for (let i = 1; i <= 3; i++) {
      toTeacher.push(await latency(s.page, t.page, `student ${i} ${Date.now()}`));
      toStudent.push(await latency(t.page, s.page, `teacher ${i} ${Date.now()}`));
    }
    const all = [...toTeacher, ...toStudent];
    console.log(
      `push latency: first messages ${warmUp.join(', ')} ms; then student → teacher ${toTeacher.join(', ')} ms; teacher → student ${toStudent.join(', ')} ms; median ${median(all)} ms`,
    );
    test.info().annotations.push({ type: 'push latency (ms)', description: `median ${median(all)}, max ${Math.max(...all)}` });
    expect(polls).toEqual([]);
    expect(median(all)).toBeLessThan(1000);
    expect(Math.max(...all)).toBeLessThan(3000);

    // The sender's own copy is saved (no longer dimmed) and shown once.
    await expect(s.page.getByRole('log').getByText(first)).toHaveCount(1);
    await expect(s.page.getByRole('log').locator('li[aria-busy="true"]')).toHaveCount(0);
    const link = s.page.getByRole('log').getByRole('link', { name: 'https://example.com/class' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // Mixed Persian and English text takes its direction from its own letters.
    await expect(s.page.getByRole('log').locator('p[dir="auto"]', { hasText: first })).toHaveCount(1);

    // Shift+Enter breaks the line; the message keeps it.
    const field = s.page.getByLabel('پیام', { exact: true });
    await field.fill('line one');
    await field.press('Shift+Enter');
    await field.pressSequentially('line two');
    await expect(field).toHaveValue('line one\nline two');
    await field.press('Enter');
    await expect(t.page.getByRole('log').locator('p', { hasText: 'line one' })).toHaveJSProperty('textContent', 'line one\nline two');

    await expectAccessible(s.page, 'student messages (fa, dark)');
    await expectAccessible(t.page, 'teacher messages (fa, dark)');
  } finally {
    await s.context.close();
    await t.context.close();
  }
});

test('a message sent while the other’s stream is cut is shown once it reconnects, resuming from the last event', async ({ browser, request }) => {
  const teacher = await makeTeacher(request);
  const student = await makeStudent(request);
  const s = await openAs(browser, request, student);
  const t = await openAs(browser, request, teacher);
  try {
    const chatId = await startChat(s.page, teacher);
    // The stream opens after the screen's first reads: the message before
    // the cut must come by it, for the stream to have an event to resume from.
    const opened = t.page.waitForResponse((r) => r.url().includes('/api/events/'));
    await t.page.goto(`/teacher/messages?chat=${chatId}`);
    await opened;
    const tLog = t.page.getByRole('log');
    const before = `before the cut ${Date.now()}`;
    await send(s.page, before);
    await expect(tLog.getByText(before)).toBeVisible();

    const resumed: Array<string | undefined> = [];
    t.page.on('request', (r) => {
      if (r.url().includes('/api/events/')) resumed.push(r.headers()['last-event-id']);
    });

    await t.context.setOffline(true);
    await expect(t.page.getByText('در حال اتصال…')).toBeVisible();
    const during = `sent during the cut ${Date.now()}`;
    await send(s.page, during);
    await expect(s.page.getByRole('log').getByText(during)).toBeVisible();
    await t.page.waitForTimeout(1500);
    await expect(tLog.getByText(during)).toHaveCount(0);

    await t.context.setOffline(false);
    await expect(tLog.getByText(during)).toBeVisible({ timeout: 5000 });
    await expect(t.page.getByText('در حال اتصال…')).toHaveCount(0);
    // The new stream asked for what came after the last event it had seen.
    expect(resumed.length).toBeGreaterThan(0);
    expect(resumed.at(-1)).toMatch(/^\d+$/);
  } finally {
    await s.context.close();
    await t.context.close();
  }
});

test('the unread badge appears in the sidebar and clears when the chat is opened', async ({ browser, request }) => {
  const teacher = await makeTeacher(request);
  const student = await makeStudent(request);
  const s = await openAs(browser, request, student);
  const t = await openAs(browser, request, teacher);
  try {
    await startChat(s.page, teacher);
    await t.page.goto('/teacher/availability');
    const nav = t.page.getByRole('navigation', { name: 'منوی اصلی' });
    const messagesLink = nav.getByRole('link', { name: /پیام‌ها/ });
    await expect(messagesLink.getByTestId('unread-badge')).toHaveCount(0);

    await send(s.page, `first ${Date.now()}`);
    await expect(messagesLink.getByTestId('unread-badge')).toHaveText('۱پیام‌های خوانده‌نشده: ۱');
    await send(s.page, `second ${Date.now()}`);
    await expect(messagesLink.getByTestId('unread-badge')).toContainText('۲');

    await messagesLink.click();
    const list = t.page.getByRole('list', { name: 'گفت‌وگوهای شما' });
    const item = list.getByRole('link', { name: new RegExp(student.name) });
    await expect(item).toContainText('پیام‌های خوانده‌نشده: ۲');
    await item.click();
    await expect(t.page.getByRole('log').getByText(/^second/)).toBeVisible();
    await expect(messagesLink.getByTestId('unread-badge')).toHaveCount(0);
    await expect(item).not.toContainText('پیام‌های خوانده‌نشده');
    // It stays cleared after a reload: the server was told.
    await t.page.reload();
    await expect(t.page.getByRole('log')).toBeVisible();
    await expect(nav.getByTestId('unread-badge')).toHaveCount(0);
  } finally {
    await s.context.close();
    await t.context.close();
  }
});

test('below 1024 px one pane shows at a time, with a back button; English reads left to right', async ({ browser, request }) => {
  const teacher = await makeTeacher(request);
  const student = await makeStudent(request);
  const s = await openAs(browser, request, student, 390);
  try {
    await startChat(s.page, teacher);
    await send(s.page, 'hello from a phone');
    const log = s.page.getByRole('log');
    await expect(log.getByText('hello from a phone')).toBeVisible();
    await expect(s.page.getByRole('list', { name: 'گفت‌وگوهای شما' })).toBeHidden();

    await s.page.getByRole('button', { name: 'بازگشت به گفت‌وگوها' }).click();
    await expect(s.page).toHaveURL(/\/student\/messages$/);
    await expect(log).toBeHidden();
    const list = s.page.getByRole('list', { name: 'گفت‌وگوهای شما' });
    await expect(list.getByRole('link', { name: new RegExp(teacher.name) })).toContainText(`شما: ${isolate('hello from a phone', 'fa')}`);

    await s.page.getByRole('button', { name: 'تغییر زبان به انگلیسی' }).click();
    const listEn = s.page.getByRole('list', { name: 'Your chats' });
    await expect(listEn.getByRole('link').first()).toContainText('You: hello from a phone');
    await listEn.getByRole('link').first().click();
    await expect(s.page.getByRole('button', { name: 'Back to chats' })).toBeVisible();
    await expect(s.page.getByRole('button', { name: 'Send' })).toBeDisabled();
    await expectAccessible(s.page, 'student conversation (en, 390)');
  } finally {
    await s.context.close();
  }
});
