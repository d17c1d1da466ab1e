import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { WelcomeBanner } from '@/features/dashboard/components/welcome-banner';
import { RecentChatsCard } from '@/features/messages/components/recent-chats-card';
import { NotesWidget } from '@/features/notes/components/notes-widget';
import { LearningStatsCard, ProgressChartCard } from '@/features/progress/components/progress-chart-card';

/** StudentDashboardRoute composes the student's dashboard from the features:
 * greeting and welcome, progress and stats, recent chats and study notes. */
export function StudentDashboardRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading>{t('pages.studentDashboard')}</PageHeading>
      <div className="space-y-5">
        <WelcomeBanner />
        <div className="grid gap-5 xl:grid-cols-3">
          <div className="xl:col-span-2">
            <ProgressChartCard />
          </div>
          <LearningStatsCard />
        </div>
        <div className="grid gap-5 lg:grid-cols-2">
          <RecentChatsCard />
          <NotesWidget />
        </div>
      </div>
    </>
  );
}
