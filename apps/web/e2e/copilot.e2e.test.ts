import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPath, launchBrowser, openPage, screenshot, settle, viewports } from './browser.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * The copilot end to end (§1 AI copilot; §3 exhibition.enable_copilot and the copilot texts; §9
 * example questions): on the demo meeting, whose copilot is on, a visitor opens the copilot from the
 * floating entry on the home page, sees its name, prologue and the meeting's example questions, asks
 * one, reads the answer streamed by the real server — the built-in assistant, as no AI provider is
 * configured — and opens a cited item from its card. The conversation stays after a reload, takes a
 * thumbs up, and "new conversation" clears it. A 429 shows §8's 'Do not operate frequently!' with a
 * retry. With an AI provider configured (the fake OpenAI-compatible server, its deterministic
 * grounded model), the model's answer streams with its footnotes and cards, and when the provider
 * fails the built-in answer follows with the notice. Screenshots at 390×844 and 1280×800 in zh, en
 * and ar.
 */

const meetingId = '64656d6f0000000000002019';
const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const [phoneSize, desktopSize] = viewports;

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

const copilotUrl = (lang: string) => `${server.url}/#/meeting/copilot?meeting_id=${meetingId}&lang=${lang}`;

/** Asks `question` in the composer and waits until the answer's stream has ended. */
async function ask(page: Page, question: string): Promise<void> {
  const answers = page.locator('[data-testid="copilot-answer"]');
  const before = await answers.count();
  await page.locator('[data-testid="copilot-input"]').fill(question);
  await page.locator('[data-testid="copilot-send"]').click();
  await expect.poll(() => answers.count(), { timeout: 20_000 }).toBeGreaterThan(before);
  await page
    .locator('[data-testid="copilot-answer"][aria-busy="true"]')
    .waitFor({ state: 'detached', timeout: 30_000 });
}

describe('/meeting/copilot', () => {
  it('opens from the home page, answers an example question with cards that open the item', async () => {
    const { page, errors } = await openPage(browser, phoneSize);
    await page.goto(`${server.url}/#/meeting/home?meeting_id=${meetingId}&lang=zh`);
    await settle(page);
    const entry = page.locator('[data-testid="copilot-entry"]');
    await entry.waitFor({ timeout: 15_000 });
    await screenshot(page, 'copilot-entry-phone-zh');
    await entry.click();
    await expect.poll(() => hashPath(page)).toBe('/meeting/copilot');
    await page.locator('[data-testid="copilot-prologue"]').waitFor({ timeout: 15_000 });
    await settle(page);
    expect(await page.locator('[data-testid="copilot-name"]').textContent()).toContain('Camp Copilot');
    const examples = page.locator('[data-testid="copilot-example"]');
    expect(await examples.count()).toBe(6);
    await screenshot(page, 'copilot-prologue-phone-zh');

    // An example question asks at once; the built-in assistant answers with cards.
    await examples.filter({ hasText: 'EV chargers' }).click();
    const answer = page.locator('[data-testid="copilot-answer"]').last();
    await answer.locator('[data-testid="copilot-answer-text"]').waitFor({ timeout: 30_000 });
    await page
      .locator('[data-testid="copilot-answer"][aria-busy="true"]')
      .waitFor({ state: 'detached', timeout: 30_000 });
    expect(await page.locator('[data-testid="copilot-question"]').last().textContent()).toContain(
      'EV chargers',
    );
    const cards = answer.locator('[data-testid="copilot-cards"] a');
    await expect.poll(() => cards.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await answer.locator('[data-testid="copilot-notice"]').count()).toBeGreaterThan(0);
    await settle(page);
    await screenshot(page, 'copilot-answer-phone-zh');

    // The thumbs up sticks.
    await answer.locator('[data-testid="copilot-rate-up"]').click();
    await expect
      .poll(() => answer.locator('[data-testid="copilot-rate-up"]').getAttribute('aria-pressed'))
      .toBe('true');

    // A card opens the item it cites, by its typed path.
    const href = (await cards.first().getAttribute('href')) ?? '';
    expect(href).toMatch(
      /#\/meeting\/(enterprise|product|agenda\/details|speaker|news\/detail|introduction|activity\/detail|user)\?|\/meeting\/enterprise\/appointment\?/,
    );
    await cards.first().click();
    await expect.poll(() => hashPath(page)).not.toBe('/meeting/copilot');
    expect(href).toContain(hashPath(page));

    // The conversation is kept (per device for a visitor), with its rating.
    await page.goto(copilotUrl('zh'));
    await page.locator('[data-testid="copilot-question"]').first().waitFor({ timeout: 15_000 });
    expect(await page.locator('[data-testid="copilot-question"]').count()).toBe(1);
    expect(await page.locator('[data-testid="copilot-rate-up"]').first().getAttribute('aria-pressed')).toBe(
      'true',
    );

    // "New conversation" starts afresh.
    await page.locator('[data-testid="copilot-new"]').click();
    await expect.poll(() => page.locator('[data-testid="copilot-question"]').count()).toBe(0);
    await page.reload();
    await page.locator('[data-testid="copilot-prologue"]').waitFor({ timeout: 15_000 });
    await settle(page);
    expect(await page.locator('[data-testid="copilot-question"]').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('answers typed questions in English on a desktop and in Arabic right to left', async () => {
    for (const [size, lang, question] of [
      [desktopSize, 'en', 'When is the card10 Badge talk?'],
      [desktopSize, 'zh', '开幕式几点开始？'],
      [phoneSize, 'ar', 'Which exhibitors make EV chargers?'],
      [desktopSize, 'ar', 'How do I register for the hardware hacking workshop?'],
      [phoneSize, 'en', 'Where do I find my ticket?'],
    ] as const) {
      const { page, errors } = await openPage(browser, size);
      await page.goto(copilotUrl(lang));
      await page.locator('[data-testid="copilot-prologue"]').waitFor({ timeout: 15_000 });
      await settle(page);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      await screenshot(page, `copilot-prologue-${size.name}-${lang}`);
      await ask(page, question);
      expect(await page.locator('[data-testid="copilot-answer-text"]').last().textContent()).not.toBe('');
      await settle(page);
      await screenshot(page, `copilot-answer-${size.name}-${lang}`);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it("says 'Do not operate frequently!' on a 429 and asks again with retry", async () => {
    const { page } = await openPage(browser, phoneSize);
    let refusals = 1;
    await page.route('**/api/copilot/messages', async (route) => {
      if (refusals > 0) {
        refusals -= 1;
        await route.fulfill({
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '2' },
          body: JSON.stringify({ code: 'too_frequent', message: 'Do not operate frequently!' }),
        });
        return;
      }
      await route.continue();
    });
    await page.goto(copilotUrl('en'));
    await page.locator('[data-testid="copilot-prologue"]').waitFor({ timeout: 15_000 });
    await page.locator('[data-testid="copilot-input"]').fill('Where do I find my ticket?');
    await page.locator('[data-testid="copilot-send"]').click();
    const error = page.locator('[data-testid="copilot-error"]');
    await error.waitFor({ timeout: 15_000 });
    expect(await error.textContent()).toContain('Do not operate frequently!');
    expect(await page.locator('[data-testid="copilot-retry"]').isDisabled()).toBe(true);
    await screenshot(page, 'copilot-too-frequent-phone-en');
    await expect
      .poll(() => page.locator('[data-testid="copilot-retry"]').isDisabled(), { timeout: 10_000 })
      .toBe(false);
    await page.locator('[data-testid="copilot-retry"]').click();
    await page.locator('[data-testid="copilot-answer-text"]').last().waitFor({ timeout: 30_000 });
    expect(await error.count()).toBe(0);
  });
});

/**
 * The server's fake OpenAI-compatible API (DESIGN §8: tests call no real provider) as a child process —
 * browser tests import no server code. It prints `{ url }` (the base with /v1) on its first line; its
 * control endpoints under /_fake/ script failures and list the requests it had.
 */
async function startFakeOpenAiProcess(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/providers/ai/fake-openai-server.ts', '--port', '0'],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const line = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`fake OpenAI did not start:\n${output}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('\n')) {
        clearTimeout(timer);
        done(output.split('\n')[0] ?? '');
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
  });
  return { url: (JSON.parse(line) as { url: string }).url, child };
}

describe('/meeting/copilot with an AI model', () => {
  let modelServer: TestServer;
  let fake: { url: string; child: ChildProcess };
  const control = (path: string, body: unknown = {}) =>
    fetch(`${new URL(fake.url).origin}/_fake/${path}`, { method: 'POST', body: JSON.stringify(body) });

  beforeAll(async () => {
    fake = await startFakeOpenAiProcess();
    modelServer = await startTestServer({ env: { AI_BASE_URL: fake.url, AI_API_KEY: 'test' } });
  }, 180_000);

  afterAll(async () => {
    await modelServer?.stop();
    fake?.child.kill('SIGTERM');
  });

  it("streams the model's grounded answer with its cards, and the built-in one when the model fails", async () => {
    const { page, errors } = await openPage(browser, desktopSize);
    await page.goto(`${modelServer.url}/#/meeting/copilot?meeting_id=${meetingId}&lang=en`);
    await page.locator('[data-testid="copilot-prologue"]').waitFor({ timeout: 15_000 });
    // The fake model searches the meeting with the question as it is: a title finds its item.
    await ask(page, 'card10 Badge');
    const answer = page.locator('[data-testid="copilot-answer"]').last();
    expect(await answer.locator('[data-testid="copilot-answer-text"]').textContent()).toContain(
      "According to the meeting's data",
    );
    expect(await answer.locator('[data-testid="copilot-cards"] a').count()).toBeGreaterThan(0);
    const { requests } = (await (await control('requests')).json()) as { requests: { path: string }[] };
    expect(requests.some((request) => request.path.endsWith('/chat/completions'))).toBe(true);
    await settle(page);
    await screenshot(page, 'copilot-model-desktop-en');

    // The provider fails: the notice, then the built-in answer (§1 copilot; never an empty screen).
    await control('fail', { mode: 'http500' });
    await page.waitForTimeout(2100); // one question per 2 s (§8)
    await ask(page, 'Where do I find my ticket?');
    const fallback = page.locator('[data-testid="copilot-answer"]').last();
    expect(await fallback.locator('[data-testid="copilot-answer-text"]').textContent()).not.toBe('');
    expect(await fallback.locator('[data-testid="copilot-notice"]').first().textContent()).toContain(
      'The AI model is unavailable right now',
    );
    await settle(page);
    await screenshot(page, 'copilot-model-fallback-desktop-en');
    expect(errors).toEqual([]);
  });
});
