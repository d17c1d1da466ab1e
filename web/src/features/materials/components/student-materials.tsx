import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FolderOpen, Search } from 'lucide-react';
import { ErrorBanner } from '@/components/ui/error-banner';
import { TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api/error-text';
import { useMaterials, type Material } from '../api/get-materials';
import { MaterialCard } from './material-card';
import { TabList, TabPanel, Tabs } from '@/components/ui/tabs';
import { EmptyState, FindTeacherLink } from '@/components/ui/empty-state';

export type MaterialFilter = 'all' | 'note' | 'assignment';

/** filterMaterials keeps the materials of the chosen type whose title,
 * description, file name or teacher matches the query, newest first. */
export function filterMaterials(list: Material[], type: MaterialFilter, query: string): Material[] {
  const q = query.trim().toLocaleLowerCase();
  return list
    .filter((m) => type === 'all' || m.material_type === type)
    .filter(
      (m) =>
        q === '' ||
        [m.title, m.description, m.file_name, m.teacher.name, m.teacher.username].some((s) => s.toLocaleLowerCase().includes(q)),
    )
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}

/** StudentMaterials is the student's materials: those of the teachers they
 * booked, with a search box and type tabs. */
export function StudentMaterials() {
  const { t } = useTranslation();
  const materials = useMaterials();
  const [type, setType] = useState<MaterialFilter>('all');
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterMaterials(materials.data ?? [], type, query), [materials.data, type, query]);

  return (
    <Tabs value={type} onChange={setType}>
      <div className="space-y-4">
        <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
          <TextField
            type="search"
            label={t('materials.search')}
            placeholder={t('materials.searchPlaceholder')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            wrapperClassName="md:w-80"
            end={<Search className="me-2 size-5 text-muted" aria-hidden />}
          />
          <TabList
            className="inline-flex max-w-full overflow-x-auto"
            label={t('materials.typeFilter')}
            options={[
              { value: 'all', label: t('materials.filter.all') },
              { value: 'note', label: t('materials.filter.note') },
              { value: 'assignment', label: t('materials.filter.assignment') },
            ]}
          />
        </div>
        <TabPanel value={type} aria-busy={materials.isPending || undefined}>
          {materials.isPending ? (
            <div className="flex min-h-40 items-center justify-center text-primary">
              <Spinner className="size-8" label={t('common.loading')} />
            </div>
          ) : materials.isError ? (
            <ErrorBanner onRetry={() => void materials.refetch()}>{errorText(materials.error, t, 'materials.loadFailed')}</ErrorBanner>
          ) : (materials.data ?? []).length === 0 ? (
            <EmptyState
              icon={FolderOpen}
              title={t('materials.emptyStudent')}
              hint={t('materials.emptyStudentHint')}
              action={<FindTeacherLink>{t('materials.findTeacher')}</FindTeacherLink>}
            />
          ) : shown.length === 0 ? (
            <p role="status" className="rounded-2xl border border-dashed border-line bg-surface p-8 text-center text-muted">
              {t('materials.noMatches')}
            </p>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {shown.map((m) => (
                <MaterialCard key={m.id} m={m} showTeacher />
              ))}
            </ul>
          )}
        </TabPanel>
      </div>
    </Tabs>
  );
}
