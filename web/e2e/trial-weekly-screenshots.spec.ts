// Screenshots of the booking dialog's trial and weekly states for
// docs/screenshots/ (run with `npm run screenshots`; ZABANO_SHOTS_DIR writes
// them elsewhere): the trial chosen, a weekly series with its total, and the
// weeks that are not free, in fa/dark and en/light, 390 and 1280 px wide.
import { expect as baseExpect, test } from '@playwright/test';
import { setPrefs } from './helpers';
import { looks, shoot, widths } from './screenshots';
import { makeTeacher, openSlots, person, topUp, uniqueWord, type Teacher } from './find-teacher-fixtures';
import { openAs } from './materials-fixtures';

const expect = baseExpect.configure({ timeout: 20_000 });

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let teacher: Teacher;

// A teacher with a trial price and the same hour free in two weeks only, so
// that four weeks name the last two as missing.
test.beforeAll(async ({ request }) => {
  teacher = await makeTeacher(request, {
    first: 'Leila',
    last: uniqueWord(),
    bio: 'IELTS speaking.',
    price: 240_000,
    experience: 6,
    levels: [{ language: 'English', levels: ['B2'], regular_price: 240_000, exam_price: 0 }],
  });
  await openSlots(request, teacher, [54, 54 + 168]);
});

for (const [lang, theme] of looks) {
  for (const width of widths) {
    const suffix = `${lang}-${theme}-${width}`;
    test(`trial and weekly booking ${suffix}`, async ({ browser, request }) => {
      const student = await person(request, 'student');
      await topUp(request, student, 2_000_000);
      const s = await openAs(browser, request, student, width);
      await setPrefs(s.page, lang, theme);
      await s.page.goto(`/student/find-teacher?id=${teacher.id}`);
      const dialog = s.page.getByRole('dialog');
      await dialog.locator('button[aria-pressed]').first().click();
      const level = dialog.getByLabel(lang === 'fa' ? 'سطح و قیمت' : 'Level and price');
      await level.selectOption({ index: 1 }); // the trial, offered first
      await expect(dialog).toContainText(lang === 'fa' ? 'جلسهٔ آزمایشی' : 'trial price');
      await shoot(s.page, `booking-trial-${suffix}`, false);

      await level.selectOption({ index: 2 });
      await dialog.getByLabel(lang === 'fa' ? 'تکرار هفتگی' : 'Repeat weekly').check();
      await expect(dialog).toContainText('×');
      await shoot(s.page, `booking-weekly-${suffix}`, false);

      await dialog.getByRole('button', { name: lang === 'fa' ? /رزرو ۴ کلاس هفتگی/ : 'Book 4 weekly classes' }).click();
      const fewer = dialog.getByRole('button', { name: lang === 'fa' ? /۲ هفتهٔ نخست/ : 'Book the first 2 weeks instead' });
      await expect(fewer).toBeVisible();
      await fewer.scrollIntoViewIfNeeded();
      await shoot(s.page, `booking-weeks-missing-${suffix}`, false);
      await s.context.close();
    });
  }
}
