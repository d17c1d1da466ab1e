import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FileText, Pencil, UserRound, Video } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatMoney, formatNumber } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { languageName } from '@/lib/languages';
import type { TeacherProfile } from '@/lib/api/teacher-profile';

/** ProfileView is the teacher's profile as saved: the overview, the languages
 * and their prices, and the documents and media, with the edit button. */
export function ProfileView({ profile, onEdit }: { profile: TeacherProfile; onEdit: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const name = profile.name || profile.username;
  const src = profile.profile_photo_url ?? profile.photo;
  const language = (l: string) => languageName(l, lang);
  const notSet = <span className="font-normal text-muted">{t('teacherProfile.notSet')}</span>;
  const money = (n: number) => (n > 0 ? formatMoney(n, lang) : notSet);

  const details: Array<[string, string]> = [
    [t('teacherProfile.overview.education'), profile.education],
    [t('teacherProfile.overview.certifications'), profile.certifications],
    [t('teacherProfile.overview.specializations'), profile.specializations],
    [t('teacherProfile.overview.teachingStyle'), profile.teaching_style],
    [t('teacherProfile.overview.availabilityNote'), profile.availability_note],
  ];

  return (
    <div className="space-y-4">
      <Card titleId="tp-overview" title={t('teacherProfile.overview.title')} action={
        <Button variant="secondary" onClick={onEdit}>
          <Pencil className="size-4" aria-hidden />
          {t('teacherProfile.edit')}
        </Button>
      }>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary text-3xl font-bold text-on-primary">
            {src && failedSrc !== src ? (
              <img src={src} alt={t('teacherProfile.media.photoAlt', { name })} className="size-full object-cover" onError={() => setFailedSrc(src)} />
            ) : (
              <span aria-hidden>{Array.from(name)[0]?.toLocaleUpperCase() ?? <UserRound className="size-10" />}</span>
            )}
          </div>
          <div className="min-w-0 flex-1">
            <p className="text-xl font-bold">{name}</p>
            <p dir={profile.bio ? 'auto' : undefined} className="mt-2 whitespace-pre-line break-words text-start text-sm leading-6">
              {profile.bio || notSet}
            </p>
          </div>
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-3 text-sm md:grid-cols-4">
          <Figure label={t('teacherProfile.overview.pricePerHour')}>{money(profile.price_per_hour)}</Figure>
          <Figure label={t('teacherProfile.overview.trialPrice')}>{money(profile.test_session_price)}</Figure>
          <Figure label={t('teacherProfile.overview.experience')}>
            {profile.experience_years > 0 ? formatNumber(profile.experience_years, lang) : notSet}
          </Figure>
          <Figure label={t('teacherProfile.overview.classesHeld')}>{formatNumber(profile.classes_held ?? 0, lang)}</Figure>
        </dl>
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
          {details.map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs text-muted">{label}</dt>
              <dd className="mt-0.5 whitespace-pre-line break-words">{value || notSet}</dd>
            </div>
          ))}
          <div>
            <dt className="text-xs text-muted">{t('teacherProfile.overview.mainSiteId')}</dt>
            <dd className="mt-0.5">{profile.wp_teacher_id ? <span dir="ltr">{profile.wp_teacher_id}</span> : notSet}</dd>
          </div>
        </dl>
      </Card>

      <Card titleId="tp-levels" title={t('teacherProfile.levels.title')}>
        {profile.language_levels.length === 0 ? (
          <p className="text-sm text-muted">{t('teacherProfile.levels.empty')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="text-start text-xs text-muted">
                  <th scope="col" className="py-2 text-start font-medium">{t('teacherProfile.levels.language')}</th>
                  <th scope="col" className="py-2 text-start font-medium">{t('teacherProfile.levels.levels')}</th>
                  <th scope="col" className="py-2 text-start font-medium">{t('teacherProfile.levels.regularPrice')}</th>
                  <th scope="col" className="py-2 text-start font-medium">{t('teacherProfile.levels.examPrice')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {profile.language_levels.map((l) => (
                  <tr key={l.id}>
                    <td className="py-2 pe-3 font-medium">{language(l.language)}</td>
                    <td className="py-2 pe-3">
                      <span dir="ltr" className="inline-flex flex-wrap gap-1">
                        {l.levels.map((lv) => (
                          <span key={lv} className="rounded bg-surface-2 px-1.5 py-0.5 text-xs font-medium">
                            {lv}
                          </span>
                        ))}
                      </span>
                    </td>
                    <td className="py-2 pe-3">{formatMoney(l.regular_price, lang)}</td>
                    <td className="py-2">{l.exam_price > 0 ? formatMoney(l.exam_price, lang) : notSet}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>

      <Card titleId="tp-media" title={t('teacherProfile.media.title')}>
        <div className="grid gap-4 md:grid-cols-2">
          <div>
            <h3 className="flex items-center gap-1.5 text-sm font-semibold">
              <Video className="size-4" aria-hidden />
              {t('teacherProfile.media.video')}
            </h3>
            {profile.intro_video ? (
              <video src={profile.intro_video} controls preload="metadata" className="mt-2 aspect-video w-full rounded-xl bg-black">
                <track kind="captions" />
              </video>
            ) : (
              <p className="mt-2 text-sm text-muted">{t('teacherProfile.media.noVideo')}</p>
            )}
          </div>
          <div>
            <h3 className="flex items-center gap-1.5 text-sm font-semibold">
              <FileText className="size-4" aria-hidden />
              {t('teacherProfile.media.documents')}
            </h3>
            {profile.documents.length === 0 ? (
              <p className="mt-2 text-sm text-muted">{t('teacherProfile.media.noDocuments')}</p>
            ) : (
              <ul className="mt-2 space-y-1.5 text-sm">
                {profile.documents.map((d) => (
                  <li key={d.id}>
                    <a href={d.url} target="_blank" rel="noreferrer" className="break-all font-medium text-link hover:underline">
                      {d.name}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </Card>
    </div>
  );
}

/** Card is a titled section of the profile. */
export function Card({ titleId, title, action, children }: { titleId: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-line bg-surface p-5">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-surface-2 px-3 py-2">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-0.5 font-semibold">{children}</dd>
    </div>
  );
}
