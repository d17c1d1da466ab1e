import { expect, test } from '@playwright/test';
import { registerViaApi, signInViaApi } from './helpers';

test('the sidebar is fixed on the right in RTL at 1024 px, with the student menu and progress card', async ({ page, request, context }) => {
  const student = await registerViaApi(request, 'student');
  await signInViaApi(context, request, student);
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.goto('/student/notes');
  const nav = page.getByRole('navigation', { name: 'منوی اصلی' });
  await expect(nav).toBeVisible();
  const box = (await page.locator('aside').boundingBox())!;
  expect(box.width).toBe(256);
  expect(box.x + box.width).toBe(1024);
  await expect(nav.getByRole('link', { name: 'آموزش' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link')).toHaveText(['داشبورد', 'آموزش', 'پیام‌ها', 'کیف پول', 'یافتن استاد', 'پروفایل']);
  await expect(page.getByRole('region', { name: 'پیشرفت شما' })).toContainText('۰');
  await expect(page.getByRole('button', { name: 'باز کردن منو' })).toBeHidden();
});

test('below 1024 px the sidebar is a keyboard-usable drawer sliding from the start edge', async ({ page, request, context }) => {
  const teacher = await registerViaApi(request, 'teacher');
  await signInViaApi(context, request, teacher);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/teacher/booked-slots');
  await expect(page.locator('aside')).toBeHidden();
  const toggle = page.getByRole('button', { name: 'باز کردن منو' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'منو' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('navigation').getByRole('link')).toHaveText([
    'زبان‌آموزان',
    'کلاس‌های من',
    'زمان‌های آزاد',
    'پیام‌ها',
    'مطالب آموزشی',
    'کیف پول',
    'پروفایل',
  ]);
  await expect(drawer.getByRole('region', { name: 'پیشرفت شما' })).toHaveCount(0);
  // It slides in: its edge reaches the start (right) edge once the animation ends.
  await expect.poll(async () => {
    const box = (await drawer.boundingBox())!;
    return Math.round(box.x + box.width);
  }).toBe(390);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(toggle).toBeFocused();

  await toggle.click();
  await page.getByRole('dialog').getByRole('link', { name: 'کیف پول' }).click();
  await expect(page).toHaveURL(/\/teacher\/wallet$/);
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'کیف پول' })).toBeVisible();
});

test('the user menu opens on hover, closes after the pointer leaves, and logs out replacing history', async ({ page, request, context }) => {
  const student = await registerViaApi(request, 'student');
  await signInViaApi(context, request, student);
  await page.goto('/student/dashboard');
  await page.goto('/student/wallet');
  await page.getByRole('button', { name: 'تغییر زبان به انگلیسی' }).click();
  const avatar = page.getByRole('button', { name: `User menu: ${student.username}` });
  await expect(avatar).toHaveText(student.username[0]!.toUpperCase());
  await avatar.hover();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(menu).toContainText(student.username);
  await page.mouse.move(10, 700);
  await expect(menu).toBeHidden();

  await avatar.click();
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  await avatar.click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await context.cookies()).find((c) => c.name === 'zabano_token')).toBeUndefined();
  await page.goBack();
  await expect(page).toHaveURL(/\/login$/);
});
