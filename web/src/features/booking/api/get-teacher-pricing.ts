import { useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type LevelPrice = components['schemas']['LevelPrice'];

export const teacherPricingKey = (teacherId: number) => ['teacher-pricing', teacherId] as const;

/** usableLevels keeps the levels a student can book: those with an id and a
 * price (spec section 3: the others are dropped when pricing loads). */
export function usableLevels(levels: readonly LevelPrice[] | undefined): LevelPrice[] {
  return (levels ?? []).filter((l) => l.id > 0 && (l.regular_price > 0 || l.price > 0));
}

/** TeacherPricing is what booking a teacher costs: their levels, and their
 * trial class's price when the signed-in student may take it (else 0). */
export type TeacherPricing = { levels: LevelPrice[]; trialPrice: number };

/** getTeacherPricing reads a teacher's bookable levels and their prices, and
 * whether a trial class is open to the student (GET /api/teachers/{id}/profile/). */
export async function getTeacherPricing(teacherId: number, signal?: AbortSignal): Promise<TeacherPricing> {
  const teacher = await request(api.GET('/api/teachers/{id}/profile/', { params: { path: { id: teacherId } }, signal }));
  const trialPrice = teacher.trial_available && teacher.test_session_price > 0 ? teacher.test_session_price : 0;
  return { levels: usableLevels(teacher.level_prices), trialPrice };
}

export function useTeacherPricing(teacherId: number | null) {
  return useQuery({
    queryKey: teacherPricingKey(teacherId ?? 0),
    queryFn: ({ signal }) => getTeacherPricing(teacherId!, signal),
    enabled: teacherId !== null,
    staleTime: 0,
  });
}
