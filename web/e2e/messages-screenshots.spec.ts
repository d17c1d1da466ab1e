// Screenshots of the Messages screens for docs/screenshots/ (run with
// `npm run screenshots`): the student's messages with a chat open (two panes
// at 1280, the conversation alone at 390), the chat list alone at 390, the
// new-chat dialog, the teacher's messages, and the student dashboard's
// recent chats, in fa/dark and en/light.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerViaApi, setPrefs, signInViaApi, type Account } from './helpers';
import { looks, OUT, widths } from './screenshots';


type Person = Account & { token: string; id: number };

async function signedUp(request: APIRequestContext, role: 'student' | 'teacher', first: string, last: string): Promise<Person> {
  const a = await registerViaApi(request, role);
  const tok = await request.post('/api/token/', { data: { username: a.username, password: a.password, role } });
  const token = ((await tok.json()) as { access: string }).access;
  const headers = { Authorization: `Bearer ${token}` };
  const multipart: Record<string, string> =
    role === 'teacher'
      ? {
          first_name: first,
          last_name: last,
          bio: 'IELTS and conversation',
          language_levels: JSON.stringify([{ language: 'English', levels: ['B1', 'B2'], regular_price: 250000, exam_price: 300000 }]),
        }
      : { first_name: first, last_name: last };
  const res = await request.post(role === 'teacher' ? '/api/teacher/profile/' : '/api/student/profile/', { headers, multipart });
  expect(res.status(), await res.text()).toBe(200);
  const id = ((await (await request.get('/api/profile/', { headers })).json()) as { id: number }).id;
  return { ...a, token, id };
}

async function say(request: APIRequestContext, p: Person, chatId: number, content: string) {
  const res = await request.post('/api/messages/send/', { headers: { Authorization: `Bearer ${p.token}` }, data: { chat_id: chatId, content } });
  expect(res.status()).toBe(201);
}

async function shot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${OUT}${name}.png` });
}

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

let student: Person;
let teacher: Person;
let chatId: number;

test.beforeAll(async ({ request }) => {
  teacher = await signedUp(request, 'teacher', 'Nima', 'Karimi');
  student = await signedUp(request, 'student', 'سارا', 'احمدی');
  const other = await signedUp(request, 'teacher', 'Elena', 'Rossi');
  const open = async (t: Person) => {
    const res = await request.post('/api/chat/create/', { headers: { Authorization: `Bearer ${student.token}` }, data: { teacher_id: t.id } });
    return ((await res.json()) as { id: number }).id;
  };
  const otherChat = await open(other);
  await say(request, other, otherChat, 'Ciao! Your next class is on Monday at 18:00.');
  chatId = await open(teacher);
  await say(request, student, chatId, 'سلام استاد، وقت بخیر');
  await say(request, teacher, chatId, 'Hi Sara! How can I help?');
  await say(request, student, chatId, 'می‌خواستم برای IELTS Speaking یک کلاس آزمایشی رزرو کنم. Is Tuesday 17:00 free?');
  await say(request, teacher, chatId, 'Yes, Tuesday works. Here is the room for our class:\nhttps://meet.zabano.ir/room/abc123');
  await say(request, teacher, chatId, 'لطفاً قبل از کلاس این تمرین را ببینید');
});

for (const [lang, theme] of looks) {
  for (const width of widths) {
    const suffix = `${lang}-${theme}-${width}`;
    test(`messages ${suffix}`, async ({ browser, request }) => {
      const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 800 } });
      const page = await context.newPage();
      await setPrefs(page, lang, theme);
      await signInViaApi(context, request, student);

      await page.goto(`/student/messages?chat=${chatId}`);
      await expect(page.getByRole('log').getByText('https://meet.zabano.ir/room/abc123')).toBeVisible();
      await shot(page, `messages-${suffix}`);

      if (width < 600) {
        await page.goto('/student/messages');
        await expect(page.getByRole('list').getByRole('link').first()).toBeVisible();
        await shot(page, `messages-list-${suffix}`);
      }

      await page.goto('/student/messages?new=1');
      await expect(page.getByRole('dialog').getByRole('button').nth(1)).toBeVisible();
      await shot(page, `messages-new-chat-${suffix}`);

      await page.goto('/student/dashboard');
      const card = page.getByRole('region', { name: lang === 'fa' ? 'گفت‌وگوهای اخیر' : 'Recent chats' });
      await expect(card.getByRole('link').nth(1)).toBeVisible();
      await card.scrollIntoViewIfNeeded();
      await page.evaluate(() => document.fonts.ready);
      await card.screenshot({ path: `${OUT}recent-chats-${suffix}.png` });
      await context.close();

      const tc = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 800 } });
      const tp = await tc.newPage();
      await setPrefs(tp, lang, theme);
      await signInViaApi(tc, request, teacher);
      await tp.goto(width < 600 ? '/teacher/messages' : `/teacher/messages?chat=${chatId}`);
      await expect(tp.getByRole('list').getByRole('link').first()).toBeVisible();
      await shot(tp, `teacher-messages-${suffix}`);
      await tc.close();
    });
  }
}
