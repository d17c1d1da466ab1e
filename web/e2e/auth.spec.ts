import { expect, test } from '@playwright/test';
import { latestCode, loginUI, randomPhone, registerViaApi, signInViaApi, uniqueName } from './helpers';

test.describe('registration', () => {
  test('a student registers with a texted code, then logs in at the student entrance', async ({ page, request }) => {
    const username = uniqueName('stu');
    const phone = randomPhone();
    await page.goto('/register');
    await expect(page).toHaveTitle('ثبت‌نام - زبانو');
    await page.getByLabel('نام کاربری', { exact: true }).fill(username);
    await page.getByLabel('رمز عبور', { exact: true }).fill('secret1');
    await page.getByLabel('تکرار رمز عبور', { exact: true }).fill('secret1');
    await page.getByRole('radio', { name: /زبان‌آموز/ }).check();
    await page.getByRole('button', { name: 'ادامه' }).click();

    await expect(page).toHaveURL(/\/register\/student$/);
    await expect(page.getByLabel('نام کاربری', { exact: true })).toHaveValue(username);
    await expect(page.getByLabel('کد تأیید')).toHaveCount(0);
    await page.getByLabel('شماره موبایل').fill(phone);
    await page.getByRole('button', { name: 'ارسال کد' }).click();
    await expect(page.getByText('کد تأیید به موبایل شما پیامک شد.')).toBeVisible();
    await expect(page.getByRole('button', { name: /ارسال دوباره/ })).toContainText(/[۱۲]:[۰-۵][۰-۹]/);
    const code = await latestCode(request, phone);
    await page.getByLabel('کد تأیید').fill(code);
    await page.getByRole('button', { name: 'ثبت‌نام', exact: true }).click();

    await expect(page).toHaveURL(/\/login\?registration=success/);
    await expect(page.getByText('ثبت‌نام با موفقیت انجام شد. اکنون وارد شوید.')).toBeVisible();
    await loginUI(page, { username, password: 'secret1' }, 'student');
    await expect(page).toHaveURL(/\/student\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'داشبورد' })).toBeVisible();
    await expect(page).toHaveTitle('داشبورد - زبانو');
  });

  test('a teacher registers in English with a bio, then lands on their classes', async ({ page, request }) => {
    const username = uniqueName('tea');
    const phone = randomPhone();
    await page.goto('/login');
    await page.getByRole('button', { name: 'تغییر زبان به انگلیسی' }).click();
    await page.getByRole('link', { name: 'Sign up' }).click();
    // The sign-in screen has a Username box too: wait for the next screen.
    await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
    await page.getByLabel('Username', { exact: true }).fill(username);
    await page.getByLabel(/^Email/).fill(`${username}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.getByLabel('Confirm password', { exact: true }).fill('secret1');
    await page.getByRole('radio', { name: /Teacher/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/register\/teacher$/);
    await expect(page).toHaveTitle('Teacher sign-up - Zabano');
    await page.getByLabel('Mobile number').fill(phone);
    await page.getByRole('button', { name: 'Send code' }).click();
    const code = await latestCode(request, phone);
    await page.getByLabel('Verification code').fill(code);
    await page.getByLabel(/^Bio/).fill('Ten years of IELTS preparation.');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();

    await expect(page).toHaveURL(/\/login\?registration=success&role=teacher/);
    await expect(page.getByRole('radio', { name: 'Teacher', exact: true })).toBeChecked();
    await loginUI(page, { username, password: 'secret1' }, 'teacher', 'en');
    await expect(page).toHaveURL(/\/teacher\/booked-slots$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My classes' })).toBeVisible();
  });

  test('the server refuses a taken username next to the field', async ({ page, request }) => {
    const taken = await registerViaApi(request, 'student');
    const phone = randomPhone();
    await page.goto('/register/student');
    await page.getByLabel('نام کاربری', { exact: true }).fill(taken.username);
    await page.getByLabel('رمز عبور', { exact: true }).fill('secret1');
    await page.getByLabel('تکرار رمز عبور', { exact: true }).fill('secret1');
    await page.getByLabel('شماره موبایل').fill(phone);
    await page.getByRole('button', { name: 'ارسال کد' }).click();
    await page.getByLabel('کد تأیید').fill(await latestCode(request, phone));
    await page.getByRole('button', { name: 'ثبت‌نام', exact: true }).click();
    await expect(page.getByText('کاربری با این نام کاربری وجود دارد.')).toBeVisible();
    await expect(page).toHaveURL(/\/register\/student$/);
  });
});

test.describe('login entrances', () => {
  test('each role logs in at its own entrance and is refused at the other', async ({ page, request }) => {
    const student = await registerViaApi(request, 'student');
    const teacher = await registerViaApi(request, 'teacher');

    await page.goto('/login?role=teacher');
    await loginUI(page, student, 'teacher');
    await expect(page.getByRole('alert')).toContainText('این ورود فقط برای');
    await expect(page).toHaveURL(/\/login/);

    await loginUI(page, teacher, 'student');
    await expect(page.getByRole('alert')).toContainText('این ورود فقط برای');

    await loginUI(page, teacher, 'teacher');
    await expect(page).toHaveURL(/\/teacher\/booked-slots$/);
  });

  test('a wrong password shows the server message in English', async ({ page, request }) => {
    const student = await registerViaApi(request, 'student');
    await page.goto('/login');
    await page.getByRole('button', { name: 'تغییر زبان به انگلیسی' }).click();
    await loginUI(page, { ...student, password: 'wrong-password' }, 'student', 'en');
    await expect(page.getByRole('alert')).toHaveText('Login failed. Please check your credentials.');
  });

  test('keep-me-signed-in decides between a 7-day and a session cookie', async ({ page, request, context }) => {
    const student = await registerViaApi(request, 'student');
    await page.goto('/login');
    await loginUI(page, student, 'student');
    await expect(page).toHaveURL(/\/student\/dashboard$/);
    const days = ((await context.cookies()).find((c) => c.name === 'zabano_token')!.expires - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    await context.clearCookies();
    await page.goto('/login');
    await page.getByLabel('مرا به خاطر بسپار').uncheck();
    await loginUI(page, student, 'student');
    await expect(page).toHaveURL(/\/student\/dashboard$/);
    expect((await context.cookies()).find((c) => c.name === 'zabano_token')!.expires).toBe(-1);
  });

  test('a signed-in user is sent home from /login and from the other role\'s area', async ({ page, request, context }) => {
    const teacher = await registerViaApi(request, 'teacher');
    await signInViaApi(context, request, teacher);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/teacher\/booked-slots$/);
    await page.goto('/student/wallet');
    await expect(page).toHaveURL(/\/teacher\/booked-slots$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/teacher\/booked-slots$/);
  });
});

test.describe('forgot password', () => {
  test('a code resets the password, then the new password logs in', async ({ page, request }) => {
    const student = await registerViaApi(request, 'student', 'oldpassword');
    await page.goto('/login');
    await page.getByRole('link', { name: 'رمز عبور را فراموش کرده‌اید؟' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel('شماره موبایل').fill(student.phone);
    await page.getByRole('button', { name: 'ارسال کد' }).click();

    const code = await latestCode(request, student.phone, 2);
    const submit = page.getByRole('button', { name: 'تغییر رمز عبور' });
    await expect(submit).toBeDisabled();
    await expect(page.getByRole('button', { name: /ارسال دوباره/ })).toBeDisabled();
    await expect(page.getByRole('button', { name: /ارسال دوباره/ })).toContainText(/[۱۲]:[۰-۵][۰-۹]/);
    await page.getByLabel('کد تأیید').fill(code);
    await page.getByLabel('رمز عبور جدید', { exact: true }).fill('short');
    await expect(page.getByTestId('password-hint')).toHaveText('رمز عبور باید حداقل ۸ نویسه باشد.');
    await page.getByLabel('رمز عبور جدید', { exact: true }).fill('newpassword');
    await page.getByLabel('تکرار رمز عبور جدید').fill('newpassworX');
    await expect(page.getByTestId('password-hint')).toHaveText('رمزهای عبور یکسان نیستند.');
    await expect(submit).toBeDisabled();
    await page.getByLabel('تکرار رمز عبور جدید').fill('newpassword');
    await expect(page.getByTestId('password-hint')).toHaveText('رمزهای عبور یکسان هستند.');
    await submit.click();
    await expect(page.getByText('رمز عبور شما تغییر کرد.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });

    await loginUI(page, { ...student, password: 'oldpassword' }, 'student');
    await expect(page.getByRole('alert')).toBeVisible();
    await loginUI(page, { ...student, password: 'newpassword' }, 'student');
    await expect(page).toHaveURL(/\/student\/dashboard$/);
  });

  test('back returns to step 1 with empty fields', async ({ page, request }) => {
    const student = await registerViaApi(request, 'student');
    await page.goto('/forgot-password');
    await page.getByLabel('شماره موبایل').fill(student.phone);
    await page.getByRole('button', { name: 'ارسال کد' }).click();
    await page.getByLabel('کد تأیید').fill('123456');
    await page.getByRole('button', { name: 'بازگشت', exact: true }).click();
    await expect(page.getByLabel('شماره موبایل')).toHaveValue('');
    await expect(page.getByLabel('کد تأیید')).toHaveCount(0);
  });
});

test.describe('redirects', () => {
  test('unknown paths, the root and protected paths go to /login when signed out', async ({ page }) => {
    for (const path of ['/no/such/page', '/', '/student/dashboard', '/teacher/availability', '/student/find-teacher/7']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/login$/);
    }
  });
});
