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

/** getTeacherPricing reads a teacher's bookable levels and their prices
 * (GET /api/teachers/{id}/profile/). */
export async function getTeacherPricing(teacherId: number, signal?: AbortSignal): Promise<LevelPrice[]> {
  const teacher = await request(api.GET('/api/teachers/{id}/profile/', { params: { path: { id: teacherId } }, signal }));
  return usableLevels(teacher.level_prices);
}

export function useTeacherPricing(teacherId: number | null) {
  return useQuery({
    queryKey: teacherPricingKey(teacherId ?? 0),
    queryFn: ({ signal }) => getTeacherPricing(teacherId!, signal),
    enabled: teacherId !== null,
    staleTime: 0,
  });
}
