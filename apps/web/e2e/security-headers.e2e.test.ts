import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, type Viewport, viewports } from './browser.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * §7 security headers in a real browser: the built app runs under the server's Content-Security-Policy
 * without a single violation — the home page (inline boot styles allowed by hash), uploaded images
 * from /api/files. WebAssembly under the policy (zxing-wasm needs 'wasm-unsafe-eval') is exercised by
 * the check-in journey in tickets.e2e.test.ts, which scans a QR code from a fake camera — code run
 * through page.evaluate() is exempt from the page's CSP, so it could not prove it here.
 */
const demoMeetingId = '64656d6f0000000000002019';
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Violation = { directive: string; blocked: string; sample: string };

/** Records every `securitypolicyviolation` event of the page from its first script on. */
async function recordViolations(page: Page): Promise<() => Promise<Violation[]>> {
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { cspViolations: Violation[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push({ directive: event.violatedDirective, blocked: event.blockedURI, sample: event.sample });
    });
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: Violation[] }).cspViolations);
}

describe.each(viewports)('under the CSP at $name size', (viewport: Viewport) => {
  it('renders the home page with no CSP violation and no console error', async () => {
    const { page, errors } = await openPage(browser, viewport);
    const violations = await recordViolations(page);
    const response = await page.goto(`${server.url}/#/meeting/home?meeting_id=${demoMeetingId}&lang=en`);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).not.toContain('unsafe-inline');
    await page.locator('#meeting-title').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('loads uploaded images from /api/files on the exhibitor list', async () => {
    const { page, errors } = await openPage(browser, viewport);
    const violations = await recordViolations(page);
    await page.goto(`${server.url}/#/exhibit?meeting_id=${demoMeetingId}&lang=en`);
    const upload = page.locator('img[src*="/api/files/"]').first();
    await upload.waitFor({ timeout: 30_000 });
    await expect
      .poll(() => upload.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
