import { expect, test } from '@playwright/test';
import { expectAccessible, registerViaApi, setPrefs, signInViaApi, type Lang, type Theme } from './helpers';

const combos: Array<[Lang, Theme]> = [
  ['fa', 'dark'],
  ['fa', 'light'],
  ['en', 'dark'],
  ['en', 'light'],
];

for (const [lang, theme] of combos) {
  test.describe(`axe, ${lang} ${theme}`, () => {
    for (const path of ['/login', '/login?registration=success', '/register', '/register/student', '/register/teacher', '/forgot-password', '/payment/callback']) {
      test(`public screen ${path}`, async ({ page }) => {
        await setPrefs(page, lang, theme);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectAccessible(page, `${path} (${lang}, ${theme})`);
      });
    }

    test('registration with validation errors', async ({ page }) => {
      await setPrefs(page, lang, theme);
      await page.goto('/register');
      await page.locator('form button[type=submit]').click();
      await expect(page.locator('[aria-invalid=true]').first()).toBeVisible();
      await expectAccessible(page, `/register with errors (${lang}, ${theme})`);
    });

    test('forgot password step 2 and the login error', async ({ page, request }) => {
      const student = await registerViaApi(request, 'student');
      await setPrefs(page, lang, theme);
      await page.goto('/forgot-password');
      await page.locator('input[type=tel]').fill(student.phone);
      await page.locator('form button[type=submit]').click();
      await expect(page.locator('input[autocomplete=one-time-code]')).toBeVisible();
      await page.locator('input[autocomplete=new-password]').first().fill('short');
      await expectAccessible(page, `/forgot-password step 2 (${lang}, ${theme})`);

      await page.goto('/login?role=teacher');
      await page.locator('input[autocomplete=username]').fill(student.username);
      await page.locator('input[autocomplete=current-password]').fill(student.password);
      await page.locator('form button[type=submit]').click();
      await expect(page.getByRole('alert')).toBeVisible();
      await expectAccessible(page, `/login access denied (${lang}, ${theme})`);
    });

    test('student layout and user menu', async ({ page, request, context }) => {
      const student = await registerViaApi(request, 'student');
      await setPrefs(page, lang, theme);
      await signInViaApi(context, request, student);
      await page.goto('/student/dashboard');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, `student layout (${lang}, ${theme})`);
      // Opened from the keyboard: a mouse would open it by hovering first
      // (layout.spec tests that), which this check does not need.
      await page.locator('header button[aria-haspopup=menu]').focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('menu')).toBeVisible();
      await expectAccessible(page, `user menu (${lang}, ${theme})`);
    });

    test('drawer', async ({ page, request, context }) => {
      const student = await registerViaApi(request, 'student');
      await page.setViewportSize({ width: 390, height: 800 });
      await setPrefs(page, lang, theme);
      await signInViaApi(context, request, student);
      await page.goto('/student/profile');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.locator('header button[aria-haspopup=dialog]').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAccessible(page, `drawer (${lang}, ${theme})`);
    });

    test('teacher layout', async ({ page, request, context }) => {
      const teacher = await registerViaApi(request, 'teacher');
      await setPrefs(page, lang, theme);
      await signInViaApi(context, request, teacher);
      await page.goto('/teacher/booked-slots');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, `teacher layout (${lang}, ${theme})`);
    });
  });
}
