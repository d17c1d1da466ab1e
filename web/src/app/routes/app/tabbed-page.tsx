import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeading } from '@/components/ui/page-heading';
import { TabList, TabPanel, Tabs } from '@/components/ui/tabs';

type Tab<V extends string> = { value: V; label: string; content: ReactNode };

type TabbedPageProps<V extends string> = {
  title: string;
  description: string;
  /** label names the tab list for assistive technology. */
  label: string;
  /** tabs: the first is the default and keeps the URL clean; any other is ?tab=<value>. */
  tabs: readonly [Tab<V>, ...Tab<V>[]];
};

/** TabbedPage is a screen of a few sections under one heading, one shown at a
 * time, the choice kept in the URL so that a link or reload returns to it. */
export function TabbedPage<V extends string>({ title, description, label, tabs }: TabbedPageProps<V>) {
  const [params, setParams] = useSearchParams();
  const current = tabs.find((x) => x.value === params.get('tab')) ?? tabs[0];
  const choose = (next: V) => {
    const p = new URLSearchParams(params);
    if (next === tabs[0].value) p.delete('tab');
    else p.set('tab', next);
    setParams(p, { replace: true });
  };
  return (
    <>
      <PageHeading description={description}>{title}</PageHeading>
      <Tabs value={current.value} onChange={choose}>
        <div className="mb-5 max-w-sm">
          <TabList label={label} options={tabs} />
        </div>
        <TabPanel value={current.value}>{current.content}</TabPanel>
      </Tabs>
    </>
  );
}
