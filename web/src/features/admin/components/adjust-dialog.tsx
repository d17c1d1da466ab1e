import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceCards } from '@/components/ui/choice-cards';
import { TextArea } from '@/components/ui/field';
import { NumberField } from '@/components/ui/number-field';
import { formatMoney, parseAmount } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { useAdjustWallet, type Adjustment } from '../api/adjustments';
import type { UserSummary } from '../api/types';
import { ActionDialog, useAction } from './action-dialog';

type Direction = 'credit' | 'debit';

/** AdjustDialog credits or debits a student's or teacher's wallet with a
 * required reason (a bonus, a correction); the server refuses a debit below zero. */
export function AdjustDialog({ user, onClose, onDone }: { user: UserSummary; onClose: () => void; onDone: (a: Adjustment) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const adjust = useAdjustWallet();
  const action = useAction(['amount', 'reason']);
  const [direction, setDirection] = useState<Direction>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');

  const submit = () => {
    const n = parseAmount(amount);
    const valid = action.check({
      amount: (n === null || n <= 0) && t('admin.adjust.amountInvalid'),
      reason: reason.trim() === '' && t('admin.reasonRequired'),
    });
    if (!valid || n === null) return;
    const signed = direction === 'credit' ? n : -n;
    void action
      .run(() => adjust.mutateAsync({ user_id: user.id, amount: signed, reason: reason.trim() }).then(onDone))
      .then((done) => done && onClose());
  };

  const n = parseAmount(amount);
  return (
    <ActionDialog
      title={t('admin.adjust.title', { name: user.name || user.username })}
      description={t('admin.adjust.description')}
      confirmLabel={
        n && n > 0
          ? t(direction === 'credit' ? 'admin.adjust.confirmCredit' : 'admin.adjust.confirmDebit', { amount: formatMoney(n, lang) })
          : t('admin.adjust.confirm')
      }
      tone={direction === 'debit' ? 'danger' : 'primary'}
      pending={action.pending}
      error={action.error}
      onClose={onClose}
      onSubmit={submit}
    >
      <ChoiceCards<Direction>
        legend={t('admin.adjust.direction')}
        value={direction}
        onChange={setDirection}
        options={[
          { value: 'credit', label: t('admin.adjust.credit'), hint: t('admin.adjust.creditHint') },
          { value: 'debit', label: t('admin.adjust.debit'), hint: t('admin.adjust.debitHint') },
        ]}
      />
      <NumberField
        label={t('admin.adjust.amount')}
        required
        value={amount}
        error={action.fieldError('amount')}
        onChange={(e) => setAmount(e.target.value)}
      />
      <TextArea label={t('admin.reason')} required maxLength={1000} value={reason} error={action.fieldError('reason')} onChange={(e) => setReason(e.target.value)} />
    </ActionDialog>
  );
}
