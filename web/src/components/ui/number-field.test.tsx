import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '@/lib/i18n';
import { parseAmount } from '@/lib/format';
import { NumberField } from './number-field';

function Controlled({ onValue }: { onValue: (v: string) => void }) {
  const [v, setV] = useState('1000');
  return (
    <NumberField
      label="Amount"
      value={v}
      onChange={(e) => {
        setV(e.target.value);
        onValue(e.target.value);
      }}
    />
  );
}

function Registered({ onSubmit }: { onSubmit: (v: string) => void }) {
  const form = useForm({ defaultValues: { price: '250000' } });
  return (
    <form onSubmit={form.handleSubmit((v) => onSubmit(v.price))}>
      <NumberField label="Price" {...form.register('price')} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('NumberField', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('shows Persian digits in fa whatever digits are typed, and the value still parses', async () => {
    await i18n.changeLanguage('fa');
    const user = userEvent.setup();
    const seen: string[] = [];
    render(<Controlled onValue={(v) => seen.push(v)} />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Amount' });
    expect(input).toHaveValue('۱۰۰۰');
    await user.type(input, '5٦۷');
    expect(input).toHaveValue('۱۰۰۰۵۶۷');
    expect(parseAmount(seen.at(-1)!)).toBe(1000567);
    // A digit typed in the middle stays where it was typed.
    await user.click(input);
    input.setSelectionRange(1, 1);
    await user.keyboard('9');
    expect(input).toHaveValue('۱۹۰۰۰۵۶۷');
  });

  it('shows Latin digits in en, also for a value react-hook-form writes', async () => {
    await i18n.changeLanguage('en');
    const user = userEvent.setup();
    let saved = '';
    render(<Registered onSubmit={(v) => (saved = v)} />);
    const input = screen.getByRole('textbox', { name: 'Price' });
    expect(input).toHaveValue('250000');
    await user.clear(input);
    await user.type(input, '۳۰۰');
    expect(input).toHaveValue('300');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved).toBe('300');
  });

  it('shows a registered default value in Persian digits in fa', async () => {
    await i18n.changeLanguage('fa');
    render(<Registered onSubmit={() => {}} />);
    expect(screen.getByRole('textbox', { name: 'Price' })).toHaveValue('۲۵۰۰۰۰');
  });
});
