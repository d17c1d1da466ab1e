// Journeys of the profiles (issue 4): a teacher fills an incomplete profile
// with photo, video, documents and two priced languages, saves, reloads and
// sees it; a student edits their own profile.
import { expect as baseExpect, test } from '@playwright/test';
import { expectAccessible, isolate, latestCode, randomPhone, registerViaApi, signInViaApi, uniqueName } from './helpers';
import { SMALL_MP4, SMALL_PDF, png } from './find-teacher-fixtures';

// Screens load lazily and the machines that run this are often busy.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

test('a teacher fills an incomplete profile, saves, reloads and sees it', async ({ page, context, request }) => {
  const teacher = await registerViaApi(request, 'teacher');
  const wpId = uniqueName('wp');
  await signInViaApi(context, request, teacher);
  await page.goto('/teacher/profile');
  await expect(page).toHaveTitle('ویرایش پروفایل - زبانو');
  // Incomplete: the editor opens in edit mode with what is missing.
  await expect(page.getByText('پروفایل شما کامل نیست', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'ذخیرهٔ تغییرات' })).toBeVisible();
  await expectAccessible(page, '/teacher/profile (edit)');

  await page.getByLabel('نام', { exact: true }).fill('مینا');
  await page.getByLabel('نام خانوادگی', { exact: true }).fill('رحیمی');
  await page.getByLabel('معرفی', { exact: true }).fill('ده سال تدریس آیلتس و مکالمه.');
  await page.getByLabel('سال‌های تجربه', { exact: true }).fill('۱۰');
  await page.getByLabel('قیمت هر ساعت (تومان)', { exact: true }).fill('350000');
  await page.getByLabel(/^قیمت جلسهٔ آزمایشی/).fill('150000');
  await page.getByLabel(/^شناسهٔ استاد در سایت اصلی/).fill(wpId);

  const levels = page.getByRole('region', { name: 'سطح‌های زبان' });
  await levels.getByRole('button', { name: 'افزودن زبان' }).click();
  await expect(levels.getByText('یک زبان و دست‌کم یک سطح انتخاب کنید')).toBeVisible();
  await levels.getByLabel('زبان', { exact: true }).selectOption('English');
  await levels.getByText('B1', { exact: true }).click();
  await levels.getByText('B2', { exact: true }).click();
  await levels.getByLabel('قیمت هر کلاس (تومان)').fill('250000');
  await levels.getByLabel(/^قیمت کلاس آزمون/).fill('300000');
  await levels.getByRole('button', { name: 'افزودن زبان' }).click();
  await expect(levels.getByRole('button', { name: `حذف انگلیسی ${isolate('B1 B2', 'fa')}` })).toBeVisible();
  await levels.getByLabel('زبان', { exact: true }).selectOption('German');
  await levels.getByText('A1', { exact: true }).click();
  await levels.getByLabel('قیمت هر کلاس (تومان)').fill('۱۸۰۰۰۰');
  await levels.getByRole('button', { name: 'افزودن زبان' }).click();
  await expect(levels.getByRole('button', { name: `حذف آلمانی ${isolate('A1', 'fa')}` })).toBeVisible();

  await page.getByTestId('teacher-photo-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png([79, 70, 229], [236, 72, 153]) });
  await page.getByTestId('teacher-video-input').setInputFiles({ name: 'intro.mp4', mimeType: 'video/mp4', buffer: SMALL_MP4 });
  await page.getByTestId('teacher-documents-input').setInputFiles([
    { name: 'cv.pdf', mimeType: 'application/pdf', buffer: SMALL_PDF },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a document') },
  ]);
  await expect(page.getByText(`${isolate('notes.txt', 'fa')}: فقط فایل‌های PDF، DOC، DOCX، JPEG یا PNG پذیرفته می‌شوند.`)).toBeVisible();
  await expect(page.getByText('cv.pdf', { exact: true })).toBeVisible();

  // The success notice shows for 3 seconds: watch for it from the click on.
  const notice = page.getByText('پروفایل با موفقیت به‌روز شد');
  const noticed = notice.waitFor({ state: 'visible', timeout: 60_000 });
  await page.getByRole('button', { name: 'ذخیرهٔ تغییرات' }).click();
  await noticed;
  await expect(page.getByRole('button', { name: 'ویرایش پروفایل' })).toBeVisible();
  await expect(notice).toBeHidden({ timeout: 8_000 });

  await page.reload();
  await expect(page.getByRole('button', { name: 'ویرایش پروفایل' })).toBeVisible();
  await expect(page.getByText('پروفایل شما کامل نیست', { exact: false })).toHaveCount(0);
  await expect(page.getByText('مینا رحیمی', { exact: true })).toBeVisible();
  await expect(page.getByText('ده سال تدریس آیلتس و مکالمه.')).toBeVisible();
  await expect(page.getByText('۳۵۰٬۰۰۰ تومان').first()).toBeVisible();
  await expect(page.getByText('۱۵۰٬۰۰۰ تومان').first()).toBeVisible();
  await expect(page.getByText(wpId)).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('row', { name: /انگلیسی/ })).toContainText('۲۵۰٬۰۰۰ تومان');
  await expect(table.getByRole('row', { name: /انگلیسی/ })).toContainText('۳۰۰٬۰۰۰ تومان');
  await expect(table.getByRole('row', { name: /آلمانی/ })).toContainText('۱۸۰٬۰۰۰ تومان');
  await expect(page.getByRole('link', { name: 'cv.pdf' })).toHaveAttribute('href', /\/media\/documents\/[0-9a-f]+\.pdf$/);
  await expect(page.locator('video')).toHaveAttribute('src', /\/media\/videos\/[0-9a-f]+\.mp4$/);
  await expect(page.getByRole('img', { name: 'عکس مینا رحیمی' })).toHaveAttribute('src', /\/media\/photos\/[0-9a-f]+\.png$/);
  // The header's avatar follows the new photo.
  await expect(page.getByRole('banner').locator('img')).toHaveAttribute('src', /\/media\/photos\//);
  await expectAccessible(page, '/teacher/profile (view)');
});

test('a student changes their photo, details, phone and languages, then logs out', async ({ page, context, request }) => {
  const student = await registerViaApi(request, 'student');
  await signInViaApi(context, request, student);
  await page.goto('/student/profile');
  await page.getByRole('button', { name: 'تغییر زبان به انگلیسی' }).click();
  await expect(page).toHaveTitle('Profile - Zabano');
  await expect(page.getByRole('heading', { name: 'Personal information' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Quick stats' })).toContainText('0 Toman');
  await expectAccessible(page, '/student/profile');

  const photo = page.getByTestId('student-photo-input');
  await photo.setInputFiles({ name: 'cat.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByText('Please choose a JPEG or PNG image.')).toBeVisible();
  await photo.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png([16, 185, 129], [59, 130, 246]) });
  await expect(page.getByText('Photo updated')).toBeVisible();
  await expect(page.getByRole('img', { name: /^Photo of / })).toHaveAttribute('src', /\/media\/photos\//);
  await expect(page.getByText('Photo updated')).toBeHidden({ timeout: 8_000 });

  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('First name').fill('Sara');
  await page.getByLabel('Last name').fill('Ahmadi');
  const newPhone = randomPhone();
  await page.getByLabel('Mobile number').fill(newPhone);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Phone verification is required')).toBeVisible();
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Verification code').fill(await latestCode(request, newPhone));
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  const info = page.getByRole('region', { name: 'Personal information' });
  await expect(info).toContainText('Ahmadi');
  await expect(info).toContainText(newPhone);

  const languages = page.getByRole('region', { name: 'Languages I learn' });
  await languages.getByLabel('Language').selectOption('English');
  await languages.getByLabel('Level').selectOption('advanced');
  await languages.getByRole('button', { name: 'Add' }).click();
  await expect(languages.getByRole('listitem')).toContainText(['EnglishAdvanced']);
  await expect(page.getByRole('region', { name: 'Quick stats' })).toContainText('1');

  await page.reload();
  await expect(page.getByRole('region', { name: 'Personal information' })).toContainText('Sara');
  await expect(page.getByRole('region', { name: 'Languages I learn' }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('region', { name: 'Languages I learn' }).getByRole('button', { name: 'Remove English' }).click();
  await expect(page.getByText('You have not added a language yet.')).toBeVisible();

  await page.getByRole('main').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
