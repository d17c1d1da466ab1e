import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { makeUser, renderApp, signIn } from '@/testing/test-utils';
import { makeSlot, makeTeacher } from '@/testing/fixtures';

const student = makeUser({ id: 1, role: 'student', wallet: 500000 });

const progress = {
  currentLevel: '', currentLevelCode: '', progress: 0, lessons: 0, totalHours: 0, totalMinutes: 0,
  classesThisWeek: 0, upcoming: 0, exercises: 0, exams: 0, weekly: [],
};

type Teacher = ReturnType<typeof makeTeacher>;

function setup(path: string, opts: { teachers?: Teacher[]; byId?: Teacher[]; count?: number; countExact?: boolean } = {}) {
  const queries: URLSearchParams[] = [];
  const teachers = opts.teachers ?? [makeTeacher(1), makeTeacher(2)];
  server.use(
    http.get('*/api/profile/', () => HttpResponse.json(student)),
    http.get('*/api/student/progress/', () => HttpResponse.json(progress)),
    http.get('*/api/teachers/list/', ({ request }) => {
      const q = new URL(request.url).searchParams;
      queries.push(q);
      const results = q.get('id') ? (opts.byId ?? []) : teachers;
      const count = q.get('id') ? results.length : (opts.count ?? results.length);
      return HttpResponse.json({ results, count, count_exact: opts.countExact ?? true, page: Number(q.get('page') ?? 1), page_size: 12 });
    }),
    http.get('*/api/slot/teacher/:id/', () => HttpResponse.json([])),
    http.get('*/api/teachers/:id/profile/', ({ params }) => HttpResponse.json({ ...makeTeacher(Number(params.id)), level_prices: [] })),
  );
  signIn(student);
  return { ...renderApp(path), queries };
}

/** The screen loads lazily; on a busy machine its first import takes a while. */
const loaded = () => screen.findByRole('heading', { level: 1, name: /Choose a teacher|انتخاب استاد/ }, { timeout: 20_000 });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('find teacher', () => {
  it('shows teacher cards as the spec describes', async () => {
    await i18n.changeLanguage('en');
    const busy = makeTeacher(1, { name: 'Reza Busy', rating: 4.75, reviews_count: 12, languages: ['English', 'German', 'French', 'Arabic'] });
    const free = makeTeacher(2, {
      name: 'Mina Free',
      test_session_price: 0,
      available: true,
      free_slots: 5,
      next_slots: [
        makeSlot(11, 2, '2026-11-23T09:30:00Z'),
        makeSlot(12, 2, '2026-11-23T15:00:00Z'),
        makeSlot(13, 2, '2026-11-24T09:30:00Z'),
      ],
    });
    localStorage.setItem('zabano.tz', 'UTC');
    setup('/student/find-teacher', { teachers: [busy, free] });
    await loaded();
    const busyCard = await screen.findByRole('article', { name: 'Reza Busy' });
    expect(within(busyCard).getByText('Busy')).toBeInTheDocument();
    expect(within(busyCard).getByText('English')).toBeInTheDocument();
    expect(within(busyCard).getByText('German')).toBeInTheDocument();
    expect(within(busyCard).queryByText('French')).not.toBeInTheDocument();
    expect(within(busyCard).getByText('+2 more')).toBeInTheDocument();
    expect(within(busyCard).getByText('250,000 Toman')).toBeInTheDocument();
    expect(within(busyCard).getByText('100,000 Toman')).toBeInTheDocument();
    expect(within(busyCard).getByText('No free times yet')).toBeInTheDocument();
    expect(within(busyCard).getByText('Rated 4.8 out of 5 by 12 reviews')).toBeInTheDocument();
    expect(within(busyCard).getByRole('button', { name: 'Reviews of Reza Busy' })).toBeInTheDocument();

    const freeCard = screen.getByRole('article', { name: 'Mina Free' });
    expect(within(freeCard).getByText('Available')).toBeInTheDocument();
    // Nobody rated her: "new", no number, no reviews to open.
    expect(within(freeCard).getByText('New')).toBeInTheDocument();
    expect(within(freeCard).queryByText(/Rated/)).not.toBeInTheDocument();
    expect(within(freeCard).queryByRole('button', { name: /Reviews of/ })).not.toBeInTheDocument();
    expect(within(freeCard).getByText('Not offered')).toBeInTheDocument();
    expect(within(freeCard).getByText('Mon Nov 23 · 9:30 AM')).toBeInTheDocument();
    expect(within(freeCard).getByText('Mon Nov 23 · 3:00 PM')).toBeInTheDocument();
    expect(within(freeCard).queryByText(/Nov 24/)).not.toBeInTheDocument();
    expect(within(freeCard).getByText('+3 more')).toBeInTheDocument();
    expect(screen.getByText('Teachers found: 2')).toBeInTheDocument();
  });

  it('puts the search, language and sort in the URL and asks the server', async () => {
    await i18n.changeLanguage('en');
    const { user, router, queries } = setup('/student/find-teacher', { count: 30 });
    await screen.findByRole('article', { name: 'Sara Teacher1' });
    expect(queries.at(-1)?.get('sort')).toBe('rating');
    expect(queries.at(-1)?.get('tz')).toBeTruthy();

    await user.type(screen.getByLabelText('Search by name or bio'), 'ielts{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=ielts'));
    // The search is sent, best matches first, and the keyboard user is still in the box.
    await waitFor(() => expect(queries.at(-1)?.get('q')).toBe('ielts'));
    expect(queries.at(-1)?.get('sort')).toBe('relevance');
    expect(screen.getByLabelText('Sort by')).toHaveValue('relevance');
    expect(screen.getByLabelText('Search by name or bio')).toHaveFocus();
    await user.selectOptions(screen.getByLabelText('Language'), 'german');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'price');
    await waitFor(() => expect(router.state.location.search).toBe('?q=ielts&language=german&sort=price'));
    await waitFor(() => expect(queries.at(-1)?.toString()).toContain('q=ielts&language=german&sort=price&page=1'));

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toContain('page=2'));
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('2'));
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('says "more than" when a search counted only its next pages, and pages on', async () => {
    await i18n.changeLanguage('en');
    // The server counted this page and five more: 72 of 12, and more match.
    const { user, queries } = setup('/student/find-teacher?q=business', { count: 72, countExact: false });
    expect(await screen.findByText('Teachers found: more than 72')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 7 or more')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('2'));
    expect(await screen.findByText('Page 2 of 7 or more')).toBeInTheDocument();

    await i18n.changeLanguage('fa');
    expect(await screen.findByText('استادان پیداشده: بیش از ۷۲')).toBeInTheDocument();
    expect(screen.getByText('صفحهٔ ۲ از ۷ یا بیشتر')).toBeInTheDocument();
  });

  it('reads a shared search from the URL, and offers to clear one that finds nobody', async () => {
    await i18n.changeLanguage('en');
    const { user, router, queries } = setup('/student/find-teacher?q=nobody&language=spanish&sort=experience', { teachers: [] });
    expect(await screen.findByText('No teacher matches your search.')).toBeInTheDocument();
    expect(screen.getByLabelText('Search by name or bio')).toHaveValue('nobody');
    expect(screen.getByLabelText('Language')).toHaveValue('spanish');
    expect(screen.getByLabelText('Sort by')).toHaveValue('experience');
    expect(queries[0]?.toString()).toContain('q=nobody&language=spanish&sort=experience');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=experience'));
  });

  it('shows the server error with a retry', async () => {
    await i18n.changeLanguage('en');
    const { user } = setup('/student/find-teacher');
    let fail = true;
    server.use(
      http.get('*/api/teachers/list/', () =>
        fail
          ? HttpResponse.json({ detail: 'Sort by rating, price or experience.' }, { status: 400 })
          : HttpResponse.json({ results: [makeTeacher(5)], count: 1, count_exact: true, page: 1, page_size: 12 }),
      ),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sort by rating, price or experience.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Sara Teacher5' })).toBeInTheDocument();
  });
});

/** sorted is a query string with its parameters in alphabetical order. */
const sorted = (search: string) => {
  const p = new URLSearchParams(search);
  p.sort();
  return p.toString();
};

describe('the filters', () => {
  it('put every filter in the URL, ask the server, and come back from the URL', async () => {
    await i18n.changeLanguage('en');
    const { user, router, queries } = setup('/student/find-teacher');
    await screen.findByRole('article', { name: 'Sara Teacher1' });
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    // An English week starts on Sunday.
    const week = within(screen.getByRole('group', { name: 'Free on' })).getAllByRole('button');
    expect(week.map((b) => b.textContent)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    await user.click(screen.getByRole('button', { name: 'Mon' }));
    await user.click(screen.getByRole('button', { name: 'Sat' }));
    await user.click(screen.getByRole('button', { name: /^Evening/ }));
    await user.click(screen.getByRole('button', { name: 'Free in the next 7 days' }));
    await user.click(screen.getByRole('button', { name: 'Offers a trial class' }));
    await user.selectOptions(screen.getByLabelText('Minimum rating'), '4.5');
    await user.type(screen.getByLabelText('From'), '۱۰۰٬۰۰۰');
    await user.type(screen.getByLabelText('To'), '300000{Enter}');
    const want = 'days=sat%2Cmon&price_max=300000&price_min=100000&rating_min=4.5&time=evening&trial=1&within=7';
    await waitFor(() => expect(sorted(router.state.location.search)).toBe(want));
    await waitFor(() => expect(queries.at(-1)?.toString()).toContain('price_min=100000&price_max=300000&days=sat%2Cmon&time=evening&within=7&trial=1&rating_min=4.5'));
    expect(screen.getByRole('button', { name: 'Filters (6)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mon' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Sun' })).toHaveAttribute('aria-pressed', 'false');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.getByLabelText('From')).toHaveDisplayValue(''));
  });

  it('opens on a shared search with filters, in Persian', async () => {
    await i18n.changeLanguage('fa');
    const { queries } = setup('/student/find-teacher?days=fri&time=night&price_max=250000');
    await screen.findByRole('article', { name: 'Sara Teacher1' });
    expect(screen.getByRole('button', { name: 'فیلترها (۳)' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'جمعه' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: /^شب/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: /^شب/ })).toHaveTextContent('شب۲۱ تا ۶');
    expect(screen.getByLabelText('تا')).toHaveValue('۲۵۰۰۰۰');
    expect(queries[0]?.get('days')).toBe('fri');
    expect(queries[0]?.get('time')).toBe('night');
    // A Persian week starts on Saturday.
    const week = within(screen.getByRole('group', { name: 'آزاد در روزهای' })).getAllByRole('button');
    expect(week.map((b) => b.textContent)).toEqual(['شنبه', 'یکشنبه', 'دوشنبه', 'سه‌شنبه', 'چهارشنبه', 'پنجشنبه', 'جمعه']);
  });

  it('refuses a price range upside down', async () => {
    await i18n.changeLanguage('en');
    const { user, router } = setup('/student/find-teacher');
    await screen.findByRole('article', { name: 'Sara Teacher1' });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.type(screen.getByLabelText('From'), '500000');
    await user.type(screen.getByLabelText('To'), '100000');
    await user.click(screen.getByRole('button', { name: 'Apply price' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The highest price must not be below the lowest.');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), 'cheap{Enter}');
    expect(await screen.findByText('Enter whole Toman, for example 250000.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});

describe('saved teachers', () => {
  it('saves at once with the heart, and shows the saved ones under "saved"', async () => {
    await i18n.changeLanguage('en');
    const saves: string[] = [];
    const { user, router, queries } = setup('/student/find-teacher', { teachers: [makeTeacher(1, { saved: false }), makeTeacher(2, { saved: true })] });
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post('*/api/teachers/:id/save/', async ({ params }) => {
        saves.push(`save ${params.id}`);
        await answered;
        return new HttpResponse(null, { status: 204 });
      }),
      http.delete('*/api/teachers/:id/save/', ({ params }) => {
        saves.push(`unsave ${params.id}`);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const card1 = await screen.findByRole('article', { name: 'Sara Teacher1' });
    const card2 = screen.getByRole('article', { name: 'Sara Teacher2' });
    expect(within(card2).getByRole('button', { name: 'Saved' })).toBeInTheDocument();
    await user.click(within(card1).getByRole('button', { name: 'Save' }));
    // Shown before the server answers (the cards render in a transition).
    expect(await within(card1).findByRole('button', { name: 'Saved' })).toBeInTheDocument();
    await waitFor(() => expect(saves).toEqual(['save 1']));
    answer();
    await user.click(within(card2).getByRole('button', { name: 'Saved' }));
    await waitFor(() => expect(saves).toEqual(['save 1', 'unsave 2']));

    await user.click(screen.getByRole('button', { name: 'Saved teachers' }));
    await waitFor(() => expect(router.state.location.search).toBe('?saved=1'));
    await waitFor(() => expect(queries.at(-1)?.get('saved')).toBe('1'));
    expect(screen.getByRole('button', { name: 'Saved teachers' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('takes the heart back when the server refuses', async () => {
    await i18n.changeLanguage('fa');
    const { user } = setup('/student/find-teacher', { teachers: [makeTeacher(1, { saved: false })] });
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post('*/api/teachers/:id/save/', async () => {
        await answered;
        return HttpResponse.json({ detail: 'خطا' }, { status: 500 });
      }),
    );
    const card = await screen.findByRole('article', { name: 'Sara Teacher1' });
    await user.click(within(card).getByRole('button', { name: 'ذخیره' }));
    // The cards render in a transition: the heart follows a moment after.
    expect(await within(card).findByRole('button', { name: 'ذخیره‌شده' })).toBeInTheDocument();
    answer();
    expect(await within(card).findByRole('alert')).toHaveTextContent('ذخیرهٔ این استاد ممکن نشد. دوباره تلاش کنید.');
    expect(await within(card).findByRole('button', { name: 'ذخیره' })).toBeInTheDocument();
  });

  it('says when nothing is saved yet, and shows no heart on a card without the mark', async () => {
    await i18n.changeLanguage('en');
    setup('/student/find-teacher?saved=1', { teachers: [] });
    expect(await screen.findByText('You have not saved any teacher yet.')).toBeInTheDocument();
    expect(screen.getByText("Tap the heart on a teacher's card to find them here later.")).toBeInTheDocument();
  });

  it('shows no heart where the server does not say saved', async () => {
    await i18n.changeLanguage('en');
    setup('/student/find-teacher');
    const card = await screen.findByRole('article', { name: 'Sara Teacher1' });
    expect(within(card).queryByRole('button', { name: /^Save/ })).not.toBeInTheDocument();
  });
});

describe('the main-site link', () => {
  it('highlights the teacher, notices for 5 s, scrolls after 0.5 s and opens booking after 1 s', async () => {
    await i18n.changeLanguage('en');
    const scrolled: number[] = [];
    const start = Date.now();
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(Date.now() - start);
    });
    const featured = makeTeacher(7, { name: 'Main Site Teacher', wp_teacher_id: 'wp-77' });
    const { queries } = setup('/student/find-teacher/wp-77', { teachers: [makeTeacher(1), featured], byId: [featured] });
    const card = await screen.findByRole('article', { name: /Main Site Teacher/ });
    expect(within(card).getByText('From main site')).toBeInTheDocument();
    expect(screen.getByText('Main Site Teacher from the main site was found. The booking form opens in a moment.')).toBeInTheDocument();
    expect(queries.some((q) => q.get('id') === 'wp-77')).toBe(true);
    // Listed once: as the highlighted card, not again in the list.
    expect(screen.getAllByRole('article', { name: /Main Site Teacher/ })).toHaveLength(1);

    const dialog = await screen.findByRole('dialog', { name: 'Book a class with Main Site Teacher' }, { timeout: 3000 });
    expect(dialog).toBeInTheDocument();
    expect(scrolled.length).toBe(1);
    expect(scrolled[0]).toBeGreaterThanOrEqual(400);
    await waitFor(() => expect(screen.queryByText(/from the main site was found/)).not.toBeInTheDocument(), { timeout: 7000 });
  }, 20_000);

  it('says when no teacher has that main-site id', async () => {
    await i18n.changeLanguage('fa');
    setup('/student/find-teacher?id=9999', { byId: [] });
    expect(await screen.findByText('استادی با شناسهٔ سایت اصلی \u20689999\u2069 پیدا نشد.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
