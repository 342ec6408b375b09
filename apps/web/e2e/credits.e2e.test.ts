import type { ConsoleUnionCode, Ticket } from '@app/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type RequestBody } from '../src/lib/api/client.ts';
import { launchBrowser, openPage, screenshot, settle, viewports } from './browser.ts';
import { outboxCode } from './outbox.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * Credits and union codes end to end (§7 GET /activities/{id}/credits, PUT
 * /activity/attendees/unioncode; the console's Credits & codes screen): the demo organiser gives the
 * forum 1.5 credits with the certificate's wording in English and Chinese, and imports a partner's
 * codes (the check reports a duplicate in the pasted lines); a participant's ticket page says what
 * check-in will earn, refuses an unknown code and takes a good one; after check-in it shows the
 * credits earned and downloads the certificate. Screenshots at 390×844 and 1280×800 in zh, en, ar.
 */

const meetingId = '64656d6f0000000000002019';
const forumId = '64656d6f00000000000a0001';
const forumStandard = '64656d6f00000000000c0101';
const nameQuestion = '64656d6f00000000000e0101';
const phoneQuestion = '64656d6f00000000000e0102';
const organiserPhone = '13900139000';
const participantPhone = '13900139522';
const [phoneSize, desktopSize] = viewports;
const languages = ['zh', 'en', 'ar'] as const;

let server: TestServer;
let browser: Browser;
let organiserState: Awaited<ReturnType<BrowserContext['storageState']>>;
let participantState: Awaited<ReturnType<BrowserContext['storageState']>>;
let ticket: Ticket;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function apiAs(token: string) {
  return createApiClient({
    baseUrl: '/api',
    salt: 'meeting-platform-apikey-salt-v1',
    fetch: (address, init) => fetch(`${server.url}${address}`, init),
    now: () => Date.now(),
    deviceId: () => 'e2e-credits',
    session: () => ({ token }),
    source: () => undefined,
    clockOffset: { get: () => 0, set: () => {} },
  });
}

/** Logs in by SMS code on the page the app sends a visitor to; returns the token. */
async function login(page: Page, phone: string) {
  await page.locator('input[name="phone"]').waitFor();
  await page.locator('input[name="phone"]').fill(phone);
  await page.getByRole('button', { name: /get code/i }).click();
  await page.locator('input[name="code"]').fill(await outboxCode(server.url, `+86${phone}`));
  await page.locator('#agree').check();
  await page.locator('form button[type="submit"]').click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  return (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
}

const consoleUrl = (language: string) =>
  `${server.url}/#/console/meetings/${meetingId}/credits?meeting_id=${meetingId}&lang=${language}`;
const ticketUrl = (language: string) =>
  `${server.url}/#/my/registration/ticket?meeting_id=${meetingId}&ticket_id=${ticket._id.$id}&lang=${language}`;

describe('credits and union codes', () => {
  it('sets the forum’s credits and imports union codes in the console', async () => {
    const { page, errors } = await openPage(browser, desktopSize);
    await page.goto(consoleUrl('en'));
    const token = await login(page, organiserPhone);
    await page.locator('[data-testid="console-credits-table"]').waitFor();

    await page.locator(`[data-testid="console-credits-edit-${forumId}"]`).first().click();
    const dialog = page.locator('[data-testid="console-credits-dialog"]');
    await dialog.locator('input[name="credits"]').fill('1.55');
    await dialog.locator('button[type="submit"]').click();
    await dialog.getByText('Use at most one decimal place').waitFor();
    await dialog.locator('input[name="credits"]').fill('1.5');
    await dialog.locator('input[name="certificate_title"]').fill('CME credits');
    await dialog.locator('input[name="signer"]').fill('Dr Wang, programme director');
    if (await dialog.locator('[data-testid="console-credits-lang-zh"]').count()) {
      await dialog.locator('[data-testid="console-credits-lang-zh"]').click();
      await dialog.locator('input[name="certificate_title"]').fill('继续教育学分');
      await dialog.locator('input[name="signer"]').fill('王主任');
    }
    await dialog.locator('button[type="submit"]').click();
    await dialog.waitFor({ state: 'hidden' });

    await page.locator(`[data-testid="console-credits-codes-${forumId}"]`).first().click();
    await page.locator('[data-testid="console-unioncodes-import-open"]').click();
    const importer = page.locator('[data-testid="console-unioncodes-import"]');
    await importer.locator('input[name="partner"]').fill('Medical Society');
    await importer
      .locator('[data-testid="console-unioncodes-text"]')
      .fill('code\nMED-001\nMED-002\nMED-002\n\nMED-003');
    await importer.getByRole('button', { name: 'Check without importing' }).click();
    const report = importer.locator('[data-testid="console-unioncodes-report"]');
    await expect.poll(() => report.textContent()).toContain('3 codes can be imported');
    expect(await report.textContent()).toContain('Duplicate in the file');
    await settle(page);
    await screenshot(page, 'console-unioncodes-import-desktop-en');
    await importer.locator('button[type="submit"]').click();
    await expect.poll(() => report.textContent()).toContain('3 codes imported');
    await importer.getByRole('button', { name: 'Close' }).click();
    await expect
      .poll(() => page.locator('[data-testid="console-unioncodes-table"] tbody tr').count())
      .toBe(3);

    // What the server stored.
    const api = apiAs(token);
    const credits = await api.get<{
      items: { activity_id: { $id: string }; credits: number; enabled: number }[];
    }>(`/console/meetings/${meetingId}/credits`);
    expect(credits.items.find((item) => item.activity_id.$id === forumId)).toMatchObject({
      credits: 1.5,
      enabled: 1,
    });
    const codes = await api.get<{ items: ConsoleUnionCode[] }>(`/console/meetings/${meetingId}/unioncodes`, {
      activity_id: forumId,
    });
    expect(codes.items.map((c) => c.code).sort()).toEqual(['MED-001', 'MED-002', 'MED-003']);
    expect(codes.items.every((c) => c.partner === 'Medical Society')).toBe(true);
    organiserState = await page.context().storageState();
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('shows credits to earn, takes a union code, and after check-in the earned credits and certificate', async () => {
    const { page, errors } = await openPage(browser, phoneSize);
    await page.goto(`${server.url}/#/login?meeting_id=${meetingId}&lang=en&redirect=%2Fmy%2Findex`);
    const token = await login(page, participantPhone);
    const body: RequestBody = {
      activity_id: forumId,
      price_id: forumStandard,
      [`data[${nameQuestion}]`]: '李娜 Li Na',
      [`data[${phoneQuestion}][area_code]`]: '86',
      [`data[${phoneQuestion}][number]`]: participantPhone,
    };
    const made = await apiAs(token).post<Ticket[]>('/tickets', body);
    ticket = made[0] as Ticket;

    await page.goto(ticketUrl('en'));
    const card = page.locator('[data-testid="ticket-credits"]');
    await expect
      .poll(() => card.locator('[data-testid="credits-pending"]').textContent())
      .toBe('You earn 1.5 CME credits after check-in.');
    const form = card.locator('[data-testid="unioncode-form"]');
    await form.locator('input[name="union_code"]').fill('NOPE-1');
    await form.getByRole('button', { name: 'Apply' }).click();
    await form.getByText('This code was not found. Check it and try again.').waitFor();
    await form.locator('input[name="union_code"]').fill('MED-002');
    await form.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => card.locator('[data-testid="unioncode-held"]').textContent())
      .toContain('MED-002');

    // Check-in at the door (the organiser is staff), then the page shows what was earned.
    const organiserToken =
      organiserState.origins[0]?.localStorage.find((item) => item.name === 'token')?.value ?? '';
    await apiAs(organiserToken).put(`/tickets/${ticket._id.$id}/approve`, {
      code: ticket.code,
      scan_key: `e2e-credits-${Date.now()}`,
    });
    await page.reload();
    await expect
      .poll(() => card.locator('[data-testid="credits-earned"]').textContent())
      .toBe('You have earned 1.5 CME credits.');
    const download = page.waitForEvent('download');
    await card.locator('[data-testid="credits-download"]').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^CR-[0-9A-F]{12}\.pdf$/);
    participantState = await page.context().storageState();
    // The unknown code's 404 is the answer the field shows, not a fault.
    expect(errors.filter((error) => !error.includes('status of 404'))).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('keeps screenshots of the ticket card and the console screen in zh, en and ar', async () => {
    for (const viewport of [phoneSize, desktopSize]) {
      for (const language of languages) {
        const participant = await openPage(browser, viewport, { storageState: participantState });
        await participant.page.goto(ticketUrl(language));
        await participant.page.locator('[data-testid="credits-earned"]').waitFor();
        await participant.page.locator('[data-testid="ticket-credits"]').scrollIntoViewIfNeeded();
        await settle(participant.page);
        expect(await participant.page.evaluate(() => document.documentElement.dir)).toBe(
          language === 'ar' ? 'rtl' : 'ltr',
        );
        await screenshot(participant.page, `ticket-credits-${viewport.name}-${language}`);
        expect(participant.errors).toEqual([]);
        await participant.page.context().close();

        const organiser = await openPage(browser, viewport, { storageState: organiserState });
        await organiser.page.goto(consoleUrl(language));
        await organiser.page.locator('[data-testid="console-credits-table"]').waitFor();
        await organiser.page.locator(`[data-testid="console-credits-codes-${forumId}"]:visible`).click();
        await organiser.page.locator('[data-testid="console-unioncodes-table"] :visible').first().waitFor();
        await organiser.page.locator('[data-testid="console-unioncodes"]').scrollIntoViewIfNeeded();
        await settle(organiser.page);
        await screenshot(organiser.page, `console-credits-${viewport.name}-${language}`);
        expect(organiser.errors).toEqual([]);
        await organiser.page.context().close();
      }
    }
  }, 180_000);
});
