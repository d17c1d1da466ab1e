import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import type { TeacherProfile } from '@/lib/api/teacher-profile';
import {
  entryOf,
  missingForBooking,
  overviewSchema,
  photoProblem,
  splitDocuments,
  teacherForm,
  validateEntry,
  videoProblem,
  type LevelEntry,
  type OverviewValues,
} from './schemas';

const MB = 1024 * 1024;
const file = (name: string, type: string, size = 1000) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

const blank: OverviewValues = {
  first_name: '', last_name: '', bio: '', experience_years: '', price_per_hour: '', test_session_price: '',
  education: '', certifications: '', specializations: '', teaching_style: '', availability_note: '', wp_teacher_id: '',
};

const issues = (v: OverviewValues) => {
  const r = z.safeParse(overviewSchema, v);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('overview', () => {
  it('takes whole Toman prices and 0-80 years, in Persian digits too', () => {
    expect(issues({ ...blank, price_per_hour: '۲۵۰٬۰۰۰' })).toEqual({});
    expect(issues({ ...blank, price_per_hour: '12.5' })).toEqual({ price_per_hour: 'teacherProfile.validation.price' });
    expect(issues({ ...blank, test_session_price: 'cheap' })).toEqual({ test_session_price: 'teacherProfile.validation.price' });
    expect(issues({ ...blank, price_per_hour: '2000000000' })).toEqual({ price_per_hour: 'teacherProfile.validation.price' });
    expect(issues({ ...blank, experience_years: '81' })).toEqual({ experience_years: 'teacherProfile.validation.experience' });
    expect(issues({ ...blank, bio: 'x'.repeat(2001) })).toEqual({ bio: 'teacherProfile.validation.textTooLong' });
    expect(issues({ ...blank, price_per_hour: '۳۵۰۰۰۰', experience_years: '7' })).toEqual({});
  });
});

describe('language levels', () => {
  const english: LevelEntry = { key: 'a', language: 'English', levels: ['B1', 'B2'], regular_price: 250000, exam_price: 0 };

  it('need a language, a level and a price per class', () => {
    expect(validateEntry({ language: '', levels: ['A1'], regular: '1', exam: '' }, [])?.message).toBe('teacherProfile.levels.required');
    expect(validateEntry({ language: 'German', levels: [], regular: '1', exam: '' }, [])?.message).toBe('teacherProfile.levels.required');
    expect(validateEntry({ language: 'German', levels: ['A1'], regular: '', exam: '' }, [])).toEqual({
      field: 'regular',
      message: 'teacherProfile.levels.priceRequired',
    });
    expect(validateEntry({ language: 'German', levels: ['A1'], regular: 'ten', exam: '' }, [])).toEqual({
      field: 'regular',
      message: 'teacherProfile.validation.price',
    });
    expect(validateEntry({ language: 'German', levels: ['A1'], regular: '100000', exam: '1.5' }, [])).toEqual({
      field: 'exam',
      message: 'teacherProfile.validation.price',
    });
    expect(validateEntry({ language: 'German', levels: ['A1'], regular: '100000', exam: '' }, [english])).toBeNull();
  });

  it('price each level of a language once', () => {
    expect(validateEntry({ language: 'English', levels: ['B2', 'C1'], regular: '1', exam: '' }, [english])?.message).toBe(
      'teacherProfile.levels.duplicate',
    );
    expect(validateEntry({ language: 'English', levels: ['C1'], regular: '1', exam: '' }, [english])).toBeNull();
  });

  it('keep levels in order and prices as numbers', () => {
    expect(entryOf({ language: 'German', levels: ['B1', 'A1'], regular: '۱۰۰٬۰۰۰', exam: '' })).toMatchObject({
      language: 'German',
      levels: ['A1', 'B1'],
      regular_price: 100000,
      exam_price: 0,
    });
  });
});

describe('files', () => {
  it('check the photo and the video', () => {
    expect(photoProblem(file('a.webp', 'image/webp'))).toBe('teacherProfile.media.photoType');
    expect(photoProblem(file('a.png', 'image/png', 5 * MB + 1))).toBe('teacherProfile.media.photoSize');
    expect(photoProblem(file('a.png', 'image/png', 5 * MB))).toBeNull();
    expect(videoProblem(file('a.mkv', 'video/x-matroska'))).toBe('teacherProfile.media.videoType');
    expect(videoProblem(file('a.mp4', 'video/mp4', 100 * MB + 1))).toBe('teacherProfile.media.videoSize');
    expect(videoProblem(file('a.mov', 'video/quicktime', 50 * MB))).toBeNull();
    expect(videoProblem(file('a.avi', ''))).toBeNull();
  });

  it('skip invalid documents by name and keep the valid ones', () => {
    const cv = file('cv.pdf', 'application/pdf');
    const letter = file('letter.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const { valid, rejected } = splitDocuments([cv, file('song.mp3', 'audio/mpeg'), letter, file('scan.png', 'image/png', 11 * MB)]);
    expect(valid).toEqual([cv, letter]);
    expect(rejected).toEqual([
      { name: 'song.mp3', message: 'teacherProfile.media.documentType' },
      { name: 'scan.png', message: 'teacherProfile.media.documentSize' },
    ]);
  });
});

describe('the saved form', () => {
  it('carries only the filled fields, the levels as JSON and the files', () => {
    const photo = file('me.png', 'image/png');
    const doc = file('cv.pdf', 'application/pdf');
    const form = teacherForm(
      { ...blank, bio: '  Ten years of IELTS.  ', price_per_hour: '۳۵۰٬۰۰۰', experience_years: '10' },
      [{ key: 'x', language: 'English', levels: ['B1'], regular_price: 250000, exam_price: 300000 }],
      { photo, video: null, documents: [doc] },
    );
    expect([...form.keys()]).toEqual(['bio', 'experience_years', 'price_per_hour', 'language_levels', 'photo', 'documents']);
    expect(form.get('bio')).toBe('Ten years of IELTS.');
    expect(form.get('price_per_hour')).toBe('350000');
    expect(JSON.parse(String(form.get('language_levels')))).toEqual([
      { language: 'English', levels: ['B1'], regular_price: 250000, exam_price: 300000 },
    ]);
    expect(teacherForm(blank, [], { photo: null, video: null, documents: [] }).keys().next().done).toBe(true);
  });

  it('lists what an incomplete profile lacks', () => {
    const p = { bio: '', price_per_hour: 0, experience_years: 3, language_levels: [] } as unknown as TeacherProfile;
    expect(missingForBooking(p)).toEqual(['bio', 'price', 'languages']);
  });
});
