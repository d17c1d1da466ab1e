// Screenshots of the profile, find-teacher and booking screens for
// docs/screenshots/ (run with `npm run screenshots`; ZABANO_SHOTS_DIR writes
// them elsewhere): find teacher, the booking dialog, the student profile and
// the teacher profile editor, in fa/dark and en/light, 390 and 1280 px wide.
import { expect as baseExpect, test } from '@playwright/test';
import { isolate, setPrefs, signInViaApi, uniqueName } from './helpers';
import { looks, shoot, widths } from './screenshots';
import { SMALL_MP4, SMALL_PDF, bearer, makeTeacher, openSlots, person, png, topUp, type Person, type Teacher } from './find-teacher-fixtures';

const expect = baseExpect.configure({ timeout: 20_000 });


test.describe.configure({ mode: 'serial', timeout: 180_000, retries: 1 });

let student: Person;
let first: Teacher;

const teachers: Array<{ first: string; last: string; bio: string; price: number; experience: number; colors: [[number, number, number], [number, number, number]]; levels: Array<{ language: string; levels: string[]; regular_price: number; exam_price: number }> }> = [
  {
    first: 'مینا',
    last: 'رحیمی',
    bio: 'ده سال تدریس آیلتس و مکالمهٔ انگلیسی؛ کلاس‌های پرتمرین با بازخورد دقیق.',
    price: 350000,
    experience: 10,
    colors: [[79, 70, 229], [236, 72, 153]],
    levels: [
      { language: 'English', levels: ['B1', 'B2', 'C1'], regular_price: 350000, exam_price: 420000 },
      { language: 'German', levels: ['A1', 'A2'], regular_price: 250000, exam_price: 0 },
      { language: 'French', levels: ['A1'], regular_price: 250000, exam_price: 0 },
    ],
  },
  {
    first: 'Daniel',
    last: 'Weber',
    bio: 'Native German speaker. Grammar made simple, conversation from day one.',
    price: 280000,
    experience: 6,
    colors: [[16, 185, 129], [59, 130, 246]],
    levels: [{ language: 'German', levels: ['A1', 'A2', 'B1'], regular_price: 280000, exam_price: 320000 }],
  },
  {
    first: 'سارا',
    last: 'کریمی',
    bio: 'آموزش زبان به کودکان و نوجوانان با بازی و داستان.',
    price: 180000,
    experience: 4,
    colors: [[245, 158, 11], [239, 68, 68]],
    levels: [{ language: 'English', levels: ['A1', 'A2'], regular_price: 180000, exam_price: 0 }],
  },
];

test.beforeAll(async ({ request }) => {
  const made: Teacher[] = [];
  for (const t of teachers) {
    made.push(
      await makeTeacher(request, {
        first: t.first,
        last: t.last,
        bio: t.bio,
        price: t.price,
        experience: t.experience,
        levels: t.levels,
        wpId: uniqueName('wp'),
        photo: png(t.colors[0], t.colors[1]),
      }),
    );
  }
  first = made[0]!;
  await openSlots(request, made[0]!, [26, 27, 28, 50, 51, 74]);
  await openSlots(request, made[1]!, [30, 31]);
  // The first teacher's own profile has documents and a video.
  const res = await request.post('/api/teacher/profile/', {
    headers: bearer(first.token),
    multipart: {
      education: 'کارشناسی ارشد آموزش زبان انگلیسی',
      certifications: 'CELTA, IELTS 8.5',
      teaching_style: 'Communicative',
      intro_video: { name: 'intro.mp4', mimeType: 'video/mp4', buffer: SMALL_MP4 },
      documents: { name: 'CELTA-certificate.pdf', mimeType: 'application/pdf', buffer: SMALL_PDF },
    },
  });
  expect(res.status(), await res.text()).toBe(200);

  student = await person(request, 'student');
  await topUp(request, student, 750000);
  const st = bearer(student.token);
  expect((await request.post('/api/student/profile/', { headers: st, multipart: { first_name: 'نگار', last_name: 'احمدی', bio: 'برای آزمون آیلتس آماده می‌شوم.' } })).status()).toBe(200);
  expect((await request.post('/api/student/language-level/', { headers: st, data: { language: 17, level: 'intermediate' } })).status()).toBe(200);
  expect((await request.post('/api/student/language-level/', { headers: st, data: { language: 'German', level: 'beginner' } })).status()).toBe(200);
  const photo = await request.post('/api/student/profile/upload-photo/', {
    headers: st,
    multipart: { profile_photo: { name: 'me.png', mimeType: 'image/png', buffer: png([14, 165, 233], [168, 85, 247]) } },
  });
  expect(photo.status()).toBe(200);
});

for (const [lang, theme] of looks) {
  for (const width of widths) {
    const suffix = `${lang}-${theme}-${width}`;
    test(`profile and find-teacher screens ${suffix}`, async ({ page, context, request, browser }) => {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      await signInViaApi(context, request, student);
      await setPrefs(page, lang, theme);

      await page.goto('/student/find-teacher');
      // Other journeys add teachers alongside (the newest come first), so the
      // card waited for is this journey's own.
      const card = page.getByRole('article').filter({ hasText: first.name });
      await expect(card.locator('img')).toHaveJSProperty('complete', true);
      await shoot(page, `find-teacher-${suffix}`);

      const bookName = lang === 'fa' ? `رزرو کلاس با ${isolate(first.name, lang)}` : `Book a class with ${isolate(first.name, lang)}`;
      await page.getByRole('button', { name: bookName }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('button[aria-pressed]').nth(1).click();
      await dialog.getByRole('combobox').selectOption({ index: 1 });
      await shoot(page, `booking-dialog-${suffix}`, false);
      await page.keyboard.press('Escape');

      await page.goto('/student/profile');
      await expect(page.getByRole('img', { name: /نگار احمدی/ })).toBeVisible();
      await shoot(page, `student-profile-${suffix}`);

      const tctx = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 800 } });
      await signInViaApi(tctx, request, first);
      const tpage = await tctx.newPage();
      await setPrefs(tpage, lang, theme);
      await tpage.goto('/teacher/profile');
      await expect(tpage.getByRole('table')).toBeVisible();
      await shoot(tpage, `teacher-profile-${suffix}`);
      await tpage.getByRole('button', { name: lang === 'fa' ? 'ویرایش پروفایل' : 'Edit profile' }).click();
      await expect(tpage.getByRole('button', { name: lang === 'fa' ? 'ذخیرهٔ تغییرات' : 'Save changes' })).toBeVisible();
      await shoot(tpage, `teacher-profile-edit-${suffix}`, false);
      await tctx.close();
    });
  }
}
