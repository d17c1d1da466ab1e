import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { errorText } from '@/lib/api/error-text';
import { ApiError } from '@/lib/api/errors';
import type { MemberRole } from '@/lib/auth/user';
import { formatDigits } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { useFlash } from '@/lib/use-flash';
import { prefsQueryKey, usePrefs, useSavePrefs } from '../api/preferences';
import { kindGroupsFor, kindName } from '../kinds';
import { quietHoursOff, quietTimes } from '../quiet-hours';
import type { NotificationKind, NotificationPrefs, OptionalChannel } from '../types';

const CHANNELS: OptionalChannel[] = ['sms', 'email'];

const selectClass =
  'block w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-base text-fg transition-colors focus:border-ring focus:outline-none focus-visible:outline-2';

/** NotificationSettings are a member's choices of what reaches them by SMS
 * and email, kind by kind (each switch saves at once), and their quiet hours. */
export function NotificationSettings({ role }: { role: MemberRole }) {
  const { t } = useTranslation();
  const prefs = usePrefs();
  if (prefs.isPending) {
    return (
      <div className="flex min-h-16 items-center justify-center text-primary">
        <Spinner className="size-6" label={t('common.loading')} />
      </div>
    );
  }
  if (prefs.isError) {
    return <ErrorBanner onRetry={() => void prefs.refetch()}>{errorText(prefs.error, t, 'notifications.prefs.loadFailed')}</ErrorBanner>;
  }
  return (
    <div className="space-y-6">
      <ChannelTable role={role} prefs={prefs.data} />
      <QuietHours prefs={prefs.data} />
    </div>
  );
}

function ChannelTable({ role, prefs }: { role: MemberRole; prefs: NotificationPrefs }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const save = useSavePrefs();
  const [error, setError] = useState<string | null>(null);
  const wants = (k: NotificationKind, c: OptionalChannel) => prefs.channels[k]?.[c] ?? false;
  const toggle = (k: NotificationKind, c: OptionalChannel, on: boolean) => {
    setError(null);
    // The switch flips at once; a refusal reads the saved choices back.
    queryClient.setQueryData<NotificationPrefs>(prefsQueryKey, (p) =>
      p ? { ...p, channels: { ...p.channels, [k]: { sms: wants(k, 'sms'), email: wants(k, 'email'), [c]: on } } } : p,
    );
    // The server changes only the kinds and channels named, so quick switches never undo each other.
    save.mutate({ channels: { [k]: { [c]: on } } }, { onError: (err) => setError(errorText(err, t, 'notifications.prefs.saveFailed')) });
  };
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted">{t('notifications.prefs.inApp')}</p>
      <table className="w-full max-w-2xl text-sm">
        <caption className="sr-only">{t('notifications.prefs.tableCaption')}</caption>
        <thead>
          <tr className="text-xs text-muted">
            <th scope="col" className="py-2 text-start font-medium">
              {t('notifications.prefs.kind')}
            </th>
            {CHANNELS.map((c) => (
              <th key={c} scope="col" className="w-16 py-2 text-center font-medium sm:w-24">
                {t(`notifications.channels.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        {kindGroupsFor(role).map((g) => (
          <tbody key={g.id} className="border-t border-line">
            <tr>
              <th scope="colgroup" colSpan={3} className="pb-1 pt-3 text-start text-xs font-semibold uppercase tracking-wide text-link">
                {t(g.title)}
              </th>
            </tr>
            {g.kinds.map((k) => (
              <tr key={k}>
                <th scope="row" className="py-2 pe-2 text-start font-normal">
                  {t(kindName(k))}
                </th>
                {CHANNELS.map((c) => (
                  <td key={c} className="py-2 text-center">
                    <Switch
                      checked={wants(k, c)}
                      onCheckedChange={(on) => toggle(k, c, on)}
                      label={t('notifications.prefs.switchLabel', { channel: t(`notifications.channels.${c}`), kind: t(kindName(k)) })}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        ))}
      </table>
      <p className="text-xs text-muted">{t('notifications.prefs.emailHint')}</p>
      <div aria-live="polite">{error && <Alert tone="error">{error}</Alert>}</div>
    </div>
  );
}

function QuietHours({ prefs }: { prefs: NotificationPrefs }) {
  const { t } = useTranslation();
  const lang = useLang();
  const id = useId();
  const save = useSavePrefs();
  const [start, setStart] = useState<string | null>(null);
  const [end, setEnd] = useState<string | null>(null);
  const [notice, setNotice] = useFlash();
  const shownStart = start ?? prefs.quiet_start;
  const shownEnd = end ?? prefs.quiet_end;
  const changed = shownStart !== prefs.quiet_start || shownEnd !== prefs.quiet_end;
  const fieldErrors = save.error instanceof ApiError ? save.error.fields : {};
  const options = (value: string) =>
    quietTimes(value).map((v) => (
      <option key={v} value={v}>
        {formatDigits(v, lang)}
      </option>
    ));
  return (
    <form
      className="space-y-3 border-t border-line pt-5"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          { quiet_start: shownStart, quiet_end: shownEnd },
          {
            onSuccess: () => {
              setStart(null);
              setEnd(null);
              setNotice(t('notifications.prefs.quietSaved'));
            },
          },
        );
      }}
    >
      <div>
        <h3 id={`${id}-title`} className="font-medium">
          {t('notifications.prefs.quietTitle')}
        </h3>
        <p className="mt-1 text-sm text-muted">{t('notifications.prefs.quietBody', { zone: prefs.time_zone })}</p>
      </div>
      <div className="grid max-w-md grid-cols-2 gap-3">
        <div className="space-y-1.5">
          <label htmlFor={`${id}-start`} className="block text-sm font-medium">
            {t('notifications.prefs.quietStart')}
          </label>
          <select id={`${id}-start`} value={shownStart} onChange={(e) => setStart(e.target.value)} className={selectClass}>
            {options(shownStart)}
          </select>
          {fieldErrors.quiet_start && <p className="text-sm text-danger">{fieldErrors.quiet_start.join(' ')}</p>}
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-end`} className="block text-sm font-medium">
            {t('notifications.prefs.quietEnd')}
          </label>
          <select id={`${id}-end`} value={shownEnd} onChange={(e) => setEnd(e.target.value)} className={selectClass}>
            {options(shownEnd)}
          </select>
          {fieldErrors.quiet_end && <p className="text-sm text-danger">{fieldErrors.quiet_end.join(' ')}</p>}
        </div>
      </div>
      {quietHoursOff(shownStart, shownEnd) && <p className="text-sm text-muted">{t('notifications.prefs.quietOff')}</p>}
      <div aria-live="polite" className="space-y-2">
        {save.isError && Object.keys(fieldErrors).length === 0 && (
          <Alert tone="error">{errorText(save.error, t, 'notifications.prefs.saveFailed')}</Alert>
        )}
        {notice && <Alert tone="success">{notice}</Alert>}
      </div>
      <Button type="submit" loading={save.isPending} disabled={!changed}>
        {t('notifications.prefs.quietSave')}
      </Button>
    </form>
  );
}
