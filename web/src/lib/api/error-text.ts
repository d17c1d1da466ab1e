import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { TKey } from '@/lib/i18n/keys';
import { ApiError, NetworkError } from './errors';

/** errorText is what a screen tells the user about err: the server's localized
 * detail when it sent one, the network message when it could not be reached,
 * else the screen's own fallback message. */
export function errorText(err: unknown, t: TFunction, fallback: TKey): string {
  if (err instanceof NetworkError) return t('errors.network');
  if (err instanceof ApiError && err.detail) return err.detail;
  return t(fallback);
}

/** applyFieldErrors puts the server's field messages next to the form's
 * fields (server field name → form field name) and returns the messages of
 * fields the form does not show, joined, or null. It returns undefined when
 * err carries no field errors at all. */
export function applyFieldErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fieldMap: Partial<Record<string, Path<T>>>,
): string | null | undefined {
  if (!(err instanceof ApiError) || Object.keys(err.fields).length === 0) return undefined;
  const rest: string[] = [];
  let first = true;
  for (const [name, messages] of Object.entries(err.fields)) {
    const field = fieldMap[name];
    if (field) {
      setError(field, { type: 'server', message: messages.join(' ') }, { shouldFocus: first });
      first = false;
    } else {
      rest.push(...messages);
    }
  }
  return rest.length > 0 ? rest.join(' ') : null;
}
