import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SlidersHorizontal } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatMoney, formatSignedMoney } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { useFlash } from '@/lib/use-flash';
import type { AdminUser } from '../api/types';
import { AdjustDialog } from './adjust-dialog';
import { UserSearch } from './user-search';

/** Adjustments finds a student or a teacher and credits or debits their
 * wallet with a reason; a user's page offers the same. */
export function Adjustments() {
  const { t } = useTranslation();
  const lang = useLang();
  const [user, setUser] = useState<AdminUser | null>(null);
  const [flash, showFlash] = useFlash();
  return (
    <div className="space-y-4">
      <div aria-live="polite">{flash && <Alert tone="success">{flash}</Alert>}</div>
      <UserSearch
        title={t('admin.adjust.pick')}
        action={(u) =>
          u.role !== 'admin' && !u.deleted ? (
            <Button variant="secondary" onClick={() => setUser(u)} aria-label={t('admin.adjust.openFor', { name: u.name || u.username })}>
              <SlidersHorizontal className="size-4" aria-hidden />
              {t('admin.adjust.open')}
            </Button>
          ) : null
        }
      />
      {user && (
        <AdjustDialog
          user={user}
          onClose={() => setUser(null)}
          onDone={(a) => showFlash(t('admin.adjust.doneFor', { name: user.name || user.username, amount: formatSignedMoney(a.amount, lang), balance: formatMoney(a.balance, lang) }))}
        />
      )}
    </div>
  );
}
