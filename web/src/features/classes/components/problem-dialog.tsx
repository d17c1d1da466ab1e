import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ChoiceCards } from '@/components/ui/choice-cards';
import { Modal } from '@/components/ui/dialog';
import { TextArea } from '@/components/ui/field';
import { errorText } from '@/lib/api/error-text';
import { formatMoney, formatNumber } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { useReportProblem, type ProblemReason, type Resolution } from '../api/problem';
import {
  MAX_PROBLEM_TEXT,
  REASONS,
  RESOLUTIONS,
  reasonLabel,
  refundOf,
  resolutionLabel,
  type Side,
} from '../problem-rules';
import type { Booking } from '../rules';

type ProblemDialogProps = {
  /** The ended class to report; null closes the dialog. */
  booking: Booking | null;
  viewer: Side;
  onClose: () => void;
  onReported: () => void;
};

/** ProblemDialog reports a problem with an ended class: what went wrong (a
 * radio group), a text (needed for "other") and the proposed resolution,
 * each saying what the student gets back. */
export function ProblemDialog({ booking, viewer, onClose, onReported }: ProblemDialogProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const report = useReportProblem();
  const [reason, setReason] = useState<ProblemReason | null>(null);
  const [resolution, setResolution] = useState<Resolution | null>(null);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; resolution?: string; text?: string; form?: string }>({});

  const close = () => {
    setReason(null);
    setResolution(null);
    setText('');
    setErrors({});
    report.reset();
    onClose();
  };
  const submit = () => {
    if (!booking) return;
    const next = {
      reason: reason ? undefined : t('classes.problem.chooseReason'),
      resolution: resolution ? undefined : t('classes.problem.chooseResolution'),
      text: reason === 'other' && text.trim() === '' ? t('classes.problem.describe') : undefined,
    };
    setErrors(next);
    if (!reason || !resolution || next.text) return;
    report.mutate(
      { booking: booking.id, reason, text, resolution },
      {
        onSuccess: () => {
          close();
          onReported();
        },
        onError: (err) => setErrors({ form: errorText(err, t, 'classes.problem.failed') }),
      },
    );
  };
  const other = booking ? (viewer === 'student' ? booking.teacher.name || booking.teacher_name : booking.student.name) : '';

  return (
    <Modal
      open={booking !== null}
      onOpenChange={(o) => !o && !report.isPending && close()}
      title={t('classes.problem.title')}
      description={t(viewer === 'student' ? 'classes.problem.descriptionStudent' : 'classes.problem.descriptionTeacher', {
        name: other,
      })}
      closeLabel={t('reviews.close')}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={report.isPending}>
            {t('reviews.cancel')}
          </Button>
          <Button onClick={submit} loading={report.isPending}>
            {t('classes.problem.submit')}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <ChoiceCards
          legend={t('classes.problem.reason')}
          options={REASONS.map((r) => ({ value: r, label: t(reasonLabel[r]) }))}
          value={reason}
          onChange={setReason}
          error={errors.reason}
        />
        <TextArea
          label={t('classes.problem.text')}
          optional={reason !== 'other'}
          value={text}
          maxLength={MAX_PROBLEM_TEXT}
          onChange={(e) => setText(e.target.value)}
          error={errors.text}
          hint={t('classes.problem.textHint', { n: formatNumber(MAX_PROBLEM_TEXT, lang) })}
        />
        <ChoiceCards
          legend={t('classes.problem.resolution')}
          options={RESOLUTIONS.map((r) => ({
            value: r,
            label: t(resolutionLabel[r]),
            hint: booking
              ? t('classes.problem.refundHint', { amount: formatMoney(refundOf(r, booking.price), lang) })
              : undefined,
          }))}
          value={resolution}
          onChange={setResolution}
          error={errors.resolution}
        />
        <p className="text-sm text-muted">{t('classes.problem.waitsHint')}</p>
        {errors.form && <Alert tone="error">{errors.form}</Alert>}
      </div>
    </Modal>
  );
}
