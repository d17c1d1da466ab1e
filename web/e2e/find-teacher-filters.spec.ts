// Journeys of issue 15's search: the filters, kept in the URL, survive a
// reload; a query typed on a Persian keyboard finds a name typed on an
// Arabic one; a saved teacher appears under "saved" and leaves it.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { expectAccessible, setPrefs, signInViaApi, uniqueName } from './helpers';
import { TEHRAN, bearer, makeTeacher, openSlotAt, person, serverNow, tehranAt, uniqueWord, type Teacher } from './find-teacher-fixtures';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ mode: 'serial', timeout: 180_000 });
// The days and times of day are the viewer's: the browser's zone, Tehran.
test.use({ timezoneId: 'Asia/Tehran' });

let word: string;
let ali: Teacher; // علي (an Arabic keyboard's ye), 200,000 Toman, a trial, free tomorrow at 10:00
let bita: Teacher; // 400,000 Toman, no trial, free in two days at 19:00
let aliDay: number; // the weekday of ali's free time in Tehran, 0 Sunday

test.beforeAll(async ({ request }) => {
  word = uniqueWord();
  const levels = (price: number) => [{ language: 'English', levels: ['B1'], regular_price: price, exam_price: 0 }];
  ali = await makeTeacher(request, { first: 'علي', last: uniqueName('Rostami'), bio: `IELTS, ${word}.`, price: 200000, experience: 5, levels: levels(200000) });
  bita = await makeTeacher(request, { first: 'Bita', last: uniqueName('Nouri'), bio: `Conversation, ${word}.`, price: 400000, experience: 9, levels: levels(400000) });
  // makeTeacher gives a trial at half the price; bita offers none.
  const res = await request.post('/api/teacher/profile/', { headers: bearer(bita.token), multipart: { test_session_price: '0' } });
  expect(res.status(), await res.text()).toBe(200);
  const now = await serverNow(request);
  const aliStart = tehranAt(now, 1, 10);
  aliDay = new Date(aliStart + TEHRAN).getUTCDay();
  await openSlotAt(request, ali, aliStart);
  await openSlotAt(request, bita, tehranAt(now, 2, 19));
});

/** cardNames lists the names on the teacher cards, in order. */
const cardNames = (page: Page) => page.getByRole('list').getByRole('article').locator('h3');

const EN_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

test('the filters go into the URL and survive a reload; a Persian keyboard finds an Arabic one', async ({ page, context, request }) => {
  const student = await person(request, 'student');
  await signInViaApi(context, request, student);
  await setPrefs(page, 'en', 'light');
  await page.goto(`/student/find-teacher?q=${word}`);
  await expect(cardNames(page)).toHaveCount(2);

  const toggle = page.getByRole('button', { name: 'Filters', exact: true });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('button', { name: EN_DAYS[aliDay], exact: true }).click();
  await page.getByRole('button', { name: /^Morning/ }).click();
  await page.getByRole('button', { name: 'Free in the next 7 days' }).click();
  await expect(cardNames(page)).toHaveText([ali.name]);
  await page.getByRole('button', { name: 'Offers a trial class' }).click();
  await expect(page).toHaveURL(/within=7&trial=1$/);
  const url = new URL(page.url());
  expect(url.searchParams.get('days')).toBe(['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'][aliDay]);
  expect(url.searchParams.get('time')).toBe('morning');
  await expect(cardNames(page)).toHaveText([ali.name]);

  await page.reload();
  await expect(cardNames(page)).toHaveText([ali.name]);
  await expect(page.getByRole('button', { name: 'Filters (4)' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('button', { name: EN_DAYS[aliDay], exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: /^Morning/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Offers a trial class' })).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page, 'find teacher with the filters open (en)');

  // The evening: bita's, who has no trial; without the trial, bita.
  await page.getByRole('button', { name: /^Morning/ }).click();
  await page.getByRole('button', { name: /^Evening/ }).click();
  await page.getByRole('button', { name: EN_DAYS[aliDay], exact: true }).click();
  await expect(page.getByText('No teacher matches your search.')).toBeVisible();
  await page.getByRole('button', { name: 'Offers a trial class' }).click();
  await expect(cardNames(page)).toHaveText([bita.name]);

  // A price range: bita's 400,000 is above it.
  await page.getByLabel('To', { exact: true }).fill('300000');
  await page.getByLabel('To', { exact: true }).press('Enter');
  await expect(page.getByText('No teacher matches your search.')).toBeVisible();
  await expect(page).toHaveURL(/price_max=300000/);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(cardNames(page)).toHaveCount(2);
  await expect(page).toHaveURL(new RegExp(`\\?q=${word}$`));

  // علي was typed with an Arabic keyboard's ye; the Persian one finds it.
  const search = page.getByLabel('Search by name or bio');
  await search.fill(`علی ${word}`);
  await search.press('Enter');
  await expect(cardNames(page)).toHaveText([ali.name]);
  await expect(page.getByLabel('Sort by')).toHaveValue('relevance');
});

test('a saved teacher appears under "saved" and leaves it', async ({ page, context, request }) => {
  const student = await person(request, 'student');
  await signInViaApi(context, request, student);
  await page.goto(`/student/find-teacher?q=${word}`);
  const card = page.getByRole('article', { name: bita.name });
  await card.getByRole('button', { name: 'ذخیره', exact: true }).click();
  await expect(card.getByRole('button', { name: 'ذخیره‌شده' })).toBeVisible();

  await page.getByRole('button', { name: 'استادان ذخیره‌شده' }).click();
  await expect(page).toHaveURL(/saved=1/);
  await expect(cardNames(page)).toHaveText([bita.name]);
  await page.reload();
  await expect(cardNames(page)).toHaveText([bita.name]);
  await expect(page.getByRole('button', { name: 'استادان ذخیره‌شده' })).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page, 'saved teachers (fa)');

  // Another student's saved teachers are their own.
  const other = await person(request, 'student');
  const theirs = await request.get('/api/teachers/list/?saved=1', { headers: bearer(other.token) });
  expect(((await theirs.json()) as { count: number }).count).toBe(0);

  await page.getByRole('article', { name: bita.name }).getByRole('button', { name: 'ذخیره‌شده' }).click();
  await expect(page.getByText('هیچ استادی با جست‌وجوی شما پیدا نشد.')).toBeVisible();
  await page.goto('/student/find-teacher?saved=1');
  await expect(page.getByText('هنوز استادی را ذخیره نکرده‌اید.')).toBeVisible();
  await expectAccessible(page, 'no saved teachers (fa)');
});
