// Screenshots for docs/screenshots/ (run with `npm run screenshots`): the
// sign-in screens (/login, /forgot-password, /register and its two forms)
// and the student layout, in fa/dark and en/light,
// 390 and 1280 px wide, named <screen>-<fa-dark|en-light>-<390|1280>.png.
import { expect, test, type Page } from '@playwright/test';
import { registerViaApi, setPrefs, signInViaApi, type Account } from './helpers';
import { looks, OUT, widths } from './screenshots';


test.describe.configure({ mode: 'serial' });

/** shoot grows the window to the page's height first, rather than using a
 * full-page capture, so that fixed parts (the sidebar) span the whole image. */
async function shoot(page: Page, file: string, width: number, height: number) {
  await page.evaluate(() => document.fonts.ready);
  const full = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width, height: Math.max(height, full) });
  await page.screenshot({ path: `${OUT}${file}` });
  await page.setViewportSize({ width, height });
}

let student: Account;
test.beforeAll(async ({ request }) => {
  student = await registerViaApi(request, 'student');
  // A real name to greet (the username keeps the account unique).
  const tok = await request.post('/api/token/', { data: { username: student.username, password: student.password, role: 'student' } });
  const { access } = (await tok.json()) as { access: string };
  const res = await request.post('/api/student/profile/', { headers: { Authorization: `Bearer ${access}` }, multipart: { first_name: 'سارا', last_name: 'محمدی' } });
  expect(res.status(), await res.text()).toBe(200);
});

for (const [lang, theme] of looks) {
  for (const width of widths) {
    const suffix = `${lang}-${theme}-${width}`;
    test(`screens ${suffix}`, async ({ page, context, request }) => {
      const height = width < 600 ? 844 : 800;
      await page.setViewportSize({ width, height });
      await setPrefs(page, lang, theme);

      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shoot(page, `login-${suffix}.png`, width, height);

      await page.goto('/register/teacher');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shoot(page, `register-teacher-${suffix}.png`, width, height);

      await page.goto('/register/student');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shoot(page, `register-student-${suffix}.png`, width, height);

      await page.goto('/register');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shoot(page, `register-${suffix}.png`, width, height);

      await page.goto('/forgot-password');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shoot(page, `forgot-password-${suffix}.png`, width, height);

      await signInViaApi(context, request, student);
      await page.goto('/student/dashboard');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Let the dashboard's cards finish loading their data (the network is
      // never idle: the live-events stream stays open).
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      // The bell comes after the screen's first reads.
      await expect(page.locator('header a[data-unread]')).toBeVisible();
      await shoot(page, `student-dashboard-${suffix}.png`, width, height);
    });
  }
}
