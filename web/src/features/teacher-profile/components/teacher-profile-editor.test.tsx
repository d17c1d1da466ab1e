import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { makeUser, renderApp, signIn } from '@/testing/test-utils';
import type { TeacherProfile } from '@/lib/api/teacher-profile';

const teacher = makeUser({ id: 9, role: 'teacher', username: 'reza' });

function makeProfile(over: Partial<TeacherProfile> = {}): TeacherProfile {
  return {
    id: 9,
    user: { id: 9, username: 'reza', first_name: '', last_name: '' },
    username: 'reza',
    first_name: '',
    last_name: '',
    name: 'reza',
    bio: '',
    photo: null,
    profile_photo_url: null,
    price_per_hour: 0,
    test_session_price: 0,
    experience_years: 0,
    languages: [],
    rating: null,
    reviews_count: 0,
    total_sessions: 0,
    wp_teacher_id: '',
    timezone: 'Asia/Tehran',
    intro_video: null,
    documents: [],
    language_levels: [],
    specializations: '',
    education: '',
    certifications: '',
    teaching_style: '',
    availability_note: '',
    complete: false,
    wallet_balance: 0,
    classes_held: 0,
    this_month_earnings: 0,
    pending_withdrawals: 0,
    total_earnings: 0,
    review: { status: 'approved', reason: '', requested_at: '2026-11-01T08:00:00Z' },
    ...over,
  };
}

type Sent = Record<string, string | string[]>;

function setup(initial: TeacherProfile, answer?: (sent: Sent) => Response) {
  let profile = initial;
  const sent: Sent[] = [];
  server.use(
    http.get('*/api/profile/', () => HttpResponse.json(teacher)),
    http.get('*/api/teacher/profile/', () => HttpResponse.json(profile)),
    http.post('*/api/teacher/profile/', async ({ request }) => {
      const form = await request.formData();
      const body: Sent = {};
      for (const [k, v] of form.entries()) {
        const value = typeof v === 'string' ? v : `file:${v.type}`;
        if (k === 'documents') body[k] = [...((body[k] as string[]) ?? []), value];
        else body[k] = value;
      }
      sent.push(body);
      if (answer) return answer(body);
      const levels = JSON.parse(String(body.language_levels ?? '[]')) as Array<{ language: string; levels: string[]; regular_price: number; exam_price: number }>;
      profile = {
        ...profile,
        bio: String(body.bio ?? profile.bio),
        experience_years: Number(body.experience_years ?? profile.experience_years),
        price_per_hour: Number(body.price_per_hour ?? profile.price_per_hour),
        language_levels: levels.map((l, i) => ({ id: i + 1, ...l })) as TeacherProfile['language_levels'],
        documents: (body.documents as string[] | undefined)?.map((_, i) => ({ id: i + 1, name: `doc${i + 1}.pdf`, url: `http://localhost/media/documents/${i}.pdf`, created_at: '2026-11-21T10:00:00Z' })) ?? [],
        complete: true,
      };
      return HttpResponse.json({ ...profile, document_errors: [{ name: 'fake.pdf', detail: 'The document must be PDF, DOC, DOCX, JPEG or PNG and at most 10 MB.' }] });
    }),
  );
  signIn(teacher);
  return { ...renderApp('/teacher/profile'), sent };
}

const loaded = () => screen.findByRole('heading', { level: 1, name: 'Edit profile' }, { timeout: 20_000 });

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('teacher profile editor', () => {
  it('opens an incomplete profile in edit mode and saves the filled fields, levels and files', async () => {
    const { sent } = setup(makeProfile());
    // No pause between keys: this journey types a lot.
    const user = userEvent.setup({ delay: null, applyAccept: false });
    const files = user;
    await loaded();
    expect(await screen.findByText(/Your profile is incomplete/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Bio/), 'Ten years of IELTS.');
    await user.type(screen.getByLabelText('Years of experience'), '10');
    await user.type(screen.getByLabelText('Price per hour (Toman)'), '12.5');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Prices are whole numbers of Toman, up to 1,000,000,000.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Price per hour (Toman)'));
    await user.type(screen.getByLabelText('Price per hour (Toman)'), '۳۵۰۰۰۰');

    const levels = screen.getByRole('heading', { name: 'Language levels' }).closest('section')!;
    await user.click(within(levels).getByRole('button', { name: 'Add language' }));
    expect(await within(levels).findByText('select a language and at least one level')).toBeInTheDocument();
    await user.selectOptions(within(levels).getByLabelText('Language'), 'English');
    await user.click(within(levels).getByRole('checkbox', { name: 'B1' }));
    await user.click(within(levels).getByRole('checkbox', { name: 'B2' }));
    await user.click(within(levels).getByRole('button', { name: 'Add language' }));
    expect(await within(levels).findByText('Enter the price of a class for these levels.')).toBeInTheDocument();
    await user.type(within(levels).getByLabelText('Price per class (Toman)'), '250000');
    await user.type(within(levels).getByLabelText(/Exam class price/), '300000');
    await user.click(within(levels).getByRole('button', { name: 'Add language' }));
    expect(await within(levels).findByRole('button', { name: 'Remove English B1 B2' })).toBeInTheDocument();
    // A second language, left in the adder: saving adds it too.
    await user.selectOptions(within(levels).getByLabelText('Language'), 'German');
    await user.click(within(levels).getByRole('checkbox', { name: 'A1' }));
    await user.type(within(levels).getByLabelText('Price per class (Toman)'), '150000');

    await files.upload(screen.getByTestId('teacher-photo-input'), new File(['GIF'], 'me.gif', { type: 'image/gif' }));
    expect(await screen.findByText('The photo must be a JPEG or PNG image.')).toBeInTheDocument();
    await files.upload(screen.getByTestId('teacher-photo-input'), new File(['png'], 'me.png', { type: 'image/png' }));
    const hugeVideo = new File(['x'], 'intro.mp4', { type: 'video/mp4' });
    Object.defineProperty(hugeVideo, 'size', { value: 101 * 1024 * 1024 });
    await files.upload(screen.getByTestId('teacher-video-input'), hugeVideo);
    expect(await screen.findByText('The video must be at most 100 MB.')).toBeInTheDocument();
    await files.upload(screen.getByTestId('teacher-video-input'), new File(['mp4'], 'intro.mp4', { type: 'video/mp4' }));
    await files.upload(screen.getByTestId('teacher-documents-input'), [
      new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }),
      new File(['mp3'], 'song.mp3', { type: 'audio/mpeg' }),
      new File(['%PDF'], 'fake.pdf', { type: 'application/pdf' }),
    ]);
    expect(await screen.findByText('song.mp3: only PDF, DOC, DOCX, JPEG or PNG files are accepted.')).toBeInTheDocument();
    expect(screen.getByText('cv.pdf')).toBeInTheDocument();
    expect(screen.getByText('fake.pdf')).toBeInTheDocument();
    expect(screen.queryByText('song.mp3')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toEqual({
      bio: 'Ten years of IELTS.',
      experience_years: '10',
      price_per_hour: '350000',
      language_levels: JSON.stringify([
        { language: 'English', levels: ['B1', 'B2'], regular_price: 250000, exam_price: 300000 },
        { language: 'German', levels: ['A1'], regular_price: 150000, exam_price: 0 },
      ]),
      photo: 'file:image/png',
      intro_video: 'file:video/mp4',
      documents: ['file:application/pdf', 'file:application/pdf'],
    });
    // The server's skipped documents are reported; the view shows what was saved.
    expect(screen.getByText('The server did not accept these documents:')).toBeInTheDocument();
    expect(screen.getByText('fake.pdf')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit profile' })).toBeInTheDocument();
    expect(screen.getByText('Ten years of IELTS.')).toBeInTheDocument();
    expect(screen.queryByText(/Your profile is incomplete/)).not.toBeInTheDocument();
  }, 180_000);

  it('opens a complete profile in view mode and puts server errors next to fields', async () => {
    const { user } = setup(
      makeProfile({
        complete: true,
        bio: 'Hello',
        price_per_hour: 300000,
        experience_years: 4,
        language_levels: [{ id: 1, language: 'French', levels: ['A1', 'A2'], regular_price: 200000, exam_price: 0 }],
      }),
      () =>
        HttpResponse.json(
          { wp_teacher_id: ['Another teacher has this main-site id.'], detail: 'Another teacher has this main-site id.' },
          { status: 400 },
        ),
    );
    await loaded();
    const overview = await screen.findByRole('heading', { name: 'Overview' });
    expect(within(overview.closest('section')!).getByText('300,000 Toman')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'French' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    await user.type(screen.getByLabelText(/Main-site teacher id/), 'wp-1');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Another teacher has this main-site id.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Main-site teacher id/)).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument());
  }, 40_000);
});

describe('the review of a teacher profile', () => {
  it('tells a new teacher they wait for an operator', async () => {
    setup(makeProfile({ complete: true, review: { status: 'pending', reason: '', requested_at: '2026-11-21T09:00:00Z' } }));
    await loaded();
    expect(await screen.findByRole('region', { name: "Waiting for an operator's review" })).toHaveTextContent('Once it is approved, learners find you');
    expect(screen.queryByRole('button', { name: 'Ask for review again' })).not.toBeInTheDocument();
  });

  it("shows the operator's reason and asks again", async () => {
    let review: TeacherProfile['review'] = { status: 'rejected', reason: 'Your photo does not show your face.', requested_at: '2026-11-20T09:00:00Z' };
    setup(makeProfile({ complete: true }));
    let asked = 0;
    server.use(
      http.get('*/api/teacher/profile/', () => HttpResponse.json({ ...makeProfile({ complete: true }), review })),
      http.post('*/api/teacher/profile/review/', () => {
        asked++;
        review = { status: 'pending', reason: '', requested_at: '2026-11-21T09:00:00Z' };
        return HttpResponse.json(review);
      }),
    );
    await loaded();
    const notice = await screen.findByRole('region', { name: 'An operator sent your profile back' });
    expect(notice).toHaveTextContent('Your photo does not show your face.');
    expect(notice).toHaveTextContent('Change what it asks in your profile and save');
    await userEvent.click(within(notice).getByRole('button', { name: 'Ask for review again' }));
    expect(await screen.findByRole('region', { name: "Waiting for an operator's review" })).toBeInTheDocument();
    expect(asked).toBe(1);
  });

  it('says nothing once approved', async () => {
    setup(makeProfile({ complete: true }));
    await loaded();
    expect(await screen.findByRole('button', { name: 'Edit profile' })).toBeInTheDocument();
    expect(screen.queryByTestId('review-state')).not.toBeInTheDocument();
  });
});
