import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeading } from '@/components/ui/page-heading';
import { Tabs } from '@/components/ui/tabs';

type Tab<V extends string> = { value: V; label: string; content: ReactNode };

type TabbedPageProps<V extends string> = {
  title: string;
  description: string;
  /** label names the tab list for assistive technology. */
  label: string;
  /** id prefixes the ids of the tabs and their panel. */
  id: string;
  /** tabs: the first is the default and keeps the URL clean; any other is ?tab=<value>. */
  tabs: readonly [Tab<V>, ...Tab<V>[]];
};

/** TabbedPage is a screen of a few sections under one heading, one shown at a
 * time, the choice kept in the URL so that a link or reload returns to it. */
export function TabbedPage<V extends string>({ title, description, label, id, tabs }: TabbedPageProps<V>) {
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
      <div className="mb-5 max-w-sm">
        <Tabs label={label} idPrefix={`${id}-tab`} panelId={`${id}-panel`} value={current.value} onChange={choose} options={tabs} />
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${current.value}`}>
        {current.content}
      </div>
    </>
  );
}
