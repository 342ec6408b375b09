import type { ReceptionPhase } from '@app/contracts';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../src/lib/api/client.ts';
import { launchBrowser, openPage, screenshot, settle, viewports } from './browser.ts';
import { outboxCode } from './outbox.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * The console's reception area end to end (DESIGN §7; §3 Guest, Reception guest; §4; §6): an
 * organiser imports a small XLSX built here — the report names the bad phone row and nothing is
 * stored — then a corrected file, checks it and imports it; adds a field to the airport phase's form;
 * sees the arrivals board of the demo desk. Screenshots of guests, import report, phases and board at
 * 390×844 and 1280×800 in zh, en and ar.
 */

const meetingId = '64656d6f0000000000002019';
const adminPhone = '13900139094';
const [phoneSize, desktopSize] = viewports;

let server: TestServer;
let browser: Browser;
let session: Awaited<ReturnType<BrowserContext['storageState']>>;

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PHONES: adminPhone } });
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const base = `/console/meetings/${meetingId}/reception`;
const go = (page: Page, path: string, language: string) =>
  page.goto(`${server.url}/#${base}${path}?meeting_id=${meetingId}&lang=${language}`);

/** An XLSX of guests: the header row, then the rows given. */
async function guestFile(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('guests');
  sheet.addRow(['name', 'title', 'phone', 'email', 'code', 'phases']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const file = (buffer: Buffer) => ({
  name: 'guests.xlsx',
  mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  buffer,
});

const goodRows = [
  [
    'Grace Hopper',
    'Rear Admiral',
    '13700137001',
    'grace@example.com',
    'E2E001',
    'Airport pick-up;Hotel check-in',
  ],
  ['林语', '总监', '+44 7911 123456', '', '', '欢迎晚宴'],
];

async function consoleApi(page: Page) {
  const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
  return createApiClient({
    baseUrl: '/api',
    salt: 'meeting-platform-apikey-salt-v1',
    fetch: (address, init) => fetch(`${server.url}${address}`, init),
    now: () => Date.now(),
    deviceId: () => 'e2e-console-reception',
    session: () => ({ token }),
    source: () => undefined,
    clockOffset: { get: () => 0, set: () => {} },
  });
}

describe('console reception', () => {
  it('imports guests after a per-row report, edits a phase form and shows the board', async () => {
    const { page, errors } = await openPage(browser, desktopSize);
    await go(page, '/import', 'en');
    await page.locator('input[name="phone"]').waitFor();
    await page.locator('input[name="phone"]').fill(adminPhone);
    await page.getByRole('button', { name: /get code/i }).click();
    await page.locator('input[name="code"]').fill(await outboxCode(server.url, `+86${adminPhone}`));
    await page.locator('#agree').check();
    await page.locator('form button[type="submit"]').click();

    // A file with a bad phone: the report says which row and why; no import button.
    const input = page.locator('[data-testid="reception-import-file"]');
    await input.waitFor({ state: 'attached' });
    await input.setInputFiles(file(await guestFile([...goodRows, ['Bad Phone', '', '12345', '', '', '']])));
    await page.locator('[data-testid="reception-import-report"]').waitFor();
    await expect
      .poll(() => page.locator('[data-testid="reception-import-summary"]').textContent())
      .toBe('2 of 3 rows are ready');
    expect(await page.locator('[data-testid="reception-import-problem"]:visible').textContent()).toContain(
      'Phone is not valid: 12345',
    );
    expect(await page.locator('[data-testid="reception-import-commit"]').count()).toBe(0);
    session = await page.context().storageState();

    // The corrected file: checked, then imported.
    await input.setInputFiles(file(await guestFile(goodRows)));
    await page.locator('[data-testid="reception-import-commit"]').click();
    await expect
      .poll(() => page.locator('[data-testid="reception-import-summary"]').textContent())
      .toBe('2 guests imported');
    const api = await consoleApi(page);
    const found = await api.get<{ items: { name: string; phases: unknown[] }[] }>(`${base}/guests`, {
      keyword: 'e2e001',
    });
    expect(found.items[0]).toMatchObject({ name: 'Grace Hopper' });
    expect(found.items[0]?.phases).toHaveLength(2);

    // The guests screen lists them.
    const tabs = page.getByRole('navigation', { name: 'Reception' });
    await tabs.getByRole('link', { name: 'Guests', exact: true }).click();
    await page.locator('[data-testid="reception-search"]').fill('grace');
    await expect
      .poll(() => page.locator('[data-testid="reception-guest-row"]:visible').first().textContent())
      .toBe('Grace Hopper');

    // The airport phase gets a terminal field.
    await tabs.getByRole('link', { name: 'Phases', exact: true }).click();
    await page.locator('[data-testid="reception-edit-phase"]').first().click();
    const dialog = page.locator('[data-testid="reception-phase-dialog"]');
    await dialog.locator('[data-testid="reception-add-field"]').click();
    await dialog.locator('[data-testid="reception-field-key"]').last().fill('terminal');
    await dialog.locator('[data-testid="reception-field-label"]').last().fill('Terminal');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () => {
        const phases = await api.list<ReceptionPhase>(`${base}/phases`);
        return phases[0]?.form.map((field) => field.key);
      })
      .toEqual(['flight', 'arrival', 'terminal']);

    // The board: the demo desk's phases and arrivals.
    await tabs.getByRole('link', { name: 'Board', exact: true }).click();
    await expect.poll(() => page.locator('[data-testid="reception-board-phase"]').count()).toBe(4);
    await page.locator('[data-testid="reception-arrival"]').first().waitFor();
    expect(errors.filter((error) => !/status of 40[0139]/.test(error))).toEqual([]);
    await page.context().close();
  });

  it('keeps screenshots of guests, import report, phases and board in zh, en and ar', async () => {
    const report = file(
      await guestFile([goodRows[0] as string[], ['Bad Phone', '', '12345', '', 'E2E001', 'Spa']]),
    );
    for (const language of ['zh', 'en', 'ar']) {
      for (const size of [phoneSize, desktopSize]) {
        const { page } = await openPage(browser, size, { storageState: session });
        for (const [screen, path, testId] of [
          ['guests', '', 'reception-guests-table'],
          ['import', '/import', 'reception-import-file'],
          ['phases', '/phases', 'reception-phase-row'],
          ['board', '/board', 'reception-arrival'],
        ] as const) {
          await go(page, path, language);
          await page.locator(`[data-testid="${testId}"]`).first().waitFor({ state: 'attached' });
          if (screen === 'import') {
            await page.locator('[data-testid="reception-import-file"]').setInputFiles(report);
            await page.locator('[data-testid="reception-import-report"]').waitFor();
          }
          await settle(page);
          await screenshot(page, `console-reception-${screen}-${size.name}-${language}`);
        }
        await page.context().close();
      }
    }
  });
});
