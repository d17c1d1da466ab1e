import { describe, expect, it } from 'vitest';
import { makeTeacher } from '@/testing/fixtures';
import { withSaved } from './save-teacher';

describe('withSaved', () => {
  it('marks the teacher in a list page and in the main-site link’s answer, and nothing else', () => {
    const page = { results: [makeTeacher(1, { saved: false }), makeTeacher(2, { saved: false })], count: 2, count_exact: true, page: 1, page_size: 12 };
    const next = withSaved(page, 2, true);
    expect(next.results.map((t) => t.saved)).toEqual([false, true]);
    expect(page.results[1]?.saved).toBe(false);
    expect(withSaved(makeTeacher(2, { saved: true }), 2, false)?.saved).toBe(false);
    expect(withSaved(makeTeacher(3, { saved: true }), 2, false)?.saved).toBe(true);
    expect(withSaved(null, 2, true)).toBeNull();
  });
});
