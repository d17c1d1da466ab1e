import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { renderWithRouter } from '@/testing/test-utils';
import { ProgressCard } from './progress-card';
import { LearningStatsCard, ProgressChartCard } from './progress-chart-card';

/** figure is the <dd> of the <dl> group whose <dt> reads label. */
function figure(scope: HTMLElement, label: string) {
  return within(scope).getByText(label, { selector: 'dt, dt *' }).closest('dl > div')!.querySelector('dd');
}

const weekly = ['10-03', '10-10', '10-17', '10-24', '10-31', '11-07', '11-14', '11-21'].map((d, i) => ({
  start: `2026-${d}`,
  lessons: [0, 1, 0, 2, 0, 0, 3, 1][i]!,
}));
const progress = {
  currentLevel: 'C1',
  currentLevelCode: 'C1',
  progress: 70,
  lessons: 7,
  totalHours: 7,
  totalMinutes: 450,
  classesThisWeek: 2,
  upcoming: 3,
  exercises: 0,
  exams: 0,
  weekly,
};

describe('progress figures', () => {
  it('are the real ones, the same in the sidebar and on the dashboard, in the viewer zone', async () => {
    await i18n.changeLanguage('en');
    localStorage.setItem('zabano.tz', 'Europe/Berlin');
    const asked: string[] = [];
    server.use(
      http.get('*/api/student/progress/', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('tz') ?? '');
        return HttpResponse.json(progress);
      }),
    );
    renderWithRouter(
      <>
        <ProgressCard />
        <ProgressChartCard />
        <LearningStatsCard />
      </>,
      '/student/dashboard',
    );
    const side = await screen.findByRole('region', { name: 'Your progress' });
    expect(await within(side).findByText('Advanced')).toBeInTheDocument();
    expect(within(side).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '70');
    expect(figure(side, 'Lessons')).toHaveTextContent('7');
    expect(figure(side, 'Exams')).toHaveTextContent('0');

    const chart = screen.getByRole('region', { name: 'Your learning progress' });
    expect(within(chart).getByText('C1')).toBeInTheDocument();
    expect(figure(chart, 'Hours of class')).toHaveTextContent('7.5');
    expect(figure(chart, 'Exercises')).toHaveTextContent('0');
    expect(within(chart).getByRole('img', { name: 'Classes done in the last 8 weeks: 7 in all' })).toBeInTheDocument();
    const rows = within(chart).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(8);
    expect(rows[6]).toHaveTextContent('Nov 143');

    const stats = screen.getByRole('region', { name: 'Learning stats' });
    expect(figure(stats, 'Classes this week')).toHaveTextContent('2');
    expect(figure(stats, 'Upcoming classes')).toHaveTextContent('3');
    expect(figure(stats, 'Exams passed this month')).toHaveTextContent('0');
    // One request serves all three.
    expect(asked).toEqual(['Europe/Berlin']);
  });

  it('says when there is no level yet and shows Persian digits', async () => {
    server.use(http.get('*/api/student/progress/', () => HttpResponse.json({ ...progress, currentLevel: '', currentLevelCode: '' })));
    renderWithRouter(<ProgressChartCard />, '/student/dashboard');
    const chart = await screen.findByRole('region', { name: 'روند یادگیری شما' });
    expect(await within(chart).findByText('هنوز تعیین نشده')).toBeInTheDocument();
    expect(figure(chart, 'درس')).toHaveTextContent('۷');
  });

  it('says so instead of drawing empty bars when no class was done in these weeks', async () => {
    server.use(
      http.get('*/api/student/progress/', () =>
        HttpResponse.json({ ...progress, lessons: 0, totalMinutes: 0, weekly: weekly.map((w) => ({ ...w, lessons: 0 })) }),
      ),
    );
    renderWithRouter(<ProgressChartCard />, '/student/dashboard');
    const chart = await screen.findByRole('region', { name: 'روند یادگیری شما' });
    expect(await within(chart).findByText('هنوز در این هفته‌ها کلاسی برگزار نشده است')).toBeInTheDocument();
    expect(within(chart).queryByRole('img')).not.toBeInTheDocument();
  });

  it('offers a retry when the figures cannot be read', async () => {
    await i18n.changeLanguage('en');
    server.use(http.get('*/api/student/progress/', () => new HttpResponse(null, { status: 500 })));
    renderWithRouter(<ProgressChartCard />, '/student/dashboard');
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent('Could not load your progress.');
  });
});
