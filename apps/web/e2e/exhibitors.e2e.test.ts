import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPath, launchBrowser, openPage, screenshot, settle, viewports } from './browser.ts';
import { outboxCode as readOutboxCode } from './outbox.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * Exhibitors end to end: on a phone, the demo meeting's pavilion filtered by industry
 * (chips) and by exhibitor group (the filter page), searched with the matches marked; an enterprise,
 * one of its products, collecting it after the phone-code login, and finding it in /my/collection;
 * the pavilion in Chinese, English and Arabic (mirrored) at both sizes.
 */

const meetingId = '64656d6f0000000000002019';
const [phoneSize, desktopSize] = viewports;
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

const hashQuery = (page: Page) => new URLSearchParams(new URL(page.url()).hash.split('?')[1] ?? '');

/** The newest code the developer outbox holds for a recipient. */
const outboxCode = (recipient: string) => readOutboxCode(server.url, recipient);

const cards = (page: Page) => page.locator('[data-testid="exhibitor-card"]');

/** Waits until the pavilion lists at least one card and every card names `text` (a filter's chip). */
async function expectCardsContaining(page: Page, text: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const texts = await cards(page).allTextContents();
        return texts.length > 0 && texts.every((card) => card.includes(text));
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  await settle(page);
}

describe('exhibitors', () => {
  it('filters and searches the pavilion on a phone', async () => {
    const { page, errors } = await openPage(browser, phoneSize);
    await page.goto(`${server.url}/#/exhibit?meeting_id=${meetingId}&lang=en`);
    await cards(page).first().waitFor();
    await settle(page);
    expect(await cards(page).count()).toBe(20);
    await screenshot(page, 'pavilion-phone-en');

    // More as one scrolls (20 at a time).
    await page.locator('text=Load more').scrollIntoViewIfNeeded();
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBeGreaterThan(20);

    // Industry chip: the list narrows to that industry, kept in the address.
    const industries = page.getByRole('group', { name: 'Industry' });
    const industry = industries.getByRole('button').nth(1);
    const industryName = (await industry.textContent()) ?? '';
    await industry.click();
    await expect.poll(() => hashQuery(page).get('industry_id')).toBeTruthy();
    // The address changes before the list re-renders (a skeleton, then the narrowed cards): wait for
    // the cards themselves rather than reading the list at the moment the address changed.
    await expectCardsContaining(page, industryName);

    // The filter page: it opens with the industry chosen; reset, pick an exhibitor group, back to the
    // pavilion with that filter alone.
    await page.locator('[data-testid="pavilion-filter"]').click();
    await page.getByRole('group', { name: 'Group' }).waitFor();
    expect(hashPath(page)).toBe('/exhibit/exhibitor/filter');
    await settle(page);
    await screenshot(page, 'pavilion-filter-phone-en');
    await expect
      .poll(() => page.getByRole('button', { name: industryName, exact: true }).getAttribute('aria-pressed'))
      .toBe('true');
    await page.getByRole('button', { name: 'Reset' }).click();
    const group = page.getByRole('group', { name: 'Group' }).getByRole('button').nth(1);
    const groupName = (await group.textContent()) ?? '';
    await group.click();
    await page.locator('[data-testid="filter-apply"]').click();
    await expect.poll(() => hashPath(page)).toBe('/exhibit');
    expect(hashQuery(page).get('group_id')).toBeTruthy();
    expect(hashQuery(page).get('industry_id')).toBeNull();
    await expectCardsContaining(page, groupName);

    // Search: typed, debounced, keyword in the address, matches in <mark>.
    const firstTitle = (await cards(page).first().locator('.font-semibold').textContent()) ?? '';
    const word = firstTitle.split(/\s+/).find((part) => part.length >= 4) ?? firstTitle.slice(0, 3);
    await page.locator('[data-testid="pavilion-search"]').click();
    await page.locator('[data-testid="search-input"]').fill(word);
    await expect.poll(() => hashQuery(page).get('keyword')).toBe(word);
    await page.locator('[data-testid="exhibitor-results"] mark').first().waitFor();
    const marked = await page.locator('[data-testid="exhibitor-results"] mark').first().textContent();
    expect(marked?.toLowerCase()).toContain(word.toLowerCase());
    await settle(page);
    await screenshot(page, 'search-phone-en');

    // The product tab keeps the keyword.
    await page.locator('[data-testid="search-tab-products"]').click();
    await expect.poll(() => hashPath(page)).toBe('/exhibit/product/search');
    expect(hashQuery(page).get('keyword')).toBe(word);
    // Products of the deterministic demo data ("… Solar Panel …"), matches marked.
    await page.locator('[data-testid="search-input"]').fill('solar');
    await page.locator('[data-testid="product-results"] mark').first().waitFor();
    expect(
      (await page.locator('[data-testid="product-results"] mark').first().textContent())?.toLowerCase(),
    ).toBe('solar');
    await settle(page);
    await screenshot(page, 'search-products-phone-en');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('opens an enterprise and a product, collects it after login, finds it in /my/collection', async () => {
    const { page, errors } = await openPage(browser, phoneSize);
    await page.goto(`${server.url}/#/exhibit?meeting_id=${meetingId}&lang=en`);
    await cards(page).first().click();
    await page.locator('[data-testid="enterprise-title"]').waitFor();
    expect(hashPath(page)).toBe('/meeting/enterprise');
    await settle(page);
    await screenshot(page, 'enterprise-phone-en');
    expect(await page.title()).toContain('Exhibitor details');

    await page.locator('[data-testid="product-tile"]').first().click();
    await page.locator('[data-testid="product-title"]').waitFor();
    expect(hashPath(page)).toBe('/meeting/product');
    const productTitle = (await page.locator('[data-testid="product-title"]').textContent()) ?? '';
    const productUrl = page.url();

    // Anonymous: collecting asks for a login first, then comes back.
    await page.locator('[data-testid="product-like"]').click();
    await page.locator('input[name="phone"]').waitFor();
    expect(hashPath(page)).toBe('/login');
    await page.locator('input[name="phone"]').fill('13900005555');
    await page.getByRole('button', { name: /get code/i }).click();
    await page.locator('input[name="code"]').fill(await outboxCode('+8613900005555'));
    await page.locator('#agree').check();
    await page.locator('form button[type="submit"]').click();
    await page.locator('[data-testid="product-title"]').waitFor();
    expect(page.url()).toBe(productUrl);

    const like = page.locator('[data-testid="product-like"]');
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('false');
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    await settle(page);
    await screenshot(page, 'product-phone-en');

    await page.goto(`${server.url}/#/my/collection?meeting_id=${meetingId}&tab=products`);
    await page.locator('[data-testid="collection-products"]').waitFor();
    await expect(page.locator('[data-testid="collection-products"]').textContent()).resolves.toContain(
      productTitle,
    );
    await settle(page);
    await screenshot(page, 'collection-phone-en');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('binds the exhibitor account, edits the company, unbinds; applies to exhibit', async () => {
    const { page, errors } = await openPage(browser, phoneSize);
    await page.goto(`${server.url}/#/meeting/exhibitor/bind?meeting_id=${meetingId}&lang=en`);
    await page.locator('input[name="phone"]').waitFor();
    expect(hashQuery(page).get('redirect')).toContain('/meeting/exhibitor/bind');
    await page.locator('input[name="phone"]').fill('13900006666');
    await page.getByRole('button', { name: /get code/i }).click();
    await page.locator('input[name="code"]').fill(await outboxCode('+8613900006666'));
    await page.locator('#agree').check();
    await page.locator('form button[type="submit"]').click();
    await page.locator('[data-testid="bind-form"]').waitFor();
    expect(hashPath(page)).toBe('/meeting/exhibitor/bind');

    // Required fields, then a wrong password, then the right one.
    await page.locator('[data-testid="bind-form"] button[type="submit"]').click();
    expect(await page.getByText('This is a required field').count()).toBe(2);
    await page.locator('input[name="account"]').fill('demo-exhibitor');
    await page.locator('input[name="password"]').fill('wrong-password');
    await page.locator('[data-testid="bind-form"] button[type="submit"]').click();
    await page.getByText('Incorrect account or password').waitFor();
    await page.locator('input[name="password"]').fill('Exhibitor2019!');
    await page.locator('[data-testid="bind-form"] button[type="submit"]').click();
    await page.locator('[data-testid="exhibitor-binding"]').waitFor();
    await settle(page);
    await page.getByText('Account bound').waitFor({ state: 'detached' });
    await screenshot(page, 'exhibitor-bind-phone-en');

    // Manage: rename the company; its page shows the new name.
    await page.getByRole('link', { name: 'Manage my company' }).click();
    await page.locator('[data-testid="manage-form"]').waitFor();
    await page.locator('input[name="title"]').fill('Zhongke Renamed Energy Ltd.');
    await page.locator('input[name="phone"]').fill('+86 10 8888 0000');
    // A new logo: a PNG drawn by the browser, uploaded through POST /tokens/qiniu.
    const logo = page.locator('[data-testid="manage-form"] button[aria-label="Change logo"] img');
    // The seeded logo (also a stored logo.png): the upload's must replace it.
    const seededLogo = await logo.getAttribute('src').catch(() => null);
    const dataUrl = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 96;
      canvas.height = 96;
      const context = canvas.getContext('2d');
      if (context) {
        context.fillStyle = '#1d4ed8';
        context.fillRect(0, 0, 96, 96);
      }
      return canvas.toDataURL('image/png');
    });
    await page.locator('[data-testid="logo-input"]').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from(dataUrl.split(',')[1] ?? '', 'base64'),
    });
    await expect
      .poll(
        async () => {
          const src = await logo.getAttribute('src', { timeout: 1000 }).catch(() => null);
          return src === seededLogo ? null : src;
        },
        { timeout: 15_000 },
      )
      .toMatch(/^\/api\/files\/image\/[0-9a-f]+\/logo\.png\?imageView2\/2\/w\/192\/h\/192$/);
    // The same stored logo, asked at each box's doubled size (§9).
    const logoUrl = (await logo.getAttribute('src'))?.split('?')[0];
    await settle(page);
    await screenshot(page, 'exhibitor-manage-phone-en');
    await page.locator('[data-testid="manage-form"] button[type="submit"]').click();
    await page.getByText('Saved').waitFor();
    await page.getByText('Saved').waitFor({ state: 'detached' });
    await screenshot(page, 'exhibitor-manage-saved-phone-en');
    await page.getByRole('link', { name: 'View my page' }).click();
    await expect
      .poll(() => page.locator('[data-testid="enterprise-title"]').textContent())
      .toBe('Zhongke Renamed Energy Ltd.');
    expect(await page.locator('[data-testid="enterprise-call"]').getAttribute('href')).toBe(
      'tel:+861088880000',
    );
    expect(await page.locator('header img').nth(1).getAttribute('src')).toBe(
      `${logoUrl}?imageView2/2/w/160/h/160`,
    );

    // Unbind after confirming: the form is back.
    await page.goto(`${server.url}/#/meeting/exhibitor/bind?meeting_id=${meetingId}&lang=en`);
    await page.locator('[data-testid="exhibitor-binding"]').getByRole('button', { name: 'Unbind' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Unbind' }).click();
    await page.locator('[data-testid="bind-form"]').waitFor();

    // Apply to exhibit: required fields first.
    await page.goto(`${server.url}/#/meeting/apply?meeting_id=${meetingId}&lang=en`);
    await page.locator('[data-testid="apply-form"]').waitFor();
    await page.locator('[data-testid="apply-form"] button[type="submit"]').click();
    expect(await page.getByText('This is a required field').count()).toBe(3);
    await page.locator('input[name="company"]').fill('Acme Robotics');
    await page.locator('input[name="contact_name"]').fill('Grace Hopper');
    await page.locator('input[name="phone"]').fill('13900007777');
    await page.locator('[data-testid="apply-form"] button[type="submit"]').click();
    await page.getByText('Application sent').waitFor();
    expect(errors.filter((error) => !/401|Incorrect account/.test(error))).toEqual([]);
    await page.context().close();
  });

  it('shows and downloads the invitation poster of an enterprise', async () => {
    const { page, errors } = await openPage(browser, phoneSize);
    await page.goto(`${server.url}/#/exhibit?meeting_id=${meetingId}&lang=zh`);
    await cards(page).first().click();
    await page.locator('[data-testid="enterprise-invitation"]').click();
    await expect.poll(() => hashPath(page)).toBe('/meeting/invitation');
    const poster = page.locator('[data-testid="invitation-poster"]');
    await expect
      .poll(() => poster.evaluate((image: HTMLImageElement) => image.naturalWidth), { timeout: 30_000 })
      .toBe(750);
    const download = page.getByRole('link', { name: '下载海报' });
    expect(await download.getAttribute('href')).toContain('download=1');
    await settle(page);
    await screenshot(page, 'invitation-phone-zh');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("names the pavilion tab and titles with the meeting's own wording when it shows exhibitors", async () => {
    const { page, errors } = await openPage(browser, phoneSize);
    // Answer the demo meeting as one that names its pavilion and exhibitors in its own words.
    await page.route('**/api/demand/meetings?**', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { results: { exhibition: Record<string, unknown> }[] };
      for (const meeting of body.results) {
        meeting.exhibition = {
          ...meeting.exhibition,
          show_exhibitor: 1,
          exhibition_txt: { en: 'Online Hall', zh: '云展厅' },
          exhibitor_txt: { en: 'Companies', zh: '参展企业' },
        };
      }
      await route.fulfill({ response, json: body });
    });
    await page.goto(`${server.url}/#/meeting/home?meeting_id=${meetingId}&lang=en`);
    const tabBar = page.getByRole('navigation', { name: 'Main navigation' }).last();
    const tab = tabBar.getByRole('link', { name: 'Online Hall' });
    await tab.waitFor();
    expect(await tabBar.getByRole('link').count()).toBe(5);
    await tab.click();
    await cards(page).first().waitFor();
    await expect.poll(() => page.title()).toContain('Online Hall');
    expect(await tab.getAttribute('aria-current')).toBe('page');
    await page.locator('[data-testid="pavilion-search"]').click();
    await expect.poll(() => page.title()).toContain('Search Companies');
    expect(await tab.getAttribute('aria-current')).toBe('page');
    await settle(page);
    await screenshot(page, 'search-wording-phone-en');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  for (const viewport of [phoneSize, desktopSize]) {
    for (const language of ['zh', 'en', 'ar'] as const) {
      it(`shows the pavilion, an enterprise and a product in ${language} on a ${viewport.name}${language === 'ar' ? ', mirrored' : ''}`, async () => {
        const { page, errors } = await openPage(browser, viewport);
        await page.goto(`${server.url}/#/exhibit?meeting_id=${meetingId}&lang=${language}`);
        await cards(page).first().waitFor();
        await settle(page);
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(
          language === 'ar' ? 'rtl' : 'ltr',
        );
        if (language === 'ar') {
          // The logo sits on the right of the name in a mirrored card.
          const card = cards(page).first();
          const logo = await card.locator('span').first().boundingBox();
          const box = await card.boundingBox();
          expect(logo && box && logo.x > box.x + box.width / 2).toBe(true);
        }
        await screenshot(page, `pavilion-${viewport.name}-${language}`);
        await cards(page).first().click();
        await page.locator('[data-testid="product-tile"]').first().waitFor();
        await settle(page);
        await screenshot(page, `enterprise-${viewport.name}-${language}`);
        await page.locator('[data-testid="product-tile"]').first().click();
        await page.locator('[data-testid="product-title"]').waitFor();
        await settle(page);
        await screenshot(page, `product-${viewport.name}-${language}`);
        expect(errors).toEqual([]);
        await page.context().close();
      });
    }
  }
});
