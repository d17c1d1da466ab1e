// Reviews and real ratings (issue 13, section 1) against the real binary: a
// student rates a done class, the teacher's card in Find teacher then shows
// that rating and count while a teacher nobody rated says "new", and the
// teacher answers the review from their profile.
import { expect as baseExpect, test } from '@playwright/test';
import { expectAccessible, isolate, setPrefs } from './helpers';
import { advanceClock, bookClass, makeStudent, makeTeacher, markDone, openAs, serverNow, topUp } from './materials-fixtures';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 240_000 });

test('a student rates a done class, the card shows the rating, and the teacher answers', async ({ browser, request }) => {
  const rated = await makeTeacher(request);
  const unrated = await makeTeacher(request);
  const student = await makeStudent(request);
  await topUp(request, student, 300_000);
  const booked = await bookClass(request, rated, student, 1);
  // The class ends (the server's clock moves past it) and the student marks it done.
  await advanceClock(request, Math.ceil((booked.end - (await serverNow(request))) / 1000) + 60);
  await markDone(request, student, booked.id);

  const s = await openAs(browser, request, student);
  await s.page.clock.install({ time: await serverNow(request) });
  await setPrefs(s.page, 'en', 'light');
  await s.page.goto('/student/booked-slots');
  const card = s.page.getByRole('article', { name: rated.name });
  await card.getByRole('button', { name: 'Rate this class' }).click();
  const dialog = s.page.getByRole('dialog', { name: 'Rate this class' });
  await expect(dialog).toContainText(`How was your class with ${isolate(rated.name, 'en')}?`);
  // Sending without stars says what is missing.
  await dialog.getByRole('button', { name: 'Send review' }).click();
  await expect(dialog.getByText('Choose 1 to 5 stars.')).toBeVisible();
  await dialog.getByRole('radio', { name: '4 out of 5 stars' }).check({ force: true });
  await dialog.getByLabel(/Your review/).fill('Patient and clear — کلاس خیلی خوبی بود.');
  await expectAccessible(s.page, 'rate-a-class dialog (en)');
  await dialog.getByRole('button', { name: 'Send review' }).click();
  await expect(dialog).toBeHidden();
  await expect(s.page.getByText('Thank you! Your review was sent.')).toBeVisible();
  await expect(card.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Rate this class' })).toHaveCount(0);

  // Find teacher: the rated teacher shows 4.0 from 1 review; the other is new.
  await s.page.goto(`/student/find-teacher?q=${encodeURIComponent(rated.last)}`);
  const ratedCard = s.page.getByRole('article', { name: rated.name });
  await expect(ratedCard.getByText('Rated 4.0 out of 5 by 1 review')).toBeAttached();
  await expect(ratedCard.getByText('4.0 (1)')).toBeVisible();
  await s.page.goto(`/student/find-teacher?q=${encodeURIComponent(unrated.last)}`);
  await expect(s.page.getByRole('article', { name: unrated.name }).getByText('New', { exact: true })).toBeVisible();
  await setPrefs(s.page, 'fa', 'dark');
  await expect(s.page.getByRole('article', { name: unrated.name }).getByText('جدید', { exact: true })).toBeVisible();

  // The teacher answers from their profile.
  const t = await openAs(browser, request, rated);
  await setPrefs(t.page, 'en', 'light');
  await t.page.goto('/teacher/profile');
  const own = t.page.getByRole('region', { name: "Your students' reviews" });
  await expect(own).toContainText('Patient and clear — کلاس خیلی خوبی بود.');
  await own.getByRole('button', { name: 'Send answer' }).click();
  await expect(own.getByText('Write your answer.')).toBeVisible();
  await own.getByLabel(`Answer ${isolate(student.name, 'en')}`).fill('Thank you, see you next week!');
  await own.getByRole('button', { name: 'Send answer' }).click();
  await expect(own.getByText('Thank you, see you next week!')).toBeVisible();
  await expect(own.getByRole('button', { name: 'Send answer' })).toHaveCount(0);
  await expectAccessible(t.page, 'teacher profile with reviews (en)');

  // The student reads the review with its answer on the teacher's card.
  await setPrefs(s.page, 'en', 'light');
  await s.page.goto(`/student/find-teacher?q=${encodeURIComponent(rated.last)}`);
  await s.page.getByRole('button', { name: `Reviews of ${isolate(rated.name, 'en')}` }).click();
  const reviews = s.page.getByRole('dialog', { name: `Reviews of ${isolate(rated.name, 'en')}` });
  await expect(reviews).toContainText(student.name);
  await expect(reviews).toContainText('Patient and clear — کلاس خیلی خوبی بود.');
  await expect(reviews).toContainText("Teacher's answer");
  await expect(reviews).toContainText('Thank you, see you next week!');
  await expectAccessible(s.page, 'reviews dialog (en)');
  await s.context.close();
  await t.context.close();
});
