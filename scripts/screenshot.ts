/**
 * Takes a screenshot of a page in Debian's Chromium, for the README and for looking at the UI:
 * `node --import tsx scripts/screenshot.ts <url> <out.png> [width] [light|dark]`.
 */
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';

const [url, out, width = '1400', theme = 'light'] = process.argv.slice(2);
if (!url || !out) {
  console.error('usage: screenshot.ts <url> <out.png> [width] [light|dark]');
  process.exit(2);
}
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const page = await browser.newPage({ viewport: { width: Number(width), height: 900 }, colorScheme: theme === 'dark' ? 'dark' : 'light' });
  await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(800);
  await page.screenshot({ path: out, fullPage: false });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
}
