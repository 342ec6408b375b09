import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../src/lib/api/client.ts';
import { launchBrowser, screenshot, settle, viewports } from './browser.ts';
import { type FakeWechat, startFakeWechat } from './fake-wechat.ts';
import { outboxCode } from './outbox.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * Inside WeChat and the mini-program (§1 client environment; §2 share links and mini-program pages;
 * §7 POST /wechat/service/jssdk, GET /wechat/service/follow), against the real server talking to the
 * fake WeChat API: in a WeChat user agent with a stubbed JS-SDK (`jWeixin`, injected before load),
 * wx.config gets the server's signature of the page URL (without its hash) and a news item's card
 * is its own; the home shows the official account's follow card (set up through the console API)
 * until dismissed; the home's first script is the same as in a plain phone browser and the SDK
 * loads only in WeChat; in the mini-program, a link to an enterprise opens its mini-program page.
 */

const meetingId = '64656d6f0000000000002019';
const newsId = '6e6577730000000000000a01';
const adminPhone = '13900139094';
const [phoneSize, desktopSize] = viewports;
const wechatPhoneAgent =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN';
const wechatDesktopAgent =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.138 Safari/537.36 NetType/WIFI MicroMessenger/7.0.20.1781(0x6700143B) WindowsWechat(0x63090a13)';
const miniProgramAgent = `${wechatPhoneAgent} miniProgram/wx0123456789abcdef`;

let fake: FakeWechat;
/** Where the follow QR image is served (an organiser's upload in real life). */
let images: { server: Server; url: string };
let server: TestServer;
let browser: Browser;

/** Requests the fake WeChat API has answered, per path. */
async function fakeCalls(): Promise<Record<string, number>> {
  return (await (await fetch(`${fake.url}/_fake/calls`)).json()) as Record<string, number>;
}

/** Serves one SVG on a free port. */
async function serveImage(svg: string): Promise<typeof images> {
  const image = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'image/svg+xml' });
    response.end(svg);
  });
  await new Promise<void>((done) => image.listen(0, '127.0.0.1', done));
  return { server: image, url: `http://127.0.0.1:${(image.address() as AddressInfo).port}/follow-qr.svg` };
}

/** The JS-SDK stand-in: records every call; wx.config succeeds (wx.ready) on the next tick. */
function stubWechatSdk() {
  const calls: [string, unknown][] = [];
  (window as unknown as { __wxCalls: typeof calls }).__wxCalls = calls;
  let onReady: (() => void) | undefined;
  const record = (name: string) => (argument: unknown) => {
    calls.push([name, argument]);
  };
  const sdk = {
    config: (options: unknown) => {
      calls.push(['config', options]);
      setTimeout(() => onReady?.(), 0);
    },
    ready: (callback: () => void) => {
      onReady = callback;
    },
    error: () => {},
    updateAppMessageShareData: record('updateAppMessageShareData'),
    updateTimelineShareData: record('updateTimelineShareData'),
    onMenuShareAppMessage: record('onMenuShareAppMessage'),
    onMenuShareTimeline: record('onMenuShareTimeline'),
    miniProgram: {
      navigateTo: record('miniProgram.navigateTo'),
      postMessage: record('miniProgram.postMessage'),
    },
  };
  Object.assign(window, { jWeixin: sdk, wx: sdk });
}

type Call = [string, Record<string, unknown>];
const wxCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __wxCalls: unknown[] }).__wxCalls) as Promise<Call[]>;

async function openIn(
  userAgent: string,
  size: (typeof viewports)[number] = phoneSize,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width: size.width, height: size.height },
    isMobile: size.isMobile,
    hasTouch: size.isMobile,
    deviceScaleFactor: 1,
    userAgent,
    locale: 'en-US',
    timezoneId: 'Asia/Shanghai',
  });
  await context.addInitScript(stubWechatSdk);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { context, page, errors };
}

/** The organiser names the account and uploads its follow QR (console API, §7 WeChat set-up). */
async function setUpFollowCard(): Promise<void> {
  let token = '';
  const client = () =>
    createApiClient({
      baseUrl: '/api',
      salt: 'meeting-platform-apikey-salt-v1',
      fetch: (address, init) => fetch(`${server.url}${address}`, init),
      now: () => Date.now(),
      deviceId: () => 'e2e-wechat',
      session: () => (token ? { token } : {}),
      source: () => undefined,
      clockOffset: { get: () => 0, set: () => {} },
    });
  await client().post('/texts/code', {
    phone: adminPhone,
    area_code: '86',
    meeting_id: meetingId,
    purpose: 'login',
    lang: 'en',
  });
  const code = await outboxCode(server.url, `+86${adminPhone}`);
  const login = await client().post<{ token: string }>('/tokens/phone', {
    phone: adminPhone,
    area_code: '86',
    code,
    meeting_id: meetingId,
  });
  token = login.token;
  await client().request('PUT', `/console/meetings/${meetingId}/wechat`, {
    json: { official: { name: 'Camp Service', qrcode_url: images.url } },
  });
}

beforeAll(async () => {
  const qrSvg = await QRCode.toString('http://weixin.qq.com/q/02follow-camp-service', {
    type: 'svg',
    margin: 1,
  });
  images = await serveImage(qrSvg);
  fake = await startFakeWechat();
  server = await startTestServer({
    env: { ...fake.env, ADMIN_PHONES: adminPhone, CSP_IMG_SRC: new URL(images.url).origin },
  });
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fake?.child.kill();
  images?.server.close();
});

describe('inside WeChat', () => {
  it("configures the JS-SDK with the server's signature and shares the news item's own card", async () => {
    const { context, page, errors } = await openIn(wechatPhoneAgent);
    const signed = page.waitForResponse((response) => response.url().endsWith('/api/wechat/service/jssdk'));
    const address = `${server.url}/#/meeting/news/detail?news_id=${newsId}&meeting_id=${meetingId}&lang=en`;
    await page.goto(address);
    const response = await signed;
    const request = response.request().postDataJSON() as { meeting_id: string; url: string };
    expect(request).toEqual({ meeting_id: meetingId, url: `${server.url}/` });
    const answer = (await response.json()) as Record<string, unknown>;
    const signature = (answer.results ?? answer) as Record<string, unknown>;
    expect(signature.appId).toBe(fake.env.WECHAT_APPID);
    expect(signature.signature).toMatch(/^[0-9a-f]{40}$/);

    await expect.poll(async () => (await wxCalls(page)).filter(([name]) => name === 'config').length).toBe(1);
    const [, config] = (await wxCalls(page)).find(([name]) => name === 'config') as Call;
    expect(config).toMatchObject({
      appId: signature.appId,
      timestamp: signature.timestamp,
      nonceStr: signature.nonceStr,
      signature: signature.signature,
    });
    expect(config.jsApiList).toEqual(
      expect.arrayContaining(['updateAppMessageShareData', 'updateTimelineShareData']),
    );
    expect((await fakeCalls())['/cgi-bin/ticket/getticket']).toBe(1);

    const shared = async () =>
      (await wxCalls(page)).filter(([name]) => name === 'updateAppMessageShareData').at(-1)?.[1];
    await expect.poll(async () => (await shared())?.title).toBe('Gates open on Wednesday at 10:00');
    const card = (await shared()) as Record<string, string>;
    expect(card.link).toBe(`${server.url}/s/news?news_id=${newsId}&meeting_id=${meetingId}&lang=en`);
    expect(card.imgUrl).toBe(
      `${server.url}/api/share/news/card.png?id=${newsId}&meeting_id=${meetingId}&lang=en&size=thumb`,
    );
    expect(card.desc).not.toBe('');
    const moments = (await wxCalls(page)).filter(([name]) => name === 'updateTimelineShareData').at(-1)?.[1];
    expect(moments).toMatchObject({ title: card.title, link: card.link, imgUrl: card.imgUrl });

    // Another page of the visit: the meeting's card, and no new signature (the hash changed, the URL did not).
    await page.evaluate(() => {
      window.location.hash = '#/meeting/speaker/list?meeting_id=64656d6f0000000000002019&lang=en';
    });
    await expect
      .poll(async () => (await shared())?.link)
      .toBe(`${server.url}/s/speaker_list?meeting_id=${meetingId}&lang=en`);
    expect((await wxCalls(page)).filter(([name]) => name === 'config').length).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps the SDK out of the home's first script and loads it only in WeChat", async () => {
    const hasSdk = (scripts: { body: string }[]) =>
      scripts.some((script) => script.body.includes('preVerifyJSAPI'));
    // Every script body is read before the context closes (a body read after closing is lost); in
    // WeChat the SDK is a lazy import after the first render, so that visit waits until it arrived.
    const scriptsOf = async (userAgent: string, waitForSdk: boolean) => {
      const context = await browser.newContext({ userAgent, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const reads: Promise<{ url: string; body: string }>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script' && response.ok()) {
          reads.push(
            response
              .body()
              .then((body) => ({ url: new URL(response.url()).pathname, body: body.toString() })),
          );
        }
      });
      await page.goto(`${server.url}/#/meeting/home?meeting_id=${meetingId}&lang=en`, {
        waitUntil: 'networkidle',
      });
      await settle(page);
      if (waitForSdk) {
        await expect.poll(async () => hasSdk(await Promise.all(reads)), { timeout: 15_000 }).toBe(true);
      }
      const scripts = await Promise.all(reads);
      await context.close();
      return scripts;
    };
    const plain = await scriptsOf(phoneSize.userAgent, false);
    const wechat = await scriptsOf(wechatPhoneAgent, true);
    // The first script is index.html's module entry (responses arrive in any order, so it is named
    // by the HTML, not by arrival): both visits load it, and it holds no SDK.
    const html = await (await fetch(`${server.url}/`)).text();
    const src = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
    expect(src).toBeTruthy();
    const entry = new URL(src ?? '', `${server.url}/`).pathname;
    const entryOf = (scripts: { url: string; body: string }[]) =>
      scripts.find((script) => script.url === entry);
    expect(entryOf(plain)).toBeDefined();
    expect(entryOf(wechat)).toBeDefined();
    expect(entryOf(wechat)?.body.includes('jWeixin')).toBe(false);
    expect(hasSdk(plain)).toBe(false);
    expect(hasSdk(wechat)).toBe(true);
  });

  it('shows the follow card on the home to a visitor who does not follow, until dismissed', async () => {
    await setUpFollowCard();
    const { context, page, errors } = await openIn(wechatPhoneAgent);
    await page.goto(`${server.url}/#/meeting/home?meeting_id=${meetingId}&lang=en`);
    const card = page.locator('[data-testid="wechat-follow-card"]');
    await card.waitFor();
    expect(await card.textContent()).toContain('Follow Camp Service');
    await expect
      .poll(() =>
        page
          .locator('[data-testid="wechat-follow-qr"]')
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    await page.locator('[data-testid="wechat-follow-dismiss"]').click();
    await card.waitFor({ state: 'detached' });
    await page.reload();
    await settle(page);
    expect(await card.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const lang of ['zh', 'en', 'ar'] as const) {
    for (const size of [phoneSize, desktopSize]) {
      it(`follow card looks right in ${lang} on ${size.name}`, async () => {
        const agent = size.isMobile ? wechatPhoneAgent : wechatDesktopAgent;
        const { context, page } = await openIn(agent, size);
        await page.goto(`${server.url}/#/meeting/home?meeting_id=${meetingId}&lang=${lang}`);
        await page.locator('[data-testid="wechat-follow-card"]').waitFor();
        await settle(page);
        expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
        await screenshot(page, `wechat-follow-${size.name}-${lang}`);
        await context.close();
      });
    }
  }
});

describe('inside the mini-program', () => {
  it('posts the share card to the mini-program and opens an enterprise in its mini-program page', async () => {
    const { context, page, errors } = await openIn(miniProgramAgent);
    await page.goto(`${server.url}/#/exhibit?meeting_id=${meetingId}&lang=en`);
    // The page's card goes to the mini-program page, whose share menu people use there.
    await expect
      .poll(
        async () => (await wxCalls(page)).filter(([name]) => name === 'miniProgram.postMessage').at(-1)?.[1],
      )
      .toMatchObject({
        data: { type: 'share', link: `${server.url}/#/exhibit?meeting_id=${meetingId}&lang=en` },
      });
    const link = page.locator('a[href*="/meeting/enterprise?"]').first();
    await link.waitFor();
    const href = (await link.getAttribute('href')) ?? '';
    const enterpriseId = new URLSearchParams(href.split('?')[1]).get('enterprise_id');
    const before = page.url();
    await link.click();
    await expect
      .poll(async () => (await wxCalls(page)).find(([name]) => name === 'miniProgram.navigateTo')?.[1])
      .toMatchObject({
        url: `/pages/enterprise/pages/detail/detail?id=${enterpriseId}&meeting_id=${meetingId}`,
      });
    expect(page.url()).toBe(before);
    expect(errors).toEqual([]);
    await context.close();
  });
});
