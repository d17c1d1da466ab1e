import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Save } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { NumberField } from '@/components/ui/number-field';
import { formatNumber, formatPercent, toLatinDigits } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { useFlash } from '@/lib/use-flash';
import { MAX_COMMISSION, useCommission, useSetCommission } from '../api/commission';
import type { Commission } from '../api/types';
import { useAction } from './action-dialog';
import { Loaded, Panel } from './panel';

/** CommissionForm sets the platform's share of each class payment, in whole
 * percent; a booking keeps the commission in force when it was made. */
export function CommissionForm() {
  const { t } = useTranslation();
  const q = useCommission();
  // Kept here: a saved commission reloads the editor below, the notice stays.
  const [flash, showFlash] = useFlash();
  return (
    <Panel id="commission" title={t('admin.commission.title')} className="max-w-xl">
      <Loaded query={q} failed="admin.commission.failed">
        {(c) => <Editor key={c.percent} current={c} flash={flash} onSaved={showFlash} />}
      </Loaded>
    </Panel>
  );
}

function Editor({ current, flash, onSaved }: { current: Commission; flash: string | null; onSaved: (notice: string) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const save = useSetCommission();
  const action = useAction(['percent']);
  const [value, setValue] = useState(formatNumber(current.percent, lang));
  const submit = () => {
    const s = toLatinDigits(value.trim()).replace(/[%٪]$/, '');
    const n = /^\d{1,3}$/.test(s) ? Number(s) : NaN;
    if (!action.check({ percent: !(n >= 0 && n <= MAX_COMMISSION) && t('admin.commission.invalid', { max: formatNumber(MAX_COMMISSION, lang) }) })) return;
    void action.run(() => save.mutateAsync(n).then((c) => onSaved(t('admin.commission.saved', { percent: formatPercent(c.percent, lang) }))));
  };
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      className="space-y-4"
    >
      <p className="text-sm text-muted">{t('admin.commission.description')}</p>
      <p className="text-sm">
        {t('admin.commission.current')} <span className="font-bold tabular-nums">{formatPercent(current.percent, lang)}</span>
      </p>
      <NumberField
        label={t('admin.commission.percent')}
        hint={t('admin.commission.hint', { max: formatNumber(MAX_COMMISSION, lang) })}
        className="max-w-32"
        value={value}
        error={action.fieldError('percent')}
        onChange={(e) => setValue(e.target.value)}
      />
      <div aria-live="polite" className="space-y-2">
        {action.error && <Alert tone="error">{action.error}</Alert>}
        {flash && <Alert tone="success">{flash}</Alert>}
      </div>
      <Button type="submit" loading={action.pending}>
        <Save className="size-4" aria-hidden />
        {t('admin.commission.save')}
      </Button>
    </form>
  );
}
