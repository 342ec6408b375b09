import type { VoteSummary } from '@app/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../src/lib/api/client.ts';
import { launchBrowser, openPage, screenshot, settle, viewports } from './browser.ts';
import { outboxCode } from './outbox.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * The vote journey (§2 /activity/vote, §5 limits, §8 12001): a visitor logs in, opens the demo vote
 * from the Votes section of the activity list (10 votes each, 3 a day), gives a candidate 3 votes with the stepper, and then sees that today's
 * votes are used up — the spec's message, the vote buttons off — while the candidate's count went up.
 * One zh and one ar screenshot of the page after voting.
 */

const meetingId = '64656d6f0000000000002019';
const voterPhone = '13900139411';
const [phone] = viewports;

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function login(page: Page): Promise<void> {
  await page.goto(`${server.url}/#/login?meeting_id=${meetingId}&lang=en&redirect=%2Fmy%2Findex`);
  await page.locator('input[name="phone"]').fill(voterPhone);
  await page.getByRole('button', { name: /get code/i }).click();
  await page.locator('input[name="code"]').fill(await outboxCode(server.url, `+86${voterPhone}`));
  await page.locator('#agree').check();
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => url.hash.startsWith('#/my/index'));
}

describe('votes', () => {
  it('casts votes up to today’s limit and then says so', async () => {
    const { page, errors } = await openPage(browser, phone);
    await login(page);
    const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
    const api = createApiClient({
      baseUrl: '/api',
      salt: 'meeting-platform-apikey-salt-v1',
      fetch: (address, init) => fetch(`${server.url}${address}`, init),
      now: () => Date.now(),
      deviceId: () => 'e2e-votes',
      session: () => ({ token }),
      source: () => undefined,
      clockOffset: { get: () => 0, set: () => {} },
    });
    const votes = await api.list<VoteSummary>('/votes', { meeting_id: meetingId });
    const voteId = votes[0]?._id.$id;
    expect(voteId).toBeTruthy();
    const url = (lang: string) =>
      `${server.url}/#/activity/vote?vote_id=${voteId}&meeting_id=${meetingId}&lang=${lang}`;

    // Reached from the activity list's Votes section, not only by a direct link.
    await page.goto(`${server.url}/#/meeting/activity/list?meeting_id=${meetingId}&lang=en`);
    const entry = page.locator('[data-testid="votes-section-item"]').first();
    await expect.poll(() => entry.textContent()).toMatch(/Open.*Ends/);
    await entry.click();
    await page.waitForURL((address) => address.hash.includes(`vote_id=${voteId}`));
    const standing = page.locator('[data-testid="vote-standing"]');
    await expect.poll(() => standing.textContent()).toContain('Left today: 3');
    const first = page.locator('[data-testid="vote-candidate"]').first();
    const before = Number((await first.textContent())?.match(/Votes: (\d+)/)?.[1] ?? 0);

    await first.locator('[data-testid="vote-button"]').click();
    const dialog = page.locator('[data-testid="vote-dialog"]');
    await dialog.getByRole('button', { name: 'More' }).click();
    await dialog.getByRole('button', { name: 'More' }).click();
    await expect.poll(() => dialog.locator('[data-testid="vote-count"]').textContent()).toBe('3');
    // Never more than is left today.
    expect(await dialog.getByRole('button', { name: 'More' }).isDisabled()).toBe(true);
    await dialog.locator('[data-testid="vote-confirm"]').click();

    await expect.poll(() => standing.textContent()).toContain('Left today: 0');
    await expect
      .poll(() => page.locator('[data-testid="vote-used-up"]').textContent())
      .toBe('You have used up your votes today');
    expect(await page.locator('[data-testid="vote-button"]').first().isDisabled()).toBe(true);
    await expect
      .poll(() => page.locator('[data-testid="vote-my-answers"]').textContent())
      .toContain('Votes: 3');
    const after = await page.locator('[data-testid="vote-candidate"]').allTextContents();
    expect(after.some((text) => text.includes(`Votes: ${before + 3}`))).toBe(true);

    await page.goto(url('zh'));
    await expect
      .poll(() => page.locator('[data-testid="vote-used-up"]').textContent())
      .toBe('您今天的票数已用完');
    await settle(page);
    await screenshot(page, 'votes-used-up-390-zh');
    await page.goto(url('ar'));
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.locator('[data-testid="vote-used-up"]').waitFor();
    await settle(page);
    await screenshot(page, 'votes-used-up-390-ar');
    expect(errors).toEqual([]);
  }, 120_000);
});
