import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORE_SECTIONS } from '@/lib/i18n/core-sections';
import fa from './fa.json';
import en from './en.json';

type Tree = { [k: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

const faKeys = flatten(fa as Tree);
const enKeys = flatten(en as Tree);

// A string with a count has its plural forms in en (key_one, key_other: "1
// minute", "2 minutes") and one form in fa, under the plain key, which
// i18next falls back to; both are the same key to the source.
const PLURAL = /_(zero|one|two|few|many|other)$/;
const enForms = new Map<string, string[]>();
for (const [k, v] of enKeys) {
  const base = k.replace(PLURAL, '');
  enForms.set(base, [...(enForms.get(base) ?? []), v]);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [p] : [];
  });
}

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]).sort();

describe('locales', () => {
  it('have the same keys in fa and en', () => {
    const onlyFa = [...faKeys.keys()].filter((k) => !enForms.has(k));
    const onlyEn = [...enForms.keys()].filter((k) => !faKeys.has(k));
    expect({ onlyFa, onlyEn }).toEqual({ onlyFa: [], onlyEn: [] });
  });

  it('have no empty strings and the same placeholders in both languages', () => {
    for (const [k, v] of faKeys) {
      expect(v.trim(), `fa ${k}`).not.toBe('');
      for (const form of enForms.get(k) ?? []) {
        expect(form.trim(), `en ${k}`).not.toBe('');
        expect(placeholders(form), `placeholders of ${k}`).toEqual(placeholders(v));
      }
    }
  });

  it('give each en plural its one and other forms, and fa none', () => {
    const plurals = [...enKeys.keys()].filter((k) => PLURAL.test(k));
    expect(plurals.length).toBeGreaterThan(0);
    for (const k of plurals) {
      const base = k.replace(PLURAL, '');
      expect(enKeys.has(`${base}_one`) && enKeys.has(`${base}_other`), `${base}: _one and _other`).toBe(true);
    }
    expect([...faKeys.keys()].filter((k) => PLURAL.test(k))).toEqual([]);
  });

  it('contain every key the source uses', () => {
    const srcDir = join(import.meta.dirname, '..');
    const used = new Map<string, string>();
    // t('key'), t("key"), msg('key'), i18nKey="key", and keys inside paths/menus tables.
    const patterns = [/\bt\(\s*['"`]([\w.]+)['"`]/g, /\bmsg\(\s*['"`]([\w.]+)['"`]/g, /i18nKey=['"]([\w.]+)['"]/g];
    for (const file of sourceFiles(srcDir)) {
      const text = readFileSync(file, 'utf8');
      for (const re of patterns) for (const m of text.matchAll(re)) used.set(m[1]!, file);
      // Keys used through a ternary or a table: 'a.b' literals in translation calls.
      for (const m of text.matchAll(/\bt\(([^()]*\?[^()]*)\)/g)) {
        for (const lit of m[1]!.matchAll(/['"]([a-z]+(?:\.[A-Za-z0-9]+)+)['"]/g)) used.set(lit[1]!, file);
      }
    }
    expect(used.size).toBeGreaterThan(50);
    const missing = [...used].filter(([k]) => !faKeys.has(k)).map(([k, f]) => `${k} (${f})`);
    expect(missing).toEqual([]);
  });

  it('give the sign-in screens and the shell all they use in the core sections', () => {
    const src = join(import.meta.dirname, '..');
    const files = [
      ...sourceFiles(join(src, 'features/auth')),
      ...sourceFiles(join(src, 'app/routes/auth')),
      ...sourceFiles(join(src, 'components/ui')),
      ...sourceFiles(join(src, 'lib')),
      ...['app/root.tsx', 'app/route-error.tsx', 'app/layouts/auth-layout.tsx'].map((f) => join(src, f)),
    ];
    const outside: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\b(?:t|msg)\(\s*['"`]([\w]+)\.[\w.]+['"`]/g)) {
        if (!(CORE_SECTIONS as readonly string[]).includes(m[1]!)) outside.push(`${m[0]} in ${file}`);
      }
    }
    expect(outside).toEqual([]);
    for (const section of CORE_SECTIONS) {
      expect(fa, section).toHaveProperty(section);
      expect(en, section).toHaveProperty(section);
    }
  });
});
