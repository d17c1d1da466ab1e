import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown, History } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { TransactionList } from './transaction-list';

/** TransactionHistory is the student's transactions under a show/hide toggle. */
export function TransactionHistory() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(true);
  return (
    <section aria-labelledby="history-title" className="rounded-2xl border border-line bg-surface p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="history-title" className="flex items-center gap-2 text-lg font-semibold">
          <History className="size-5 text-primary" aria-hidden />
          {t('wallet.transactions.title')}
        </h2>
        <Button variant="ghost" aria-expanded={shown} aria-controls="wallet-history" onClick={() => setShown((s) => !s)}>
          {shown ? t('wallet.transactions.hide') : t('wallet.transactions.show')}
          <ChevronDown className={cn('size-4 transition-transform', shown && 'rotate-180')} aria-hidden />
        </Button>
      </div>
      {shown ? <TransactionList role="student" id="wallet-history" /> : <div id="wallet-history" hidden />}
    </section>
  );
}
