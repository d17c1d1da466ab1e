import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { TabList, TabPanel, Tabs } from '@/components/ui/tabs';
import { cn } from '@/lib/cn';

// Each tab an equal share of the row (Tailwind sees only whole class names).
const columns: Record<number, string> = { 2: 'grid-cols-2', 3: 'grid-cols-3', 4: 'grid-cols-4' };

/** useStatusParam is a list's status filter, kept in ?status= so that a link
 * or a reload opens the same tab; the first status is the default. */
export function useStatusParam<S extends string>(statuses: readonly [S, ...S[]]): [S, (s: S) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = statuses.find((s) => s === raw) ?? statuses[0];
  const choose = (next: S) => {
    const p = new URLSearchParams(params);
    if (next === statuses[0]) p.delete('status');
    else p.set('status', next);
    setParams(p, { replace: true });
  };
  return [status, choose];
}

type StatusTabsProps<S extends string> = {
  label: string;
  value: S;
  onChange: (s: S) => void;
  options: ReadonlyArray<{ value: S; label: string }>;
  children: ReactNode;
};

/** StatusTabs are the tabs of a list by status and the panel they control. */
export function StatusTabs<S extends string>({ label, value, onChange, options, children }: StatusTabsProps<S>) {
  return (
    <Tabs value={value} onChange={onChange}>
      <div className="mb-4 max-w-xl">
        <TabList label={label} options={options} className={cn('grid', columns[options.length] ?? 'grid-cols-2')} />
      </div>
      <TabPanel value={value}>{children}</TabPanel>
    </Tabs>
  );
}
