import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * `npm run showcase:check`: the pages against the showcase's rules (e2e/showcase.check.ts), each
 * page shot into .shots/showcase/. Not part of `npm test` until every rule holds (issue 52): it
 * lists what breaks them.
 */
export default defineConfig({
  ...base,
  testMatch: /showcase\.check\.ts$/,
  retries: 0,
  reporter: [['list']],
});
