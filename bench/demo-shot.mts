import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const lang = process.argv[2] ?? 'en';
const page = await browser.newPage({ viewport: { width: 1400, height: 1000 }, colorScheme: (process.argv[3] ?? 'light') as 'light' | 'dark' });
page.on('console', (m) => { if (m.type() === 'error') console.log('console error:', m.text()); });
await page.goto('http://127.0.0.1:3456/demo');
await page.getByTestId(`language-${lang}`).click();
await page.getByTestId('demo-size').fill('10');
await page.getByTestId('demo-start').click();
await page.locator('[data-testid="demo-status"][data-phase="ready"]').waitFor({ timeout: 60000 });
for (let i = 0; i < 3; i++) { await page.getByTestId('demo-step').click(); await page.waitForTimeout(700); }
await page.waitForTimeout(1500);
await page.screenshot({ path: `/tmp/demo-${lang}.png`, fullPage: true });
console.log(await page.getByTestId('herd-notifications').textContent(), await page.getByTestId('chained-notifications').textContent(), await page.getByTestId('demo-zk').textContent());
await page.getByTestId('demo-reset').click();
await page.waitForTimeout(500);
await browser.close();
