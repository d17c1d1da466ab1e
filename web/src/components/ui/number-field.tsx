import { useCallback, useLayoutEffect, useRef, type ChangeEvent, type ComponentProps, type Ref } from 'react';
import { TextField } from '@/components/ui/field';
import { localizeDigits } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';

type NumberFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'inputMode'> & { ref?: Ref<HTMLInputElement> };

/** NumberField is the one input of whole numbers (prices, amounts, weeks,
 * minutes): it takes ASCII, Persian and Arabic digits and shows them in the
 * reader's digits (Persian in fa), as the hints around it are written. Its
 * value, controlled or registered with react-hook-form, is that text: the
 * parsers of lib/format.ts (parseAmount) read any of the scripts. */
export function NumberField({ value, onChange, ref, ...rest }: NumberFieldProps) {
  const lang = useLang();
  const input = useRef<HTMLInputElement | null>(null);
  const setRef = useCallback(
    (el: HTMLInputElement | null) => {
      input.current = el;
      if (typeof ref === 'function') ref(el);
      else if (ref) ref.current = el;
    },
    [ref],
  );
  // A registered field gets its first value from react-hook-form, written
  // straight into the element: show that one in the reader's digits too.
  useLayoutEffect(() => {
    const el = input.current;
    if (el && value === undefined) el.value = localizeDigits(el.value, lang);
  }, [lang, value]);
  const change = (e: ChangeEvent<HTMLInputElement>) => {
    const el = e.target;
    const next = localizeDigits(el.value, lang);
    if (next !== el.value) {
      const { selectionStart, selectionEnd } = el;
      el.value = next;
      el.setSelectionRange(selectionStart, selectionEnd);
    }
    onChange?.(e);
  };
  return (
    <TextField
      {...rest}
      ref={setRef}
      value={value === undefined ? undefined : localizeDigits(String(value), lang)}
      onChange={change}
      type="text"
      inputMode="numeric"
      dir="ltr"
      autoComplete="off"
    />
  );
}
