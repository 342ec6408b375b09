import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** Headless Debian Chromium for the journeys. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** `extraArgs`: more Chromium switches, e.g. a fake camera playing a file for the check-in journey. */
export function launchBrowser({ extraArgs = [] }: { extraArgs?: string[] } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

export const viewports = [
  {
    name: 'phone',
    width: 390,
    height: 844,
    isMobile: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  },
  { name: 'desktop', width: 1280, height: 800, isMobile: false, userAgent: undefined },
] as const;
export type Viewport = (typeof viewports)[number];

/**
 * `timezoneId`: the device's time zone (IANA), Asia/Shanghai unless a test says otherwise;
 * `storageState`: a logged-in session to start with (a context's storageState()).
 */
export async function openPage(
  browser: Browser,
  viewport: Viewport,
  {
    timezoneId = 'Asia/Shanghai',
    storageState,
  }: { timezoneId?: string; storageState?: Awaited<ReturnType<BrowserContext['storageState']>> } = {},
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    isMobile: viewport.isMobile,
    hasTouch: viewport.isMobile,
    deviceScaleFactor: 1,
    ...(viewport.userAgent ? { userAgent: viewport.userAgent } : {}),
    locale: 'en-US',
    timezoneId,
    ...(storageState ? { storageState } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { page, errors };
}

export const screenshotDir = fileURLToPath(new URL('./screenshots', import.meta.url));

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
}

/**
 * Waits until the page's requests are done and no skeleton (aria-busy) is left on screen. A
 * placeholder below the fold (a home block that renders as it is scrolled to) stays busy by design
 * and is not waited for; at most 15 s for the ones in view.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page
    .waitForFunction(
      () =>
        ![...document.querySelectorAll('[aria-busy="true"]')].some((element) => {
          const box = element.getBoundingClientRect();
          return box.bottom > 0 && box.top < window.innerHeight && box.width > 0 && box.height > 0;
        }),
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => {});
}

/** The router path of a page (the hash without its query): '/meeting/home'. */
export const hashPath = (page: Page): string =>
  new URL(page.url()).hash.replace(/^#/, '').split('?')[0] ?? '';
