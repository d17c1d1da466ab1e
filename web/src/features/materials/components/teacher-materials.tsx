import { useTranslation } from 'react-i18next';
import { FolderOpen } from 'lucide-react';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api/error-text';
import { formatNumber } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { EmptyState } from '@/components/ui/empty-state';
import { useMaterials } from '../api/get-materials';
import { MaterialCard } from './material-card';
import { NewMaterialPanel } from './material-form';

/** TeacherMaterials is the teacher's Materials screen: the expandable
 * creation form and the grid of their materials. */
export function TeacherMaterials() {
  const { t } = useTranslation();
  const lang = useLang();
  const materials = useMaterials();
  const list = materials.data ?? [];
  return (
    <div className="space-y-6">
      <NewMaterialPanel />
      <section aria-labelledby="teacher-materials-title" aria-busy={materials.isPending || undefined}>
        <h2 id="teacher-materials-title" className="mb-3 text-lg font-semibold">
          {t('materials.mine')}
          {materials.isSuccess && <span className="ms-2 text-sm font-normal text-muted">({formatNumber(list.length, lang)})</span>}
        </h2>
        {materials.isPending ? (
          <div className="flex min-h-40 items-center justify-center text-primary">
            <Spinner className="size-8" label={t('common.loading')} />
          </div>
        ) : materials.isError ? (
          <ErrorBanner onRetry={() => void materials.refetch()}>{errorText(materials.error, t, 'materials.loadFailed')}</ErrorBanner>
        ) : list.length === 0 ? (
          <EmptyState icon={FolderOpen} title={t('materials.emptyTeacher')} hint={t('materials.emptyTeacherHint')} />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {list.map((m) => (
              <MaterialCard key={m.id} m={m} editable />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
