import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// The layer rule of eslint.config.js, checked on files that break it and on
// files that keep it: a lint config that silently stops matching would pass.
async function restricted(path: string, code: string): Promise<boolean> {
  const eslint = new ESLint();
  const [result] = await eslint.lintText(code, { filePath: path });
  return (result?.messages ?? []).some((m) => m.ruleId === 'no-restricted-imports');
}

describe('layers', () => {
  it('refuse a feature importing another feature, by alias or by a relative path', async () => {
    expect(await restricted('src/features/classes/x.ts', "export * from '@/features/booking/rules';\n")).toBe(true);
    expect(await restricted('src/features/classes/api/x.ts', "export * from '../../booking/rules';\n")).toBe(true);
    expect(await restricted('src/features/classes/x.ts', "export * from '../booking/rules';\n")).toBe(true);
    expect(await restricted('src/features/classes/api/x.ts', "export * from '../rules';\n")).toBe(false);
    expect(await restricted('src/features/classes/x.ts', "export * from '@/lib/format';\n")).toBe(false);
  });

  it('refuse components and lib importing a feature or app, and a feature importing app', async () => {
    expect(await restricted('src/components/ui/x.tsx', "export * from '@/features/booking/rules';\n")).toBe(true);
    expect(await restricted('src/lib/x.ts', "export * from '@/app/routes';\n")).toBe(true);
    expect(await restricted('src/features/classes/x.ts', "export * from '@/app/routes';\n")).toBe(true);
    expect(await restricted('src/app/x.ts', "export * from '@/features/booking/rules';\n")).toBe(false);
  });
});
