import type { ComponentProps } from 'react';
import { NumberField } from '@/components/ui/number-field';
import { formatMoney, parseAmount } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';

type AmountFieldProps = Omit<ComponentProps<typeof NumberField>, 'hint'> & {
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
    <NumberField
      {...rest}
      value={value}
      hint={n !== null && n > 0 ? formatMoney(n, lang) : emptyHint}
    />
  );
}
