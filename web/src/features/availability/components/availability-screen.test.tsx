import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { makeUser, renderWithRouter, signIn } from '@/testing/test-utils';
import type { Slot } from '../api/get-my-slots';
import { AvailabilityScreen } from './availability-screen';

const teacher = makeUser({ id: 5, role: 'teacher', username: 'mina' });
const HOUR = 3_600_000;

function setup(slots: Slot[] = []) {
  signIn(teacher);
  const batches: unknown[] = [];
  server.use(
    http.get('*/api/profile/', () => HttpResponse.json(teacher)),
    http.get('*/api/slot/available', () => HttpResponse.json(slots)),
    http.post('*/api/slot/available/batch/', async ({ request }) => {
      const body = (await request.json()) as { slots?: unknown[] };
      batches.push(body);
      await delay(20);
      return HttpResponse.json({ created: body.slots?.length ?? 88, skipped: 0, skipped_slots: [] }, { status: 201 });
    }),
  );
  return batches;
}

function slotAt(id: number, start: number, minutes = 60, booked = false): Slot {
  const s = new Date(start);
  const e = new Date(start + minutes * 60_000);
  return {
    id,
    teacher: 5,
    start: s.toISOString(),
    end: e.toISOString(),
    date: s.toISOString().slice(0, 10),
    start_time: s.toISOString().slice(11, 16),
    end_time: e.toISOString().slice(11, 16),
    is_booked: booked,
    status: booked ? 'booked' : 'available',
  };
}

const weekLabel = () => screen.getByText(/^Week \d of 8$/).textContent;
const grid = () => screen.getByRole('group', { name: /^Days of the week/ });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  delete (HTMLElement.prototype as { animate?: unknown }).animate;
});

describe('the week calendar', { timeout: 180_000 }, () => {
  it('moves between weeks 0..7 by the arrows, the current-week button, the wheel, a swipe and the arrow keys', { timeout: 180_000 }, async () => {
    await i18n.changeLanguage('en');
    setup();
    const { user } = renderWithRouter(<AvailabilityScreen />, '/teacher/availability');
    await screen.findByRole('heading', { name: 'Weekly calendar' });
    expect(weekLabel()).toBe('Week 1 of 8');
    expect(screen.getByRole('button', { name: 'Previous week' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'This week' })).toBeDisabled();
    for (let i = 0; i < 7; i++) fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(weekLabel()).toBe('Week 8 of 8');
    expect(screen.getByRole('button', { name: 'Next week' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'This week' }));
    expect(weekLabel()).toBe('Week 1 of 8');
    void user;

    // The wheel counts when its sideways part is more than 10 px above the vertical.
    fireEvent.wheel(grid(), { deltaX: 12, deltaY: 4 });
    expect(weekLabel()).toBe('Week 1 of 8');
    fireEvent.wheel(grid(), { deltaX: 40, deltaY: 4 });
    expect(weekLabel()).toBe('Week 2 of 8');
    fireEvent.wheel(grid(), { deltaX: -40, deltaY: 0 });
    expect(weekLabel()).toBe('Week 1 of 8');

    // A swipe of more than 50 px to the left brings the next week (LTR).
    fireEvent.touchStart(grid(), { touches: [{ clientX: 300, clientY: 100 }] });
    fireEvent.touchEnd(grid(), { changedTouches: [{ clientX: 240, clientY: 110 }] });
    expect(weekLabel()).toBe('Week 2 of 8');
    fireEvent.touchStart(grid(), { touches: [{ clientX: 300, clientY: 100 }] });
    fireEvent.touchEnd(grid(), { changedTouches: [{ clientX: 340, clientY: 100 }] });
    expect(weekLabel()).toBe('Week 2 of 8');

    fireEvent.keyDown(grid(), { key: 'ArrowRight' });
    expect(weekLabel()).toBe('Week 3 of 8');
    fireEvent.keyDown(grid(), { key: 'ArrowLeft' });
    expect(weekLabel()).toBe('Week 2 of 8');
  });

  it('mirrors the keys and the swipe in Persian, and starts the week on Saturday', async () => {
    setup();
    renderWithRouter(<AvailabilityScreen />, '/teacher/availability');
    await screen.findByRole('heading', { name: 'تقویم هفتگی' });
    const grid = () => screen.getByRole('group', { name: /^روزهای هفته/ });
    const days = within(grid()).getAllByRole('heading', { level: 3 });
    expect(days[0]).toHaveTextContent(/^شنبه/);
    expect(screen.getByText('هفته ۱ از ۸')).toBeInTheDocument();
    fireEvent.keyDown(grid(), { key: 'ArrowLeft' });
    expect(screen.getByText('هفته ۲ از ۸')).toBeInTheDocument();
    fireEvent.touchStart(grid(), { touches: [{ clientX: 100, clientY: 100 }] });
    fireEvent.touchEnd(grid(), { changedTouches: [{ clientX: 200, clientY: 100 }] });
    expect(screen.getByText('هفته ۳ از ۸')).toBeInTheDocument();
  });

  it('is locked while the new week slides in', async () => {
    await i18n.changeLanguage('en');
    let finish: () => void = () => {};
    const animate = vi.fn(() => ({ finished: new Promise<void>((r) => (finish = r)) }));
    Object.defineProperty(HTMLElement.prototype, 'animate', { value: animate, configurable: true, writable: true });
    setup();
    renderWithRouter(<AvailabilityScreen />, '/teacher/availability');
    await screen.findByRole('heading', { name: 'Weekly calendar' });
    fireEvent.wheel(grid(), { deltaX: 40, deltaY: 0 });
    fireEvent.wheel(grid(), { deltaX: 40, deltaY: 0 });
    fireEvent.keyDown(grid(), { key: 'ArrowRight' });
    expect(weekLabel()).toBe('Week 2 of 8');
    expect(animate).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    fireEvent.wheel(grid(), { deltaX: 40, deltaY: 0 });
    expect(weekLabel()).toBe('Week 3 of 8');
    await act(async () => finish());
  });

  it('selects cells, lists them with remove buttons, and saves them in one request', async () => {
    await i18n.changeLanguage('en');
    const batches = setup();
    const { user } = renderWithRouter(<AvailabilityScreen />, '/teacher/availability');
    await screen.findByRole('heading', { name: 'Weekly calendar' });
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    const firstDay = within(grid()).getAllByRole('list')[0]!;
    const cells = within(firstDay).getAllByRole('button');
    expect(cells).toHaveLength(24);
    await user.click(cells[9]!);
    await user.click(cells[10]!);
    await user.click(cells[11]!);
    expect(cells[9]).toHaveAttribute('aria-pressed', 'true');
    const selected = screen.getByRole('region', { name: /Selected times/ });
    expect(within(selected).getAllByRole('listitem')).toHaveLength(3);
    // Pressing again unselects; the list's button removes.
    await user.click(cells[11]!);
    expect(cells[11]).toHaveAttribute('aria-pressed', 'false');
    await user.click(within(selected).getAllByRole('button', { name: /^Remove / })[0]!);
    expect(within(selected).getAllByRole('listitem')).toHaveLength(1);
    await user.click(cells[9]!);

    await user.click(screen.getByRole('button', { name: 'Save times (2)' }));
    expect(await screen.findByText('Slots created: 2.')).toBeInTheDocument();
    expect(batches).toHaveLength(1);
    const body = batches[0] as { slots: Array<{ start: string; end: string }> };
    expect(body.slots).toHaveLength(2);
    const [a, b] = body.slots.map((s) => [Date.parse(s.start), Date.parse(s.end)]);
    expect(a![1]! - a![0]!).toBe(HOUR);
    expect(b![0]! - a![0]!).toBe(HOUR);
    expect(screen.getByText('No times selected yet. Tap the cells of the calendar.')).toBeInTheDocument();
  });

  it('clears the selection when the cell length changes, and keeps existing slots out of reach', async () => {
    await i18n.changeLanguage('en');
    // The Monday of next week (in the browser's zone) holds a slot at 10:00 and a booked one at 12:00.
    const d = new Date();
    d.setDate(d.getDate() + (7 - d.getDay()) + 1);
    d.setHours(10, 0, 0, 0);
    setup([slotAt(1, d.getTime(), 60), slotAt(2, d.getTime() + 2 * HOUR, 30, true)]);
    const { user } = renderWithRouter(<AvailabilityScreen />, '/teacher/availability');
    await screen.findByRole('heading', { name: 'Weekly calendar' });
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    const cellButtons = within(grid()).getAllByRole('button');
    expect(cellButtons.length).toBe(7 * 24 - 2);
    expect(within(grid()).getAllByText(/your slot/)).toHaveLength(1);
    expect(within(grid()).getAllByText(/booked/)).toHaveLength(1);
    await user.click(cellButtons[30]!);
    expect(screen.getByRole('button', { name: 'Save times (1)' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '30 min' }));
    expect(screen.queryByRole('button', { name: /Save times/ })).not.toBeInTheDocument();
    expect(within(grid()).getAllByRole('button').length).toBe(7 * 48 - 3);
  });

  it('lists the current slots and deletes a free one after a confirmation', async () => {
    await i18n.changeLanguage('en');
    const start = Date.now() + 26 * HOUR;
    setup([slotAt(1, start, 60), slotAt(2, start + 2 * HOUR, 60, true), slotAt(3, Date.now() - 50 * HOUR, 60)]);
    let deleted = '';
    server.use(
      http.delete('*/api/available-slot/:id/delete/', ({ params }) => {
        deleted = String(params.id);
        return HttpResponse.json(true);
      }),
    );
    const { user } = renderWithRouter(<AvailabilityScreen />, '/teacher/availability');
    const current = await screen.findByRole('region', { name: /Your current slots/ });
    // Past slots are left out; a booked slot cannot be deleted.
    expect(await within(current).findAllByRole('listitem')).toHaveLength(2);
    expect(within(current).getByText('Booked')).toBeInTheDocument();
    expect(within(current).getByText('Available')).toBeInTheDocument();
    const del = within(current).getAllByRole('button', { name: /^Delete the slot/ });
    expect(del).toHaveLength(1);
    await user.click(del[0]!);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this slot?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The slot was deleted.')).toBeInTheDocument();
    expect(deleted).toBe('1');
  });

  it('reports slots that fail to load, with a retry', async () => {
    await i18n.changeLanguage('en');
    setup();
    server.use(http.get('*/api/slot/available', () => HttpResponse.json({}, { status: 403 })));
    renderWithRouter(<AvailabilityScreen />, '/teacher/availability');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your availability slots');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('the Smart Builder', { timeout: 180_000 }, () => {
  async function open() {
    const r = renderWithRouter(<AvailabilityScreen />, '/teacher/availability');
    await r.user.click(await screen.findByRole('button', { name: 'Smart Builder' }));
    return { ...r, dialog: await screen.findByRole('dialog', { name: 'Smart Builder' }) };
  }

  it('walks the 4 steps with every validation message and a live count, then sends one plan', async () => {
    await i18n.changeLanguage('en');
    const batches = setup();
    const { user, dialog } = await open();
    const d = within(dialog);
    expect(d.getByText('Step 1 of 4 — Weeks')).toBeInTheDocument();
    const weeks = d.getByLabelText('Weeks to repeat');
    expect(weeks).toHaveValue('1');
    for (const p of [1, 2, 4, 8, 12, 16, 20, 24]) expect(d.getByRole('button', { name: `${p} wk` })).toBeInTheDocument();
    // Non-numeric becomes 1; above 52 becomes 52.
    await user.clear(weeks);
    await user.type(weeks, 'abc');
    await user.tab();
    expect(weeks).toHaveValue('1');
    await user.clear(weeks);
    await user.type(weeks, '99');
    await user.tab();
    expect(weeks).toHaveValue('52');
    await user.click(d.getByRole('button', { name: '4 wk' }));
    expect(d.getByRole('button', { name: '4 wk' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(d.getByRole('button', { name: 'Next' }));

    expect(d.getByText('Step 2 of 4 — Days')).toBeInTheDocument();
    const dayBoxes = d.getAllByRole('checkbox');
    expect(dayBoxes.map((c) => c.parentElement?.textContent)).toEqual([
      'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday',
    ]);
    await user.click(d.getByRole('button', { name: 'Next' }));
    expect(d.getByRole('alert')).toHaveTextContent('Please select at least one day');
    await user.click(d.getByLabelText('Monday'));
    await user.click(d.getByLabelText('Wednesday'));
    await user.click(d.getByRole('button', { name: 'Next' }));

    expect(d.getByText('Step 3 of 4 — Times')).toBeInTheDocument();
    expect(d.getByLabelText('Start time')).toHaveValue('09:00');
    expect(d.getByLabelText('End time')).toHaveValue('17:00');
    expect(d.getByRole('radio', { name: '30 min' })).toBeChecked();
    expect(d.getAllByRole('radio').map((r) => r.parentElement?.textContent)).toEqual([
      '15 min', '30 min', '45 min', '60 min', '90 min', '120 min',
    ]);
    expect(d.getByLabelText('Break between slots (minutes)')).toHaveValue('15');
    fireEvent.change(d.getByLabelText('End time'), { target: { value: '' } });
    await user.click(d.getByRole('button', { name: 'Next' }));
    expect(d.getByRole('alert')).toHaveTextContent('Please fill all required fields');
    fireEvent.change(d.getByLabelText('End time'), { target: { value: '08:00' } });
    await user.click(d.getByRole('button', { name: 'Next' }));
    expect(d.getByRole('alert')).toHaveTextContent('End time must be after start time');
    fireEvent.change(d.getByLabelText('End time'), { target: { value: '17:00' } });
    await user.click(d.getByRole('button', { name: 'Next' }));

    expect(d.getByText('Step 4 of 4 — Start')).toBeInTheDocument();
    const count = d.getByTestId('live-count');
    // floor(480 / 30) = 16 per day x 2 days x 4 weeks.
    expect(count).toHaveTextContent('128');
    expect(count).toHaveTextContent('16 per day × 2 days × 4 weeks');
    expect(count).toHaveTextContent('With a 15-minute break between slots, 88 fit.');
    // Back to the times: 60 minutes makes 8 per day.
    await user.click(d.getByRole('button', { name: 'Back' }));
    await user.click(d.getByRole('radio', { name: '60 min' }));
    await user.click(d.getByRole('button', { name: 'Next' }));
    expect(d.getByTestId('live-count')).toHaveTextContent('64');
    // The start date is today's until another day is picked on the calendar.
    const startDate = d.getByRole('group', { name: 'Start date' });
    expect(await within(startDate).findByRole('grid')).toBeInTheDocument();
    expect(startDate).toHaveTextContent(/Chosen: \w+day, \w+ \d{1,2}, \d{4}/);

    await user.click(d.getByRole('button', { name: 'Create slots' }));
    expect(await screen.findByText('Slots created: 88.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(batches).toEqual([
      {
        plan: { weeks: 4, days: [1, 3], start_time: '09:00', end_time: '17:00', duration: 60, break: 15, start_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
    ]);
  });

  it('keeps the bulk notice for 5 seconds', async () => {
    await i18n.changeLanguage('en');
    setup();
    const { user, dialog } = await open();
    const d = within(dialog);
    await user.click(d.getByRole('button', { name: 'Next' }));
    await user.click(d.getByLabelText('Friday'));
    await user.click(d.getByRole('button', { name: 'Next' }));
    await user.click(d.getByRole('button', { name: 'Next' }));
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    await user.click(d.getByRole('button', { name: 'Create slots' }));
    expect(await screen.findByText('Slots created: 88.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4500));
    expect(screen.getByText('Slots created: 88.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(700));
    await waitFor(() => expect(screen.queryByText('Slots created: 88.')).not.toBeInTheDocument());
  });

  it('shows the server message when the plan is refused, in Persian', async () => {
    setup();
    server.use(
      http.post('*/api/slot/available/batch/', () =>
        HttpResponse.json({ detail: 'یک دسته حداکثر ۱۰٬۰۰۰ زمان دارد.' }, { status: 400 }),
      ),
    );
    const { user } = renderWithRouter(<AvailabilityScreen />, '/teacher/availability');
    await user.click(await screen.findByRole('button', { name: 'سازنده هوشمند' }));
    const d = within(await screen.findByRole('dialog', { name: 'سازنده هوشمند زمان‌ها' }));
    await user.click(d.getByRole('button', { name: 'بعدی' }));
    await user.click(d.getByLabelText('جمعه'));
    await user.click(d.getByRole('button', { name: 'بعدی' }));
    await user.click(d.getByRole('button', { name: 'بعدی' }));
    expect(d.getByTestId('live-count')).toHaveTextContent('۱۶ زمان در روز × ۱ روز × ۱ هفته');
    await user.click(d.getByRole('button', { name: 'ساختن زمان‌ها' }));
    expect(await d.findByRole('alert')).toHaveTextContent('یک دسته حداکثر ۱۰٬۰۰۰ زمان دارد.');
  });
});
