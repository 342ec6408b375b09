import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, settle, viewports } from './browser.ts';
import { outboxCode } from './outbox.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * The console's moderation screens end to end (DESIGN §7; §5 sensitive content): an administrator
 * adds a word of the meeting's own ("competitorcorp", ad), tests a text against it, approves a
 * reported profile from the queue and lifts a ban. Screenshots of the queue, the word lists and the
 * bans at 390×844 and 1280×800 in zh, en and ar.
 *
 * A profile reported by three users and a banned user are written into the data folder before the
 * server starts, as POST /reports and the console's ban would leave them.
 */

const meetingId = '64656d6f0000000000002019';
const adminPhone = '13900139092';
const [phoneSize, desktopSize] = viewports;
const reportedId = 'e2e0d0e2e0d0e2e0d0e2e001';
const bannedId = 'e2e0d0e2e0d0e2e0d0e2e002';

let server: TestServer;
let browser: Browser;
let session: Awaited<ReturnType<BrowserContext['storageState']>>;

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PHONES: adminPhone } });
  await server.restart(async (dataDir) => {
    const client = await PGlite.create({ dataDir, extensions: { btree_gist, pg_trgm } });
    try {
      await client.query(
        `insert into users (id, username, work_title, work_company) values
           ($1, 'Cheap Deals 加微信', 'Sales', 'Best Price Ltd'), ($2, 'Flood Bot', '', '')`,
        [reportedId, bannedId],
      );
      await client.query(
        `insert into moderation_items (id, meeting_id, kind, target_id, user_id, source, category, reports_count, state)
         values ('e2e0d0e2e0d0e2e0d0e2e0a1', $1, 'profile', $2, $2, 'report', 'ad', 3, 'pending')`,
        [meetingId, reportedId],
      );
      for (const [i, reason] of ['ad', 'ad', 'spam'].entries()) {
        await client.query(
          `insert into moderation_reports (kind, target_id, reporter_id, meeting_id, reason)
           values ('profile', $1, $2, $3, $4)`,
          [reportedId, `e2e0d0e2e0d0e2e0d0e2e0b${i}`, meetingId, reason],
        );
      }
      await client.query(
        `insert into moderation_bans (meeting_id, user_id, reason) values ($1, $2, 'Flooding the threads')`,
        [meetingId, bannedId],
      );
    } finally {
      await client.close();
    }
  });
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const base = `/console/meetings/${meetingId}/moderation`;
const go = (page: Page, path: string, language: string) =>
  page.goto(
    `${server.url}/#${base}${path}${path.includes('?') ? '&' : '?'}meeting_id=${meetingId}&lang=${language}`,
  );

describe('console moderation', () => {
  it('adds a word, tests a text, approves a reported profile and lifts a ban', async () => {
    const { page, errors } = await openPage(browser, desktopSize);
    await go(page, '/words', 'en');
    await page.locator('input[name="phone"]').waitFor();
    await page.locator('input[name="phone"]').fill(adminPhone);
    await page.getByRole('button', { name: /get code/i }).click();
    await page.locator('input[name="code"]').fill(await outboxCode(server.url, `+86${adminPhone}`));
    await page.locator('#agree').check();
    await page.locator('form button[type="submit"]').click();

    await page.locator('[data-testid="console-moderation-words"]').waitFor();
    await page.locator('[data-testid="moderation-word"]').fill('CompetitorCorp');
    await page.locator('[data-testid="moderation-word-category"]').selectOption('ad');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page
      .locator('[data-testid="moderation-words-table"]')
      .getByText('CompetitorCorp')
      .first()
      .waitFor();
    await page.locator('[data-testid="moderation-test-text"]').fill('Visit competitorcorp instead!');
    await page.getByRole('button', { name: 'Test', exact: true }).click();
    expect(await page.locator('[data-testid="moderation-verdict"]').textContent()).toContain(
      'Refused: Advertising',
    );
    await page.locator('[data-testid="moderation-test-text"]').fill('Where is hall 3?');
    await page.getByRole('button', { name: 'Test', exact: true }).click();
    await page.locator('[data-testid="moderation-verdict"]', { hasText: 'Allowed' }).waitFor();

    await go(page, '', 'en');
    await page.locator('[data-testid="moderation-row"]', { hasText: 'Cheap Deals' }).first().waitFor();
    await page.locator('[data-testid="moderation-approve"]:visible').first().click();
    await page.getByText('Nothing to review').waitFor();
    await go(page, '?tab=resolved', 'en');
    await page.locator('[data-testid="moderation-row"]', { hasText: 'Cheap Deals' }).first().waitFor();

    await go(page, '/bans', 'en');
    await page.locator('[data-testid="moderation-bans-table"]').getByText('Flood Bot').first().waitFor();
    session = await page.context().storageState();
    expect(errors.filter((error) => !/status of 40[13]/.test(error))).toEqual([]);
    await page.context().close();
  });

  it('keeps screenshots of the queue, the word lists and the bans in zh, en and ar', async () => {
    for (const language of ['zh', 'en', 'ar']) {
      for (const size of [phoneSize, desktopSize]) {
        const { page } = await openPage(browser, size, { storageState: session });
        for (const [screen, path, testId] of [
          ['queue', '?tab=resolved', 'console-moderation'],
          ['words', '/words', 'console-moderation-words'],
          ['bans', '/bans', 'console-moderation-bans'],
        ] as const) {
          await go(page, path, language);
          await page.locator(`[data-testid="${testId}"]`).waitFor();
          await settle(page);
          await screenshot(page, `console-moderation-${screen}-${size.name}-${language}`);
        }
        await page.context().close();
      }
    }
  });

  it('lifts the ban after confirming', async () => {
    const { page } = await openPage(browser, desktopSize, { storageState: session });
    await go(page, '/bans', 'en');
    await page.locator('[data-testid="moderation-lift"]:visible').first().click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('No blocked users').waitFor();
    await page.context().close();
  });
});
