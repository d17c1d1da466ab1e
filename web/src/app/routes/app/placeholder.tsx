import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import type { RouteHandle } from '@/app/route-handle';

/** PlaceholderPage is a screen that a later issue builds: the layout and the page heading only. */
export function PlaceholderPage() {
  const { t } = useTranslation();
  const title = [...useMatches()].reverse().map((m) => (m.handle as RouteHandle | undefined)?.title).find(Boolean);
  return <PageHeading>{title ? t(title) : t('app.name')}</PageHeading>;
}
