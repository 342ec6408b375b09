import { phoneTokenSignature } from '@app/contracts/wire/phone-token.ts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPath, launchBrowser, openPage, screenshot, settle, viewports } from './browser.ts';
import { type FakeIdentityProcess, startFakeIdentityProcess } from './identity-providers.ts';
import { outboxCode as readOutboxCode } from './outbox.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * Accounts end to end (§2 /login, §4 Session, §7 Login, §8 403): every login path in the browser against the
 * real server — phone and e-mail codes read from the developer outbox, the exhibitor account, Google and
 * WeChat through the fake identity providers — the redirect to login from a guarded page, /bind, profile with
 * avatar upload, logout, and a 403 logging the visitor out. Screenshots in zh, en and ar at both sizes.
 */

const meetingId = '64656d6f0000000000002019';
const [phoneSize, desktopSize] = viewports;
let server: TestServer;
let identity: FakeIdentityProcess;
let browser: Browser;

beforeAll(async () => {
  identity = await startFakeIdentityProcess();
  server = await startTestServer({ env: identity.env });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await identity?.stop();
});

const hashQuery = (page: Page) => new URLSearchParams(new URL(page.url()).hash.split('?')[1] ?? '');

/** The newest code the developer outbox holds for a recipient. */
const outboxCode = (recipient: string) => readOutboxCode(server.url, recipient);

/** Phone tab: number, code from the outbox, agreement, submit. */
async function loginWithPhone(page: Page, phone: string) {
  await page.locator('input[name="phone"]').fill(phone);
  await page.getByRole('button', { name: /get code|获取验证码/i }).click();
  const code = await outboxCode(`+86${phone}`);
  await page.locator('input[name="code"]').fill(code);
  await page.locator('#agree').check();
  await page.locator('form button[type="submit"]').click();
}

describe('accounts', () => {
  it('sends a visitor from a guarded page to login and back; the agreement comes first', async () => {
    const { page, errors } = await openPage(browser, phoneSize);
    await page.goto(`${server.url}/#/my/index?meeting_id=${meetingId}`);
    await page.locator('input[name="phone"]').waitFor();
    expect(hashPath(page)).toBe('/login');
    expect(hashQuery(page).get('redirect')).toBe(`/my/index?meeting_id=${meetingId}`);
    await settle(page);
    await screenshot(page, 'login-phone-en');

    await page.locator('input[name="phone"]').fill('13900001111');
    await page.getByRole('button', { name: /get code/i }).click();
    const code = await outboxCode('+8613900001111');
    await page.locator('input[name="code"]').fill(code);
    await page.locator('form button[type="submit"]').click();
    await page.getByText('Please read and agree to the Privacy Policy first').waitFor();
    expect(hashPath(page)).toBe('/login');

    await page.locator('#agree').check();
    await page.locator('form button[type="submit"]').click();
    await page.getByText('No name yet').waitFor();
    expect(hashPath(page)).toBe('/my/index');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('edits the profile with an avatar upload, then logs out', async () => {
    const { page, errors } = await openPage(browser, phoneSize);
    await page.goto(
      `${server.url}/#/login?meeting_id=${meetingId}&redirect=${encodeURIComponent('/my/profile')}`,
    );
    await page.locator('input[name="phone"]').waitFor();
    await loginWithPhone(page, '13900002222');
    await page.locator('input[name="username"]').waitFor();
    expect(hashPath(page)).toBe('/my/profile');

    await page.locator('input[name="username"]').fill('Ada Lovelace');
    await page.locator('input[name="title"]').fill('Analyst');
    await page.locator('input[name="company"]').fill('Analytical Engines');
    // A real PNG drawn by the browser itself.
    const dataUrl = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 96;
      canvas.height = 96;
      const context = canvas.getContext('2d');
      if (context) {
        context.fillStyle = '#0f766e';
        context.fillRect(0, 0, 96, 96);
        context.fillStyle = '#fbbf24';
        context.beginPath();
        context.arc(48, 40, 22, 0, Math.PI * 2);
        context.fill();
      }
      return canvas.toDataURL('image/png');
    });
    const png = Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
    await page
      .locator('[data-testid="avatar-input"]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect
      .poll(
        () =>
          page
            .locator('button[aria-label] img')
            .first()
            .getAttribute('src', { timeout: 1000 })
            .catch(() => null),
        {
          timeout: 15_000,
        },
      )
      .toContain('/api/files/avatar/');
    await screenshot(page, 'my-profile-phone-en');
    await page.locator('form button[type="submit"]').click();
    await page.getByRole('heading', { name: 'Ada Lovelace' }).waitFor();
    expect(hashPath(page)).toBe('/my/index');
    await page.getByText('Analyst · Analytical Engines').first().waitFor();
    await settle(page);
    await screenshot(page, 'my-index-phone-en');

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
    await page.locator('input[name="phone"]').waitFor();
    expect(hashPath(page)).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto(`${server.url}/#/my/index?meeting_id=${meetingId}`);
    await page.locator('input[name="phone"]').waitFor();
    expect(hashPath(page)).toBe('/login');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('logs in by e-mail, is asked to bind a phone, and may skip it', async () => {
    const { page, errors } = await openPage(browser, desktopSize);
    await page.goto(`${server.url}/#/login?meeting_id=${meetingId}`);
    await page.getByRole('tab', { name: 'E-mail' }).click();
    await page.locator('input[name="email"]').fill('Grace@Example.com');
    await page.getByRole('button', { name: /get code/i }).click();
    const code = await outboxCode('grace@example.com');
    await page.locator('input[name="code"]').fill(code);
    await page.locator('#agree').check();
    await page.locator('form button[type="submit"]').click();
    await page.getByRole('heading', { name: 'Bind your phone' }).waitFor();
    expect(hashPath(page)).toBe('/bind');
    await settle(page);
    await screenshot(page, 'bind-desktop-en');
    await page.getByRole('link', { name: 'Not now' }).click();
    await page.locator('#meeting-title').waitFor();
    expect(hashPath(page)).toBe('/meeting/home');
    await page.getByRole('link', { name: 'My account' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('logs in with the exhibitor account; a wrong password is refused', async () => {
    const { page, errors } = await openPage(browser, desktopSize);
    await page.goto(`${server.url}/#/login?meeting_id=${meetingId}`);
    await page.getByRole('tab', { name: 'Exhibitor' }).click();
    await page.locator('input[name="account"]').fill('demo-exhibitor');
    await page.locator('input[name="password"]').fill('wrong-password');
    await page.locator('#agree').check();
    await page.locator('form button[type="submit"]').click();
    await page.getByText('Incorrect account or password').waitFor();
    expect(hashPath(page)).toBe('/login');
    await page.locator('input[name="password"]').fill('Exhibitor2019!');
    await page.locator('form button[type="submit"]').click();
    await page.getByRole('heading', { name: 'Bind your phone' }).waitFor();
    // The refused attempt logged a 401 in the console; nothing else may have.
    expect(errors.filter((error) => !error.includes('401'))).toEqual([]);
    await page.context().close();
  });

  it('logs in with Google through the identity provider and comes back logged in', async () => {
    await identity.setProfile('google', {
      sub: 'google-e2e-1',
      email: 'ada.google@example.com',
      email_verified: true,
      name: 'Ada Google',
    });
    const { page, errors } = await openPage(browser, desktopSize);
    await page.goto(
      `${server.url}/#/login?meeting_id=${meetingId}&redirect=${encodeURIComponent('/my/index')}`,
    );
    await page.locator('[data-provider="google"]').click();
    await page
      .getByText('The Privacy Policy', { exact: false })
      .first()
      .waitFor({ timeout: 3000 })
      .catch(() => {});
    // The agreement comes first for third-party logins too.
    expect(hashPath(page)).toBe('/login');
    await page.locator('#agree').check();
    await page.locator('[data-provider="google"]').click();
    await page.getByRole('heading', { name: 'Bind your phone' }).waitFor({ timeout: 20_000 });
    await page.getByRole('link', { name: 'Not now' }).click();
    await page.getByRole('heading', { name: 'Ada Google' }).waitFor();
    expect(hashPath(page)).toBe('/my/index');
    await page.getByText('ada.google@example.com').waitFor();
    await page.goto(`${server.url}/#/my/index?meeting_id=${meetingId}&lang=ar`);
    await page.getByRole('heading', { name: 'Ada Google' }).waitFor();
    await settle(page);
    await screenshot(page, 'my-index-desktop-ar');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('logs in with Facebook through the identity provider', async () => {
    await identity.setProfile('facebook', {
      id: 'fb-e2e-1',
      name: 'Lin Facebook',
      email: 'lin.fb@example.com',
    });
    const { page, errors } = await openPage(browser, phoneSize);
    await page.goto(
      `${server.url}/#/login?meeting_id=${meetingId}&redirect=${encodeURIComponent('/my/index')}`,
    );
    await page.locator('#agree').check();
    await page.locator('[data-provider="facebook"]').click();
    await page.getByRole('heading', { name: 'Bind your phone' }).waitFor({ timeout: 20_000 });
    await page.getByRole('link', { name: 'Not now' }).click();
    await page.getByRole('heading', { name: 'Lin Facebook' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a mini-program hands over a signed phone (/tokens/phone/v2) and the visitor is logged in', async () => {
    const timestamp = Math.floor(Date.now() / 1000);
    const sign = phoneTokenSignature({
      salt: 'meeting-platform-phone-token-salt-v1',
      e164: '+8613900004444',
      timestamp,
    });
    const { page, errors } = await openPage(browser, phoneSize);
    const query = new URLSearchParams({
      meeting_id: meetingId,
      phone: '13900004444',
      timestamp: String(timestamp),
      sign,
      redirect: '/my/index',
    });
    await page.goto(`${server.url}/#/login?${query}`);
    await page.getByText('+86 139****4444').waitFor({ timeout: 20_000 });
    expect(hashPath(page)).toBe('/my/index');

    // A tampered signature is refused with 'Login invalid' and nobody is logged in.
    const { page: forged } = await openPage(browser, phoneSize);
    query.set('phone', '13900005555');
    await forged.goto(`${server.url}/#/login?${query}`);
    await forged.getByText('Login invalid').waitFor();
    expect(await forged.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(errors).toEqual([]);
    await forged.context().close();
    await page.context().close();
  });

  it('inside WeChat: WeChat login hands back to /bind, which finishes with a phone', async () => {
    await identity.setProfile('wechat', { openid: 'wx-e2e-openid-1', nickname: '微信用户' });
    const context = await browser.newContext({
      viewport: { width: phoneSize.width, height: phoneSize.height },
      isMobile: true,
      hasTouch: true,
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.50',
      locale: 'zh-CN',
    });
    const page = await context.newPage();
    await page.goto(
      `${server.url}/#/login?meeting_id=${meetingId}&lang=zh&redirect=${encodeURIComponent('/my/index')}`,
    );
    await page.locator('#agree').check();
    await page.locator('[data-provider="wechat"]').click();
    await page.locator('input[name="phone"]').waitFor();
    await expect.poll(() => hashPath(page), { timeout: 20_000 }).toBe('/bind');
    expect(hashQuery(page).get('ticket')).toBeTruthy();
    await page.locator('input[name="phone"]').fill('13900003333');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.locator('input[name="code"]').fill(await outboxCode('+8613900003333'));
    await page.locator('form button[type="submit"]').click();
    await page.getByRole('heading', { name: '微信用户' }).waitFor();
    expect(hashPath(page)).toBe('/my/index');
    await settle(page);
    await screenshot(page, 'my-index-phone-zh');
    await context.close();
  });

  it('a 403 toasts, logs out and opens login with a redirect back', async () => {
    const { page } = await openPage(browser, phoneSize);
    // A stale token stored before the app runs (same origin, no app code on that page).
    await page.goto(`${server.url}/api/health`);
    await page.evaluate((id) => {
      localStorage.setItem('meeting_id', id);
      localStorage.setItem('token', 'x'.repeat(43));
      localStorage.setItem('user_id', 'ffffffffffffffffffff0001');
      localStorage.setItem('session_meeting_id', id);
    }, meetingId);
    await page.goto(`${server.url}/#/my/index?meeting_id=${meetingId}`);
    await page.getByText('Your session has expired. Please sign in again.').waitFor();
    await expect.poll(() => hashPath(page)).toBe('/login');
    expect(hashQuery(page).get('redirect')).toBe(`/my/index?meeting_id=${meetingId}`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.context().close();
  });

  it.each(['zh', 'en', 'ar'])('looks right in %s at both sizes', async (language) => {
    for (const viewport of viewports) {
      const { page, errors } = await openPage(browser, viewport);
      await page.goto(`${server.url}/#/login?meeting_id=${meetingId}&lang=${language}`);
      await page.locator('input[name="phone"]').waitFor();
      await settle(page);
      expect(await page.locator('html').getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
      await screenshot(page, `login-${viewport.name}-${language}`);
      await page.goto(`${server.url}/#/agree?meeting_id=${meetingId}&lang=${language}`);
      await page.locator('article h1').waitFor();
      await screenshot(page, `agree-${viewport.name}-${language}`);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });
});
