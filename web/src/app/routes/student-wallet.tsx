import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { lockedAmountFromQuery } from '@/features/payment/amounts';
import { CustomAmountForm } from '@/features/payment/components/custom-amount-form';
import { QuickAmounts } from '@/features/payment/components/quick-amounts';
import { TopUpDialog, type TopUpIntent } from '@/features/payment/components/top-up-dialog';
import { BalanceCard } from '@/features/wallet/components/balance-card';
import { RefundCard } from '@/features/wallet/components/refund-card';
import { TransactionHistory } from '@/features/wallet/components/transaction-history';

/** StudentWalletRoute is the student's wallet (spec section 2): the balance,
 * quick and custom top-ups through the gateway, a refund of the balance to
 * an IBAN, and the history. A link with
 * ?amount=N (a booking the wallet cannot pay) opens the top-up with N locked. */
export function StudentWalletRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [intent, setIntent] = useState<TopUpIntent | null>(() => {
    const amount = lockedAmountFromQuery(params);
    return amount === null ? null : { amount };
  });

  const close = () => {
    setIntent(null);
    if (params.has('amount')) {
      // Closing forgets the asked amount, so a reload does not open it again.
      const next = new URLSearchParams(params);
      next.delete('amount');
      setParams(next, { replace: true });
    }
  };

  return (
    <>
      <PageHeading description={t('wallet.subtitle')}>{t('pages.wallet')}</PageHeading>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-5">
        <div className="min-w-0 space-y-6 lg:col-span-3">
          <BalanceCard onTopUp={() => setIntent({})} />
          <QuickAmounts onPick={(amount) => setIntent({ amount })} />
        </div>
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <CustomAmountForm onSubmit={(amount, description) => setIntent({ amount, description })} />
          <RefundCard />
        </div>
        <div className="min-w-0 lg:col-span-5">
          <TransactionHistory />
        </div>
      </div>
      <TopUpDialog intent={intent} onClose={close} />
    </>
  );
}
