import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/chromium';

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: '.tmp/e2e-results.json' }]],
  globalSetup: './e2e/global-setup.ts',
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions(),
    trace: 'on-first-retry',
    viewport: { width: 1400, height: 900 },
  },
});
