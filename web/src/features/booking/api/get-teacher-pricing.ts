import { useQuery } from '@tanstack/react-query';
import type { components } from '@/lib/api/schema';
import { teacherQuery, type Teacher } from '@/lib/api/teachers';

export type LevelPrice = components['schemas']['LevelPrice'];

/** usableLevels keeps the levels a student can book: those with an id and a
 * price (spec section 3: the others are dropped when pricing loads). */
export function usableLevels(levels: readonly LevelPrice[] | undefined): LevelPrice[] {
  return (levels ?? []).filter((l) => l.id > 0 && (l.regular_price > 0 || l.price > 0));
}

/** TeacherPricing is what booking a teacher costs: their levels, and their
 * trial class's price when the signed-in student may take it (else 0). */
export type TeacherPricing = { levels: LevelPrice[]; trialPrice: number };

/** pricingOf reads a teacher's public profile for booking: the bookable levels
 * and whether a trial class is open to the student. */
export function pricingOf(teacher: Teacher): TeacherPricing {
  const trialPrice = teacher.trial_available && teacher.test_session_price > 0 ? teacher.test_session_price : 0;
  return { levels: usableLevels(teacher.level_prices), trialPrice };
}

/** useTeacherPricing reads the teacher's profile (the one query of GET
 * /api/teachers/{id}/profile/), fresh at each opening: the trial may be gone. */
export function useTeacherPricing(teacherId: number | null) {
  return useQuery({
    ...teacherQuery(teacherId ?? 0),
    enabled: teacherId !== null,
    staleTime: 0,
    select: pricingOf,
  });
}
