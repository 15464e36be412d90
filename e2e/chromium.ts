import type { LaunchOptions } from '@playwright/test';

/** Debian's Chromium, never a downloaded browser; CHROMIUM_PATH overrides the location. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Launch options for headless Chromium on a machine without network: the background
 * networking flags keep it from trying to reach Google's hosts at every start.
 */
export function chromiumLaunchOptions(): LaunchOptions {
  return {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  };
}
