import { describe, expect, it } from 'vitest';
import { LANGUAGES, languageLevel, languageList, languageName } from './languages';
import fa from '@/locales/fa.json';
import en from '@/locales/en.json';

const FSI = '\u2068';
const PDI = '\u2069';

describe('languages', () => {
  it('are named in the reader’s language, each in both locale files', () => {
    expect(languageName('English', 'fa')).toBe('انگلیسی');
    expect(languageName('English', 'en')).toBe('English');
    expect(languageName('Klingon', 'fa')).toBe('Klingon');
    expect(Object.keys(fa.languages).sort()).toEqual([...LANGUAGES].sort());
    expect(Object.keys(en.languages).sort()).toEqual([...LANGUAGES].sort());
  });

  it('are listed with the reader’s list words', () => {
    expect(languageList(['English', 'German'], 'fa')).toBe('انگلیسی و آلمانی');
    expect(languageList(['English', 'German', 'French'], 'en')).toBe('English, German, and French');
    expect(languageList(['English'], 'en')).toBe('English');
  });

  it('write a language and a level with the level isolated in Persian', () => {
    expect(languageLevel('English', 'B1', 'fa')).toBe(`انگلیسی · ${FSI}B1${PDI}`);
    expect(languageLevel('English', 'B1', 'en')).toBe('English · B1');
    expect(languageLevel('English', null, 'en')).toBe('English');
    expect(languageLevel(null, 'B1', 'en')).toBe('B1');
  });
});
