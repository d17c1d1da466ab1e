import type { ComponentProps } from 'react';
import { TextField } from '@/components/ui/field';
import { formatMoney, parseAmount } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';

type AmountFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'inputMode' | 'hint'> & {
  /** The field's current text, to show it back as money. */
  value: string;
  /** Shown while the field holds no readable amount. */
  emptyHint: string;
};

/** AmountField is a Toman amount input: digits in either script, the amount
 * read back in words of money below it. */
export function AmountField({ value, emptyHint, ...rest }: AmountFieldProps) {
  const lang = useLang();
  const n = parseAmount(value);
  return (
    <TextField
      {...rest}
      value={value}
      type="text"
      inputMode="numeric"
      dir="ltr"
      autoComplete="off"
      hint={n !== null && n > 0 ? formatMoney(n, lang) : emptyHint}
    />
  );
}
