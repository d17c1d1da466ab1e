import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '@/lib/i18n';
import { DatePicker, dayOf, ymdOf } from './date-picker';

function Picker({ seen }: { seen: string[] }) {
  const [v, setV] = useState('2026-11-25');
  return (
    <DatePicker
      label="Start date"
      value={v}
      today="2026-11-24"
      onChange={(d) => {
        seen.push(d);
        setV(d);
      }}
    />
  );
}

describe('DatePicker', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('reads and writes local days', () => {
    expect(ymdOf(dayOf('2026-03-01')!)).toBe('2026-03-01');
    expect(dayOf('soon')).toBeUndefined();
  });

  it('shows the Jalali month in Persian digits in fa and gives back the Gregorian day', async () => {
    await i18n.changeLanguage('fa');
    const user = userEvent.setup();
    const seen: string[] = [];
    render(<Picker seen={seen} />);
    const group = screen.getByRole('group', { name: 'Start date' });
    // 25 November 2026 is 4 Azar 1405.
    const grid = await within(group).findByRole('grid', { name: /آذر ۱۴۰۵/ });
    // Saturday first.
    expect(grid.querySelector('th')).toHaveAttribute('aria-label', 'شنبه');
    expect(group).toHaveTextContent('روز انتخاب‌شده: چهارشنبه ۴ آذر ۱۴۰۵');
    await user.click(within(grid).getByRole('button', { name: /۱۰-ام آذر ۱۴۰۵/ }));
    expect(seen).toEqual(['2026-12-01']);
    // Days before today are not offered.
    expect(within(grid).getByRole('button', { name: /^\S+ ۲-ام آذر ۱۴۰۵/ })).toBeDisabled();
  });

  it('is the Gregorian calendar in en', async () => {
    await i18n.changeLanguage('en');
    const user = userEvent.setup();
    const seen: string[] = [];
    render(<Picker seen={seen} />);
    const grid = await screen.findByRole('grid', { name: 'November 2026' });
    await user.click(within(grid).getByRole('button', { name: /November 30th, 2026/ }));
    expect(seen).toEqual(['2026-11-30']);
    expect(screen.getByRole('group', { name: 'Start date' })).toHaveTextContent('Chosen: Monday, November 30, 2026');
  });
});
