import { expect, test } from '@playwright/test';

test('language and theme toggles persist across a reload, and dir flips', async ({ page }) => {
  await page.goto('/login');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', 'fa');
  await expect(html).toHaveAttribute('dir', 'rtl');
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(page).toHaveTitle('ورود - زبانو');

  await page.getByRole('button', { name: 'تغییر زبان به انگلیسی' }).click();
  await expect(html).toHaveAttribute('lang', 'en');
  await expect(html).toHaveAttribute('dir', 'ltr');
  await expect(page).toHaveTitle('Log in - Zabano');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(html).toHaveClass(/\blight\b/);
  await expect(html).not.toHaveClass(/\bdark\b/);

  await page.reload();
  await expect(html).toHaveAttribute('lang', 'en');
  await expect(html).toHaveAttribute('dir', 'ltr');
  await expect(html).toHaveClass(/\blight\b/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in to Zabano');

  await page.getByRole('button', { name: 'Switch language to Persian' }).click();
  await page.getByRole('button', { name: 'تغییر به پوسته تیره' }).click();
  await page.reload();
  await expect(html).toHaveAttribute('dir', 'rtl');
  await expect(html).toHaveClass(/\bdark\b/);
});

test('the saved theme and language are on <html> before the app runs', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => {
    localStorage.setItem('zabano.theme', 'light');
    localStorage.setItem('zabano.lang', 'en');
  });
  // Block the app's script: what remains is what boot.js did before first paint.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.reload();
  const html = page.locator('html');
  await expect(html).toHaveClass(/\blight\b/);
  await expect(html).not.toHaveClass(/\bdark\b/);
  await expect(html).toHaveAttribute('dir', 'ltr');
  await expect(html).toHaveAttribute('lang', 'en');
});

test('the Persian font is served by the app itself', async ({ page }) => {
  const fonts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'font') fonts.push(r.url());
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  expect(fonts.some((u) => /vazirmatn-arabic/.test(u))).toBe(true);
  for (const u of fonts) expect(new URL(u).host).toBe(new URL(page.url()).host);
});
