// Draws the installed app's PNG icons (public/icons/) from public/favicon.svg
// in Chromium: 192 and 512 pixels as the favicon is, and a 512-pixel maskable
// one, the favicon's square without its rounded corners (the launcher cuts
// its own shape; the mark sits well inside the safe circle of 80%). Run it
// after changing the favicon and commit the PNGs:
//   node scripts/icons.mjs
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';

const svg = readFileSync(new URL('../public/favicon.svg', import.meta.url), 'utf8');
const maskable = svg.replace(/\srx="[^"]*"/, '');
if (maskable === svg) throw new Error('icons: the favicon has no rounded corners (rx) to remove');

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage();
  for (const [name, source, size] of [
    ['icon-192.png', svg, 192],
    ['icon-512.png', svg, 512],
    ['icon-maskable-512.png', maskable, 512],
  ]) {
    await page.setViewportSize({ width: size, height: size });
    const src = `data:image/svg+xml;base64,${Buffer.from(source).toString('base64')}`;
    await page.setContent(`<style>html,body{margin:0;background:transparent}img{display:block}</style><img src="${src}" width="${size}" height="${size}">`);
    await page.locator('img').evaluate((img) => img.decode());
    await page.screenshot({ path: new URL(`../public/icons/${name}`, import.meta.url).pathname, omitBackground: true });
    console.log(`public/icons/${name}`);
  }
} finally {
  await browser.close();
}
