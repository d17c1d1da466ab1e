// Journeys of finding a teacher (issue 4) and booking one (issue 6): search by
// name and bio, the language filter and a sort done by the server and kept in
// the URL, the main-site link, and booking with and without money.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { expectAccessible, isolate, lastTehranTime, signInViaApi, uniqueName } from './helpers';
import { balanceOf, makeTeacher, openSlots, person, png, serverNow, topUp, uniqueWord, type Teacher } from './find-teacher-fixtures';

// Screens load lazily and the machines that run this are often busy.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let word: string;
let rad: Teacher; // English B1/B2 and German A1, 300,000 Toman, with a main-site id
let moh: Teacher; // Spanish, 150,000 Toman
let kia: Teacher; // English C1, 450,000 Toman
let radLast: string;
let wpId: string;

test.beforeAll(async ({ request }) => {
  word = uniqueWord();
  radLast = uniqueName('Rad');
  wpId = uniqueName('wp');
  rad = await makeTeacher(request, {
    first: 'Nasrin',
    last: radLast,
    bio: `Conversation and IELTS, ${word}.`,
    price: 300000,
    experience: 8,
    wpId,
    photo: png([79, 70, 229], [236, 72, 153]),
    levels: [
      { language: 'English', levels: ['B1', 'B2'], regular_price: 300000, exam_price: 350000 },
      { language: 'German', levels: ['A1'], regular_price: 200000, exam_price: 0 },
    ],
  });
  moh = await makeTeacher(request, {
    first: 'Omid',
    last: uniqueName('Moh'),
    bio: `Spanish grammar, ${word}.`,
    price: 150000,
    experience: 3,
    levels: [{ language: 'Spanish', levels: ['A1', 'A2'], regular_price: 150000, exam_price: 0 }],
  });
  kia = await makeTeacher(request, {
    first: 'Kian',
    last: uniqueName('Kia'),
    bio: `Business English, ${word.toUpperCase()}.`,
    price: 450000,
    experience: 15,
    levels: [{ language: 'English', levels: ['C1'], regular_price: 450000, exam_price: 500000 }],
  });
  await openSlots(request, rad, [30, 31, 54]);
  await openSlots(request, moh, [30]);
});

/** cardNames lists the names on the teacher cards, in order. */
const cardNames = (page: Page) => page.getByRole('list').getByRole('article').locator('h3');

test("the page asks for its first teachers once, from boot.js, and the bell and the stream come after them", async ({ page, context, request }) => {
  const student = await person(request, 'student');
  await signInViaApi(context, request, student);
  const asked: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/')) asked.push(path);
  });
  await page.goto('/student/find-teacher');
  await expect(page.getByRole('list').getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: /اعلان/ })).toBeVisible();
  await expect.poll(() => asked.includes('/api/events/')).toBe(true);
  expect(asked.filter((p) => p === '/api/teachers/list/')).toHaveLength(1);
  expect(asked.indexOf('/api/teachers/list/')).toBeLessThan(asked.indexOf('/api/notifications/'));
  expect(asked.indexOf('/api/teachers/list/')).toBeLessThan(asked.indexOf('/api/events/'));
});

test('a student finds a teacher by name, bio and language, sorts by price, and the search survives a reload', async ({ page, context, request }) => {
  const student = await person(request, 'student');
  await signInViaApi(context, request, student);
  await page.goto('/student/find-teacher');
  await page.getByRole('button', { name: 'تغییر زبان به انگلیسی' }).click();
  await expect(page).toHaveTitle('Choose a teacher - Zabano');

  const search = page.getByLabel('Search by name or bio');
  await search.fill(radLast.toLowerCase());
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`\\?q=${radLast.toLowerCase()}$`));
  await expect(cardNames(page)).toHaveText([rad.name]);
  const card = page.getByRole('article', { name: rad.name });
  await expect(card).toContainText('English');
  await expect(card).toContainText('German');
  await expect(card).toContainText('300,000 Toman');
  await expect(card).toContainText('150,000 Toman');
  await expect(card).toContainText('Available');
  await expect(card).toContainText('+1 more');
  await expect(card.locator('img')).toHaveAttribute('src', /\/media\/photos\//);

  // By bio, any case: the three teachers of this run.
  await search.fill(word.toUpperCase());
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(cardNames(page)).toHaveCount(3);
  await expect(page.getByText('Teachers found: 3')).toBeVisible();
  await expect(page.getByRole('article', { name: moh.name })).toContainText('Available');
  await expect(page.getByRole('article', { name: kia.name })).toContainText('Busy');

  await page.getByLabel('Language', { exact: true }).selectOption('german');
  await expect(cardNames(page)).toHaveText([rad.name]);
  await page.getByLabel('Language', { exact: true }).selectOption('spanish');
  await expect(cardNames(page)).toHaveText([moh.name]);
  await page.getByLabel('Language', { exact: true }).selectOption('');

  await page.getByLabel('Sort by').selectOption('price');
  await expect(cardNames(page)).toHaveText([moh.name, rad.name, kia.name]);
  await expect(page).toHaveURL(new RegExp(`\\?q=${word.toUpperCase()}&sort=price$`));
  await page.reload();
  await expect(cardNames(page)).toHaveText([moh.name, rad.name, kia.name]);
  await expect(page.getByLabel('Sort by')).toHaveValue('price');
  await expect(page.getByLabel('Search by name or bio')).toHaveValue(word.toUpperCase());

  await page.getByLabel('Sort by').selectOption('experience');
  await expect(cardNames(page)).toHaveText([kia.name, rad.name, moh.name]);
  await expectAccessible(page, '/student/find-teacher');

  await page.getByLabel('Search by name or bio').fill('no-such-teacher-anywhere');
  await page.getByLabel('Search by name or bio').press('Enter');
  await expect(page.getByText('No teacher matches your search.')).toBeVisible();
});

test('the main-site link highlights the teacher and opens booking', async ({ page, context, request }) => {
  const student = await person(request, 'student');
  await signInViaApi(context, request, student);
  await page.goto(`/student/find-teacher/${wpId}`);
  // The dialog opens a second after the card shows and hides the page from
  // assistive technology: the card is looked for hidden or not.
  const card = page.getByRole('article', { name: rad.name, includeHidden: true });
  await expect(card).toContainText('از سایت اصلی');
  await expect(page.getByText(`${isolate(rad.name, 'fa')} از سایت اصلی پیدا شد.`, { exact: false })).toBeVisible();
  const dialog = page.getByRole('dialog', { name: `رزرو کلاس با ${isolate(rad.name, 'fa')}` });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'booking dialog (fa)');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The notice goes after 5 seconds.
  await expect(page.getByText('از سایت اصلی پیدا شد', { exact: false })).toBeHidden({ timeout: 10_000 });

  // The id may also come as ?id=, and a teacher's own id works too.
  await page.goto(`/student/find-teacher?id=${rad.id}`);
  await expect(page.getByRole('dialog', { name: `رزرو کلاس با ${isolate(rad.name, 'fa')}` })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/student/find-teacher/no-such-main-site-id');
  await expect(page.getByText(`استادی با شناسهٔ سایت اصلی ${isolate('no-such-main-site-id', 'fa')} پیدا نشد.`)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

// The booking week depends on the day it is opened: a Persian week starts on
// Saturday and an English one on Sunday, and the days already gone are shown
// closed. The browser's clock is put on each chosen day and hour (the server's
// stays where it is, a few days later at most, so the teacher's times lie ahead).
for (const { name, weekday, hh, mm, tz, lang, past } of [
  { name: 'Saturday just after midnight in Tehran', weekday: 6, hh: 0, mm: 10, tz: 'Asia/Tehran', lang: 'fa', past: 0 },
  { name: 'Saturday just after midnight in Tehran, seen in UTC (still Friday)', weekday: 6, hh: 0, mm: 10, tz: 'UTC', lang: 'fa', past: 6 },
  { name: 'Monday late evening in Tehran', weekday: 1, hh: 23, mm: 40, tz: 'Asia/Tehran', lang: 'fa', past: 2 },
  { name: 'Friday late evening in Tehran', weekday: 5, hh: 23, mm: 50, tz: 'Asia/Tehran', lang: 'fa', past: 6 },
  { name: 'Saturday late evening in Tehran, in English', weekday: 6, hh: 22, mm: 45, tz: 'Asia/Tehran', lang: 'en', past: 6 },
] as const) {
  test(`the booking week on ${name} shows the past days closed and readable`, async ({ page, context, request }) => {
    const student = await person(request, 'student');
    await signInViaApi(context, request, student);
    await page.clock.install({ time: lastTehranTime(await serverNow(request), weekday, hh, mm) });
    await page.goto('/login');
    await page.evaluate(([l, z]) => (localStorage.setItem('zabano.lang', l), localStorage.setItem('zabano.tz', z)), [lang, tz]);
    await page.goto(`/student/find-teacher?id=${rad.id}`);
    const dialog = page.getByRole('dialog', { name: lang === 'fa' ? `رزرو کلاس با ${isolate(rad.name, 'fa')}` : `Book a class with ${rad.name}` });
    const days = dialog.getByRole('listitem');
    await expect(days).toHaveCount(7);
    // The dialog opens on the first week with a free time; this week is the one with the past days.
    const thisWeek = dialog.getByRole('button', { name: lang === 'fa' ? 'بازگشت به این هفته' : 'Back to this week' });
    if (await thisWeek.isVisible()) await thisWeek.click();
    await expect(dialog.locator('[data-past]')).toHaveCount(past);
    for (let i = 0; i < past; i++) await expect(days.nth(i)).toContainText(lang === 'fa' ? 'گذشته' : 'Past');
    await expect(days.nth(past)).not.toContainText(lang === 'fa' ? 'گذشته' : 'Past');
    await expectAccessible(page, `booking dialog on ${name}`);
  });
}

test('a student with money books a free time at a level', async ({ page, context, request }) => {
  const student = await person(request, 'student');
  await topUp(request, student, 500000);
  await signInViaApi(context, request, student);
  await page.goto(`/student/find-teacher?q=${radLast}`);
  await page.getByRole('button', { name: 'تغییر زبان به انگلیسی' }).click();
  await page.getByRole('article', { name: rad.name }).getByRole('button', { name: `Book a class with ${rad.name}` }).click();

  const dialog = page.getByRole('dialog', { name: `Book a class with ${rad.name}` });
  const confirm = dialog.getByRole('button', { name: 'Confirm booking' });
  await expect(dialog.getByText('Your balance: 500,000 Toman')).toBeVisible();
  const times = dialog.locator('button[aria-pressed]');
  await expect(times.first()).toBeVisible();
  await expect(confirm).toBeDisabled();
  await expect(times.first()).toHaveText(/^\d{1,2}:\d{2} (AM|PM)$/);
  const chosen = await times.first().getAttribute('aria-label');
  await times.first().click();
  await expect(times.first()).toHaveAttribute('aria-pressed', 'true');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Level and price').selectOption({ label: 'English · B1 — 300,000 Toman' });
  await expect(dialog.getByText('An exam class at this level costs 350,000 Toman.')).toBeVisible();
  await dialog.getByLabel(/Notes for the teacher/).fill('Speaking practice, please.');
  await confirm.click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Your class with ${rad.name} on`, { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'See my classes' })).toHaveAttribute('href', '/student/booked-slots');
  expect(await balanceOf(request, student)).toBe(200000);

  // The booked time is no longer offered.
  await page.getByRole('article', { name: rad.name }).getByRole('button', { name: `Book a class with ${rad.name}` }).click();
  await expect(page.getByRole('dialog').locator('button[aria-pressed]').first()).toBeVisible();
  const labels = await page.getByRole('dialog').locator('button[aria-pressed]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  expect(labels).not.toContain(chosen);
});

test('a student without money is offered a top-up of the missing amount', async ({ page, context, request }) => {
  const student = await person(request, 'student');
  await topUp(request, student, 50000);
  await signInViaApi(context, request, student);
  await page.goto(`/student/find-teacher?q=${word}&language=spanish`);
  await page.getByRole('article', { name: moh.name }).getByRole('button', { name: `رزرو کلاس با ${isolate(moh.name, 'fa')}` }).click();
  const dialog = page.getByRole('dialog', { name: `رزرو کلاس با ${isolate(moh.name, 'fa')}` });
  await dialog.locator('button[aria-pressed]').first().click();
  await expect(dialog.locator('button[aria-pressed]').first()).toHaveText(/^[۰-۹]{2}:[۰-۹]{2}$/);
  // The A1 class at 150,000 Toman (the trial class, listed first, costs less).
  const levels = dialog.getByLabel('سطح و قیمت');
  await levels.selectOption((await levels.locator('option', { hasText: 'A1' }).getAttribute('value'))!);
  await dialog.getByRole('button', { name: 'تأیید رزرو' }).click();

  await expect(dialog.getByText('موجودی کیف پول برای این کلاس کافی نیست. برای رزرو، دست‌کم ۱۰۰٬۰۰۰ تومان شارژ کنید.')).toBeVisible();
  const topUpLink = dialog.getByRole('link', { name: 'شارژ ۱۰۰٬۰۰۰ تومان' });
  await expect(topUpLink).toHaveAttribute('href', '/student/wallet?amount=100000');
  expect(await balanceOf(request, student)).toBe(50000);
  await topUpLink.click();
  await expect(page).toHaveURL(/\/student\/wallet/);
  // The wallet opens its top-up with the missing amount.
  await expect(page.getByRole('dialog')).toContainText('۱۰۰٬۰۰۰');
});
