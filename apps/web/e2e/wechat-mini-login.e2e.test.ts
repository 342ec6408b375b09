import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPath, launchBrowser, screenshot, settle, viewports } from './browser.ts';
import { type FakeWechat, startFakeWechat } from './fake-wechat.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * Logging in inside the mini-program (§7 Login, §2 mini-program pages pages/webview/api/api, §8):
 * in a mini-program user agent with a stubbed `wx.miniProgram` (injected before load), the login
 * page's WeChat button opens the bridge page with `wx.miniProgram.navigateTo`; coming back with the
 * bridge's `mp_code` + `mp_phone_code` signs in against the real server, which asks the fake WeChat
 * (sns/jscode2session, getuserphonenumber; run as a child process: browser tests import no server code).
 */

const meetingId = '64656d6f0000000000002019';
const [phoneSize, desktopSize] = viewports;
const miniProgramAgent =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN miniProgram/wx0123456789abcdef';
let fake: FakeWechat;
let server: TestServer;
let browser: Browser;

/** What the bridge page would hand back: a wx.login code and a phone button code, issued by the fake. */
async function bridgeCodes(openid: string, phone: string): Promise<{ code: string; phone_code: string }> {
  const response = await fetch(`${fake.url}/_mini/codes`, {
    method: 'POST',
    body: JSON.stringify({ openid, phone: { purePhoneNumber: phone, countryCode: '86' } }),
  });
  return (await response.json()) as { code: string; phone_code: string };
}

/** The mini-program's JS-SDK stand-in: records navigateTo and answers success. */
function stubMiniProgram() {
  const calls: unknown[] = [];
  (window as unknown as { __navigateTo: unknown[] }).__navigateTo = calls;
  const sdk = {
    config: () => {},
    ready: () => {},
    error: () => {},
    updateAppMessageShareData: () => {},
    updateTimelineShareData: () => {},
    miniProgram: {
      navigateTo: (options: { url: string; success?: () => void }) => {
        calls.push({ url: options.url });
        setTimeout(() => options.success?.(), 0);
      },
      postMessage: () => {},
    },
  };
  Object.assign(window, { jWeixin: sdk, wx: sdk });
}

async function openMini(size: (typeof viewports)[number] = phoneSize): Promise<{
  context: BrowserContext;
  page: Page;
  errors: string[];
}> {
  const context = await browser.newContext({
    viewport: { width: size.width, height: size.height },
    isMobile: size.isMobile,
    hasTouch: size.isMobile,
    deviceScaleFactor: 1,
    userAgent: miniProgramAgent,
    locale: 'en-US',
    timezoneId: 'Asia/Shanghai',
  });
  await context.addInitScript(stubMiniProgram);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { context, page, errors };
}

beforeAll(async () => {
  fake = await startFakeWechat('fake-wechat-mini.ts');
  server = await startTestServer({ env: { ...fake.env } });
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fake?.child.kill();
});

describe('login inside the mini-program', () => {
  it('opens the bridge page, and its codes sign in against the server', async () => {
    const { context, page, errors } = await openMini();
    const loginAddress = `${server.url}/#/login?meeting_id=${meetingId}&lang=en`;
    await page.goto(loginAddress);
    const button = page.locator('[data-provider="wechat"]');
    await button.waitFor();
    expect(await button.textContent()).toBe('Log in with WeChat');
    await page.locator('#agree').check();
    await button.click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __navigateTo: unknown[] }).__navigateTo))
      .toEqual([{ url: `/pages/webview/api/api?action=login&return=${encodeURIComponent(loginAddress)}` }]);

    // The bridge reloads the web view with its result in the address.
    const codes = await bridgeCodes('o-e2e-mini', '13900008811');
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/tokens/wechat/mini'));
    await page.goto(
      `${loginAddress}&mp_action=login&mp_status=ok&mp_code=${codes.code}&mp_phone_code=${codes.phone_code}`,
    );
    const response = await answered;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toEqual({
      meeting_id: meetingId,
      code: codes.code,
      phone_code: codes.phone_code,
    });
    await expect.poll(() => hashPath(page), { timeout: 15_000 }).toBe('/meeting/home');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    expect(page.url()).not.toContain('mp_code');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('looks right in zh, en and ar', async () => {
    for (const [lang, size] of [
      ['zh', phoneSize],
      ['en', phoneSize],
      ['ar', phoneSize],
      ['en', desktopSize],
    ] as const) {
      const { context, page } = await openMini(size);
      await page.goto(`${server.url}/#/login?meeting_id=${meetingId}&lang=${lang}`);
      await page.locator('[data-provider="wechat"]').waitFor();
      await settle(page);
      await screenshot(page, `login-miniprogram-${size.name}-${lang}`);
      await context.close();
    }
  }, 120_000);
});
