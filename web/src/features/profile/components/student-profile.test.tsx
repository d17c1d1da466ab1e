import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { makeUser, renderApp, signIn } from '@/testing/test-utils';
import type { StudentProfile } from '../api/get-student-profile';

const user = makeUser({ id: 3, role: 'student', username: 'sara', wallet: 120000 });

function makeProfile(over: Partial<StudentProfile> = {}): StudentProfile {
  return {
    id: 3,
    user: { username: 'sara', email: 'sara@example.com', phone: '09121234567' },
    username: 'sara',
    email: 'sara@example.com',
    phone: '09121234567',
    first_name: 'Sara',
    last_name: 'Ahmadi',
    name: 'Sara Ahmadi',
    bio: 'I want to pass IELTS.',
    level: '',
    photo: null,
    profile_photo_url: null,
    language_levels: [{ id: 1, language: 'German', language_wp_id: 0, level: 'beginner' }],
    ...over,
  };
}

const progress = {
  currentLevel: '', currentLevelCode: '', progress: 0, lessons: 0, totalHours: 0, totalMinutes: 0,
  classesThisWeek: 0, upcoming: 0, exercises: 0, exams: 0, weekly: [],
};

function setup() {
  let profile = makeProfile();
  const saved: Array<Record<string, string>> = [];
  const photos: string[] = [];
  const added: unknown[] = [];
  const codes: string[] = [];
  server.use(
    http.get('*/api/profile/', () => HttpResponse.json(user)),
    http.get('*/api/student/progress/', () => HttpResponse.json(progress)),
    http.get('*/api/student/profile/', () => HttpResponse.json(profile)),
    http.post('*/api/student/profile/', async ({ request }) => {
      const form = await request.formData();
      const body = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
      saved.push(body);
      profile = { ...profile, ...body, phone: body.phone_number ?? profile.phone };
      return HttpResponse.json(profile);
    }),
    http.post('*/api/student/profile/upload-photo/', async ({ request }) => {
      const f = (await request.formData()).get('profile_photo') as File;
      photos.push(f.name);
      return HttpResponse.json({ profile_photo_url: 'http://localhost/media/photos/a.png' });
    }),
    http.post('*/api/phone-verify/', async ({ request }) => {
      codes.push(((await request.json()) as { phone: string }).phone);
      return HttpResponse.json({ detail: 'sent', expires_in: 600 });
    }),
    http.post('*/api/student/language-level/', async ({ request }) => {
      const body = (await request.json()) as { language: unknown; level: string };
      added.push(body);
      profile = {
        ...profile,
        language_levels: [...profile.language_levels, { id: 2, language: 'English', language_wp_id: 17, level: body.level }],
      };
      return HttpResponse.json(profile);
    }),
    http.delete('*/api/student/language-level/:id/', ({ params }) => {
      profile = { ...profile, language_levels: profile.language_levels.filter((l) => String(l.id) !== params.id) };
      return HttpResponse.json(profile);
    }),
  );
  signIn(user);
  return { ...renderApp('/student/profile'), saved, photos, added, codes };
}

const loaded = () => screen.findByRole('heading', { level: 2, name: 'Personal information' }, { timeout: 20_000 });

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('student profile', () => {
  it('shows the details, the credit and the number of languages', async () => {
    setup();
    const info = (await loaded()).closest('section')!;
    expect(within(info).getByText('sara@example.com')).toBeInTheDocument();
    expect(within(info).getByText('Ahmadi')).toBeInTheDocument();
    expect(within(info).getByText('I want to pass IELTS.')).toBeInTheDocument();
    const stats = screen.getByRole('heading', { name: 'Quick stats' }).closest('section')!;
    expect(await within(stats).findByText('120,000 Toman')).toBeInTheDocument();
    expect(within(stats).getByText('1')).toBeInTheDocument();
  }, 40_000);

  it('checks a photo before sending it, then uploads it', async () => {
    const { user: u, photos } = setup();
    await loaded();
    const input = screen.getByTestId('student-photo-input');
    const userNoAccept = (await import('@testing-library/user-event')).default.setup({ applyAccept: false });
    await userNoAccept.upload(input, new File(['GIF89a'], 'cat.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Please choose a JPEG or PNG image.')).toBeInTheDocument();
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    await userNoAccept.upload(input, big);
    expect(await screen.findByText('The photo must be at most 5 MB.')).toBeInTheDocument();
    expect(photos).toEqual([]);
    await u.upload(input, new File(['png'], 'me.png', { type: 'image/png' }));
    expect(await screen.findByText('Photo updated')).toBeInTheDocument();
    expect(photos).toHaveLength(1);
    expect(await screen.findByRole('img', { name: 'Photo of Sara Ahmadi' })).toHaveAttribute('src', 'http://localhost/media/photos/a.png');
    // Success notices vanish after 3 seconds.
    await waitFor(() => expect(screen.queryByText('Photo updated')).not.toBeInTheDocument(), { timeout: 5000 });
  });

  it('edits the details and sends only the filled fields', async () => {
    const { user: u, saved } = setup();
    await loaded();
    await u.click(screen.getByRole('button', { name: 'Edit' }));
    const first = screen.getByLabelText('First name');
    await u.clear(first);
    await u.type(first, 'Sarah');
    await u.clear(screen.getByLabelText('Last name'));
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(saved).toEqual([{ username: 'sara', email: 'sara@example.com', first_name: 'Sarah', bio: 'I want to pass IELTS.' }]);
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });

  it('changes the phone only with a code sent to it', async () => {
    const { user: u, saved, codes } = setup();
    await loaded();
    await u.click(screen.getByRole('button', { name: 'Edit' }));
    const phone = screen.getByLabelText('Mobile number');
    await u.clear(phone);
    await u.type(phone, '09351234567');
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Phone verification is required')).toBeInTheDocument();
    expect(saved).toEqual([]);
    await u.click(screen.getByRole('button', { name: 'Send code' }));
    const code = await screen.findByLabelText('Verification code');
    expect(codes).toEqual(['09351234567']);
    await u.type(code, '123456');
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(saved[0]).toMatchObject({ phone_number: '09351234567', code: '123456' });
  });

  it('adds and removes languages', async () => {
    const { user: u, added } = setup();
    await loaded();
    const section = screen.getByRole('heading', { name: 'Languages I learn' }).closest('section')!;
    await u.click(within(section).getByRole('button', { name: 'Add' }));
    expect(await within(section).findByText('select a language and at least one level')).toBeInTheDocument();
    await u.selectOptions(within(section).getByLabelText('Language'), 'English');
    await u.selectOptions(within(section).getByLabelText('Level'), 'intermediate');
    await u.click(within(section).getByRole('button', { name: 'Add' }));
    const list = within(section).getByRole('list');
    expect(await within(list).findByText('English')).toBeInTheDocument();
    expect(within(list).getByText('Intermediate')).toBeInTheDocument();
    expect(added).toEqual([{ language: 17, level: 'intermediate' }]);
    expect(screen.getByText('Language level saved')).toBeInTheDocument();
    await u.click(within(section).getByRole('button', { name: 'Remove German' }));
    await waitFor(() => expect(within(list).queryByText('German')).not.toBeInTheDocument());
  });

  it('logs out to the login page', async () => {
    const { user: u, router } = setup();
    await loaded();
    const buttons = screen.getAllByRole('button', { name: 'Log out' });
    await u.click(buttons[buttons.length - 1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
