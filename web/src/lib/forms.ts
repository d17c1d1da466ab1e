import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from 'react-hook-form';
import type { TKey } from '@/lib/i18n/keys';

/** useFieldError turns a form field's error into text: schema messages are
 * translation keys, server messages (type 'server') are shown as sent. */
export function useFieldError(): (e: FieldError | undefined) => string | undefined {
  const { t } = useTranslation();
  return useCallback(
    (e) => {
      if (!e?.message) return undefined;
      return e.type === 'server' ? e.message : t(e.message as TKey);
    },
    [t],
  );
}
