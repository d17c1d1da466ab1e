import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import * as RadixTabs from '@radix-ui/react-tabs';
import { cn } from '@/lib/cn';
import { dirOf } from '@/lib/i18n/langs';
import { useLang } from '@/lib/i18n/use-lang';

type Option<V extends string> = { value: V; label: ReactNode };

type TabsProps<V extends string> = {
  value: V;
  onChange: (v: V) => void;
  /** The TabList and the TabPanel of the current value, and what stands between them. */
  children: ReactNode;
};

/** Tabs holds a tab list and its panel (Radix Tabs): arrow keys, Home and End
 * move between tabs and select them, mirrored in RTL; the selected tab is the
 * only one in the tab order; the ids that tie tabs to the panel are Radix's. */
export function Tabs<V extends string>({ value, onChange, children }: TabsProps<V>) {
  const lang = useLang();
  return (
    <RadixTabs.Root value={value} onValueChange={(v) => onChange(v as V)} dir={dirOf(lang)} activationMode="automatic">
      {children}
    </RadixTabs.Root>
  );
}

type TabListProps<V extends string> = {
  options: ReadonlyArray<Option<V>>;
  label: string;
  /** className lays the tabs out: two equal halves unless given. A label can
   * style itself by its tab's state with `group-aria-selected:`. */
  className?: string;
};

/** TabList is the row of tabs, each a button named by its label. */
export function TabList<V extends string>({ options, label, className = 'grid grid-cols-2' }: TabListProps<V>) {
  return (
    <RadixTabs.List aria-label={label} className={cn('gap-1 rounded-xl bg-surface-2 p-1', className)}>
      {options.map((o) => (
        <RadixTabs.Trigger
          key={o.value}
          value={o.value}
          className={cn(
            'group flex min-h-10 shrink-0 items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
            'text-muted hover:bg-surface hover:text-fg',
            'data-[state=active]:bg-primary data-[state=active]:text-on-primary data-[state=active]:shadow-sm data-[state=active]:hover:bg-primary data-[state=active]:hover:text-on-primary',
          )}
        >
          {o.label}
        </RadixTabs.Trigger>
      ))}
    </RadixTabs.List>
  );
}

/** TabPanel is the panel of the selected tab (value is the Tabs' value);
 * asChild makes its one child (a form) the panel. */
export function TabPanel(props: ComponentPropsWithoutRef<typeof RadixTabs.Content>) {
  return <RadixTabs.Content {...props} />;
}
