// What every screenshot journey shares: where the pictures go, the two looks
// and two widths each screen is taken in, and how a settled page is taken.
import type { Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import type { Lang, Theme } from './helpers';

/** OUT is docs/screenshots/, or ZABANO_SHOTS_DIR to write them elsewhere. */
export const OUT = process.env.ZABANO_SHOTS_DIR ?? fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

/** Persian on the dark theme (the defaults) and English on the light one. */
export const looks: Array<[Lang, Theme]> = [
  ['fa', 'dark'],
  ['en', 'light'],
];

/** A phone and a desktop. */
export const widths = [390, 1280];

/** shoot saves page as name.png once its fonts are in and images and a
 * dialog's fade have settled; full takes the whole page, not the viewport. */
export async function shoot(page: Page, name: string, full = true): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${OUT}${name}.png`, fullPage: full });
}
