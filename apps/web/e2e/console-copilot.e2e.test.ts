import { type ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type {
  ConsoleCopilotFaq,
  ConsoleCopilotSettings,
  ConsoleLive,
  ConsoleSubtitleSettings,
} from '@app/contracts';
import { signApikey } from '@app/contracts/wire/apikey.ts';
import { appVersion } from '@app/contracts/wire/limits.ts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../src/lib/api/client.ts';
import { launchBrowser, openPage, screenshot, screenshotDir, settle, viewports } from './browser.ts';
import { outboxCode } from './outbox.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * The console's copilot area end to end (DESIGN §7; §1 AI copilot, AI subtitles, minutes; §3
 * exhibition.enable_copilot, copilot_*): an organiser enables the copilot, names it, edits its
 * prologue and example questions (the preview follows), adds a knowledge entry, finds a visitor's
 * conversation, flags the answer "wrong answer" with a note, sees the day's usage and cost; on a
 * live, saves the subtitles (spoken language and a translation). The server talks to the fake
 * OpenAI-compatible provider (a child process: browser tests import no server code). Screenshots of
 * every screen at 390×844 and 1280×800 in zh, en and ar.
 */

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const meetingId = '64656d6f0000000000002019';
const adminPhone = '13900139094';
const [phoneSize, desktopSize] = viewports;
const salt = 'meeting-platform-apikey-salt-v1';

let server: TestServer;
let fake: ChildProcess | undefined;
let browser: Browser;
let session: Awaited<ReturnType<BrowserContext['storageState']>>;
let conversationId = '';
let liveId = '';

/** Starts the server's fake OpenAI-compatible API as a child process; resolves its base URL (…/v1). */
async function startFakeOpenAiProcess(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/providers/ai/fake-openai-server.ts'],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const line = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`fake OpenAI did not start:\n${output}`)), 30_000);
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

beforeAll(async () => {
  const provider = await startFakeOpenAiProcess();
  fake = provider.child;
  server = await startTestServer({
    env: {
      ADMIN_PHONES: adminPhone,
      AI_BASE_URL: provider.url,
      AI_API_KEY: 'e2e',
      AI_MODEL: 'gpt-4o-mini',
      AI_STT_MODEL: 'whisper-1',
    },
  });
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fake?.kill('SIGTERM');
});

const go = (page: Page, path: string, language: string) =>
  page.goto(
    `${server.url}/#/console/meetings/${meetingId}${path}${path.includes('?') ? '&' : '?'}meeting_id=${meetingId}&lang=${language}`,
  );

/** The console API as the logged-in organiser (to read back what the screens stored). */
async function consoleApi(page: Page) {
  const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
  return createApiClient({
    baseUrl: '/api',
    salt,
    fetch: (address, init) => fetch(`${server.url}${address}`, init),
    now: () => Date.now(),
    deviceId: () => 'e2e-console-copilot',
    session: () => ({ token }),
    source: () => undefined,
    clockOffset: { get: () => 0, set: () => {} },
  });
}

/** A visitor's question to the copilot (POST /copilot/messages, answered as server-sent events). */
async function askCopilot(content: string): Promise<string> {
  const path = '/api/copilot/messages';
  const body = JSON.stringify({ meeting_id: meetingId, content, language: 'en' });
  const deviceId = 'e2e-copilot-visitor';
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      Accept: 'text/event-stream',
      'Content-Type': 'application/json',
      Apikey: signApikey({
        salt,
        method: 'POST',
        pathWithQuery: path,
        timestamp: Math.floor(Date.now() / 1000),
        deviceId,
        body,
      }),
      'device-id': deviceId,
      'client-id': deviceId,
      version: appVersion,
    },
    body,
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return text;
}

describe('console copilot', () => {
  it('enables the copilot, edits its texts, adds knowledge, flags an answer, sees usage, saves subtitles', async () => {
    const { page, errors } = await openPage(browser, desktopSize);
    await go(page, '/copilot', 'en');
    await page.locator('input[name="phone"]').waitFor();
    await page.locator('input[name="phone"]').fill(adminPhone);
    await page.getByRole('button', { name: /get code/i }).click();
    await page.locator('input[name="code"]').fill(await outboxCode(server.url, `+86${adminPhone}`));
    await page.locator('#agree').check();
    await page.locator('form button[type="submit"]').click();

    // The entry opens the settings; the provider's model is shown.
    const form = page.locator('[data-testid="copilot-settings-form"]');
    await form.waitFor();
    await expect
      .poll(() => page.locator('[data-testid="copilot-provider-model"]').textContent())
      .toBe('gpt-4o-mini');

    // Enable, name, prologue, questions (the preview follows as one types).
    const enable = page.locator('[data-testid="copilot-enable"]');
    if (!(await enable.isChecked())) await enable.check();
    await form.locator('input[name="copilot_name"]').fill('Expo Guide');
    await expect
      .poll(() => page.locator('[data-testid="copilot-preview-name"]').textContent())
      .toBe('Expo Guide');
    await form.locator('input[name="copilot_prologue_title"]').fill('Welcome to the expo');
    await form
      .locator('textarea[name="copilot_prologue_description"]')
      .fill('Ask about sessions, exhibitors and tickets.');
    const questions = page.locator('[data-testid="copilot-questions"] input');
    while ((await questions.count()) > 0) {
      await page.getByRole('button', { name: /Remove question 1/ }).click();
    }
    for (const [index, text] of [
      'Where is the opening keynote?',
      'Which exhibitors show robots?',
    ].entries()) {
      await page.locator('[data-testid="copilot-add-question"]').click();
      await questions.nth(index).fill(text);
    }
    await expect
      .poll(() => page.locator('[data-testid="copilot-preview-questions"] li').allTextContents())
      .toEqual(['Where is the opening keynote?', 'Which exhibitors show robots?']);
    await form.locator('input[name="input_price"]').fill('1.5');
    await form.locator('input[name="output_price"]').fill('6');
    await page.locator('[data-testid="copilot-settings-save"]').click();
    await page.getByText('Copilot settings saved').waitFor();

    const api = await consoleApi(page);
    const stored = await api.get<ConsoleCopilotSettings>(`/console/meetings/${meetingId}/copilot/settings`);
    expect(stored).toMatchObject({
      enable_copilot: 1,
      copilot_name: 'Expo Guide',
      copilot_prologue_title: 'Welcome to the expo',
      copilot_prologue_questions: ['Where is the opening keynote?', 'Which exhibitors show robots?'],
      input_price_micros: 1_500_000,
      output_price_micros: 6_000_000,
    });

    // Knowledge: a new FAQ entry.
    await page.locator('[data-testid="copilot-section-knowledge"]').click();
    await page.locator('[data-testid="copilot-faq-add"]').waitFor();
    await page.locator('[data-testid="copilot-faq-add"]').click();
    const dialog = page.locator('[data-testid="copilot-faq-dialog"]');
    await dialog.locator('[data-testid="copilot-faq-language"]').selectOption('en');
    await dialog.locator('input[name="faq-question"]').fill('Where can I park?');
    await dialog
      .locator('[data-testid="copilot-faq-answer"]')
      .fill('Parking P3 is free for visitors with a badge.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Entry saved').waitFor();
    await page.locator('[data-testid="copilot-faq-table"]').getByText('Where can I park?').first().waitFor();
    const faqs = await api.whole<{ items: ConsoleCopilotFaq[] }>(
      `/console/meetings/${meetingId}/copilot/faqs`,
    );
    expect(faqs.items.map((faq) => faq.question)).toContain('Where can I park?');

    // A visitor asks; the organiser finds the conversation and flags the answer.
    const stream = await askCopilot('Where can I park my car?');
    expect(stream).toContain('event: done');
    await page.locator('[data-testid="copilot-section-conversations"]').click();
    const link = page.locator('[data-testid="copilot-conversation-link"]', {
      hasText: 'Where can I park my car?',
    });
    await link.first().click();
    await page.locator('[data-testid="copilot-answer"]').first().waitFor();
    conversationId = /conversations\/([0-9a-f]{24})/.exec(new URL(page.url()).hash)?.[1] ?? '';
    expect(conversationId).toMatch(/^[0-9a-f]{24}$/);
    await page.locator('[data-testid="copilot-flag"]').first().click();
    await page
      .locator('[data-testid="copilot-flag-note-input"]')
      .fill('P3 is closed during the expo; use P1.');
    await page
      .locator('[data-testid="copilot-flag-dialog"]')
      .getByRole('button', { name: 'Wrong answer' })
      .click();
    await page
      .locator('[data-testid="copilot-flag-note"]')
      .getByText('P3 is closed during the expo; use P1.')
      .waitFor();

    // The flagged filter keeps it.
    await go(page, '/copilot/conversations?flagged=1', 'en');
    await page
      .locator('[data-testid="copilot-conversation-link"]', { hasText: 'Where can I park my car?' })
      .first()
      .waitFor();

    // Usage: today's question with its tokens and cost.
    await page.locator('[data-testid="copilot-section-usage"]').click();
    await page.locator('[data-testid="copilot-usage-table"]').waitFor();
    await page.locator('[data-testid="copilot-usage-chart"]').waitFor();
    const totals = await page.locator('[data-testid="copilot-usage-totals"]').textContent();
    expect(totals).toContain('Questions');
    expect(Number((/Questions(\d+)/.exec(totals ?? '') ?? [])[1])).toBeGreaterThanOrEqual(1);

    // The subtitles panel of the demo live.
    const lives = await api.get<{ items: ConsoleLive[] }>(`/console/meetings/${meetingId}/lives`);
    liveId = lives.items[0]?._id.$id ?? '';
    expect(liveId).toMatch(/^[0-9a-f]{24}$/);
    await go(page, `/lives/${liveId}?tab=subtitles`, 'en');
    const panel = page.locator('[data-testid="console-live-subtitles"]');
    await panel.waitFor();
    await panel.locator('[data-testid="console-live-subtitles-enable"]').check();
    await panel.locator('[data-testid="console-live-subtitles-source"]').selectOption('zh');
    await panel.locator('[data-testid="console-live-subtitles-targets"]').getByText('English').click();
    await panel.locator('[data-testid="console-live-subtitles-save"]').click();
    await page.getByText('Subtitle settings saved').waitFor();
    const subtitles = await api.whole<ConsoleSubtitleSettings>(
      `/console/meetings/${meetingId}/lives/${liveId}/subtitles`,
    );
    expect(subtitles).toMatchObject({ enabled: 1, source_language: 'zh', target_languages: ['en'] });
    expect(subtitles.status.available).toBe(1);

    session = await page.context().storageState();
    // 401/403 from the login.
    expect(errors.filter((error) => !/status of 40[13]/.test(error))).toEqual([]);
    await page.context().close();
  });

  it('keeps screenshots of the copilot screens and the subtitles panel in zh, en and ar', async () => {
    for (const language of ['zh', 'en', 'ar']) {
      for (const size of [phoneSize, desktopSize]) {
        const { page } = await openPage(browser, size, { storageState: session });
        for (const [screen, path, testId] of [
          ['settings', '/copilot/settings', 'copilot-preview'],
          ['knowledge', '/copilot/knowledge', 'copilot-faq-table'],
          ['conversations', '/copilot/conversations', 'copilot-conversations-table'],
          ['conversation', `/copilot/conversations/${conversationId}`, 'copilot-flagged'],
          ['usage', '/copilot/usage', 'copilot-usage-table'],
          ['subtitles', `/lives/${liveId}?tab=subtitles`, 'console-live-subtitles'],
        ] as const) {
          await go(page, path, language);
          await page.locator(`[data-testid="${testId}"]`).first().waitFor();
          await settle(page);
          const name = `console-copilot-${screen}-${size.name}-${language}`;
          if (screen === 'settings')
            await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
          else await screenshot(page, name);
        }
        await page.context().close();
      }
    }
  });
});
