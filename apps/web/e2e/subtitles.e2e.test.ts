import { execFileSync } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../src/lib/api/client.ts';
import { launchBrowser, openPage, screenshot, settle, viewports } from './browser.ts';
import { outboxCode } from './outbox.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * Live subtitles and minutes in the room (§1 AI subtitles, translation and minutes; §7 GET
 * /subtitles; §9 the minutes link opens `tab=minutes`). An organiser creates a streaming live and an
 * ended one with a replay (a test picture that Debian's ffmpeg makes here, as HLS for the
 * stream and MP4 for the replay, served with CORS) and turns their
 * subtitles on (spoken English, Chinese as a target); the transcript's cues, a cached Chinese
 * translation and the minutes are written straight into the database, as the worker and the minutes
 * job would. Once the picture plays, a viewer sees the newest cue over it, switches to Chinese, turns
 * subtitles off; on the replay the player's video gets a WebVTT track; the Minutes tab shows the
 * summary, key points, decisions and action items. Screenshots at 390×844 and 1280×800 in zh, en and ar.
 */

const meetingId = '64656d6f0000000000002019';
const adminPhone = '13900139641';
const [phone, desktop] = viewports;

let server: TestServer;
let browser: Browser;
let media: Server;
let mediaDir: string;
let mediaOrigin: string;
let streaming = '';
let replay = '';

function serveMedia(dir: string): Promise<Server> {
  const http = createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    const name = (request.url ?? '/').split('?')[0]?.replace(/^\//, '') ?? '';
    const types: Record<string, string> = {
      mp4: 'video/mp4',
      m3u8: 'application/vnd.apple.mpegurl',
      ts: 'video/mp2t',
    };
    const type = types[name.split('.').pop() ?? ''];
    if (!type || name.includes('/') || name.includes('..')) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': type });
    createReadStream(join(dir, name)).pipe(response);
  });
  return new Promise((done) => http.listen(0, '127.0.0.1', () => done(http)));
}

async function login(page: Page, phoneNumber: string): Promise<string> {
  await page.goto(`${server.url}/#/login?meeting_id=${meetingId}&lang=en&redirect=%2Fmy%2Findex`);
  await page.locator('input[name="phone"]').fill(phoneNumber);
  await page.getByRole('button', { name: /get code/i }).click();
  await page.locator('input[name="code"]').fill(await outboxCode(server.url, `+86${phoneNumber}`));
  await page.locator('#agree').check();
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => url.hash.startsWith('#/my/index'));
  return (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
}

const cue = (liveId: string, seq: number, text: string) => ({
  // Unique per live and seq (two lives made in one second share their ids' first half).
  id: `${liveId.slice(-12)}c${String(seq).padStart(11, '0')}`,
  seq,
  text,
});

/** Cues, a translation and minutes, as the worker and the minutes job write them (§1). */
async function writeTranscripts(dataDir: string): Promise<void> {
  const db = await PGlite.create({ dataDir, extensions: { btree_gist, pg_trgm } });
  try {
    const rows = [
      {
        live: streaming,
        ...cue(streaming, 1, 'Welcome to the hardware hacking workshop.'),
        zh: '欢迎来到硬件黑客工作坊。',
      },
      {
        live: streaming,
        ...cue(streaming, 2, 'Today we solder a badge together.'),
        zh: '今天我们一起焊接一枚徽章。',
      },
      { live: replay, ...cue(replay, 1, 'Thanks for joining the replay.'), zh: '感谢观看回放。' },
      {
        live: replay,
        ...cue(replay, 2, 'We decided to open the lab every night.'),
        zh: '我们决定每晚开放实验室。',
      },
    ];
    for (const [index, row] of rows.entries()) {
      const start = (row.seq - 1) * 2500;
      await db.query(
        `insert into live_subtitle_cues (id, live_id, seq, start_ms, end_ms, language, text, audio_end_at)
         values ($1, $2, $3, $4, $5, 'en', $6, now() - interval '1 second' * $7)`,
        [row.id, row.live, row.seq, start, start + 2400, row.text, 10 - index],
      );
      await db.query(
        `insert into live_subtitle_translations (cue_id, language, text) values ($1, 'zh', $2)`,
        [row.id, row.zh],
      );
    }
    const minutes = {
      en: {
        summary: 'The workshop showed how to solder the camp badge and agreed on open lab hours.',
        key_points: ['Soldering the badge takes about an hour', 'Kits are at the Info Dome'],
        decisions: ['The lab opens every night'],
        action_items: ['Bring your own soldering iron if you have one'],
      },
      zh: {
        summary: '工作坊演示了如何焊接营地徽章，并商定了实验室开放时间。',
        key_points: ['焊接徽章大约需要一小时', '套件在信息穹顶领取'],
        decisions: ['实验室每晚开放'],
        action_items: ['如有烙铁请自带'],
      },
    };
    for (const [language, body] of Object.entries(minutes)) {
      await db.query(
        `insert into live_minutes (id, live_id, language, engine, body, cue_count)
         values ($1, $2, $3, 'model', $4, 2)
         on conflict (live_id, language) do update set engine = 'model', body = excluded.body`,
        [`${replay.slice(0, 16)}m0000${language.padEnd(4, '0')}`, replay, language, JSON.stringify(body)],
      );
    }
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  mediaDir = mkdtempSync(join(tmpdir(), 'subtitles-mp4-'));
  execFileSync(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=15'],
      ...['-t', '6', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart'],
      join(mediaDir, 'replay.mp4'),
    ],
    { stdio: 'ignore' },
  );
  // The stream: the same picture as VOD HLS (what a live's source address serves).
  execFileSync(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=15'],
      ...['-t', '6', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-g', '15', '-f', 'hls'],
      ...['-hls_time', '2', '-hls_playlist_type', 'vod', '-hls_segment_filename', join(mediaDir, 'seg%d.ts')],
      join(mediaDir, 'index.m3u8'),
    ],
    { stdio: 'ignore' },
  );
  media = await serveMedia(mediaDir);
  mediaOrigin = `http://127.0.0.1:${(media.address() as AddressInfo).port}`;
  server = await startTestServer({ env: { ADMIN_PHONES: adminPhone, CSP_MEDIA_SRC: mediaOrigin } });
  browser = await launchBrowser({ extraArgs: ['--autoplay-policy=no-user-gesture-required'] });

  const organiser = await openPage(browser, desktop);
  const token = await login(organiser.page, adminPhone);
  await organiser.page.context().close();
  const api = createApiClient({
    baseUrl: '/api',
    salt: 'meeting-platform-apikey-salt-v1',
    fetch: (address, init) => fetch(`${server.url}${address}`, init),
    now: () => Date.now(),
    deviceId: () => 'e2e-subtitles',
    session: () => ({ token }),
    source: () => undefined,
    clockOffset: { get: () => 0, set: () => {} },
  });
  const now = Math.floor(Date.now() / 1000);
  const create = async (fields: Record<string, string | number>) =>
    (
      await api.post<{ _id: { $id: string } }>(`/console/meetings/${meetingId}/lives`, {
        enable_show: 1,
        chat_enabled: 1,
        ...fields,
      })
    )._id.$id;
  streaming = await create({
    title: 'E2E subtitled stream',
    start: now - 60,
    end: now + 3600,
    source_kind: 'url',
    source_url: `${mediaOrigin}/index.m3u8`,
  });
  replay = await create({
    title: 'E2E subtitled replay',
    start: now - 7200,
    end: now - 3600,
    replay_url: `${mediaOrigin}/replay.mp4`,
  });
  for (const liveId of [streaming, replay]) {
    await api.request('PUT', `/console/meetings/${meetingId}/lives/${liveId}/subtitles`, {
      json: { enabled: 1, source_language: 'en', target_languages: ['zh'] },
    });
  }
  await server.restart(writeTranscripts);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((done) => media?.close(done));
  if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
});

const room = (liveId: string, lang: string, tab?: string) =>
  `${server.url}/#/meeting/live/detail?live_id=${liveId}&meeting_id=${meetingId}&lang=${lang}${tab ? `&tab=${tab}` : ''}`;

describe('live subtitles and minutes', () => {
  it('shows the newest cue over the stream, in the picked language, and turns off', async () => {
    const { page, errors } = await openPage(browser, phone);
    await page.goto(room(streaming, 'en'));
    // Subtitles join the picture once it plays.
    await page.locator('[data-testid="live-play"]').click();
    const overlay = page.locator('[data-testid="live-subtitle-cue"]');
    await overlay.first().waitFor({ timeout: 20_000 });
    await settle(page);
    expect(await overlay.allTextContents()).toEqual(['Today we solder a badge together.']);
    await screenshot(page, 'subtitles-live-phone-en');
    await page.locator('[data-testid="live-subtitle-language"]').selectOption('zh');
    await expect
      .poll(() => overlay.allTextContents(), { timeout: 15_000 })
      .toEqual(['今天我们一起焊接一枚徽章。']);
    await page.locator('[data-testid="live-subtitle-toggle"]').click();
    await expect.poll(() => overlay.count()).toBe(0);
    expect(await page.locator('[data-testid="live-subtitle-toggle"]').getAttribute('aria-pressed')).toBe(
      'false',
    );
    // The choice is kept on this device.
    await page.reload();
    await page.locator('[data-testid="live-play"]').click();
    await page.locator('[data-testid="live-subtitle-toggle"]').waitFor({ timeout: 20_000 });
    expect(await page.locator('[data-testid="live-subtitle-toggle"]').getAttribute('aria-pressed')).toBe(
      'false',
    );
    await page.locator('[data-testid="live-subtitle-toggle"]').click();
    await overlay.first().waitFor({ timeout: 20_000 });
    expect(errors).toEqual([]);
    await page.context().close();

    for (const [size, lang] of [
      [phone, 'zh'],
      [phone, 'ar'],
      [desktop, 'zh'],
      [desktop, 'en'],
      [desktop, 'ar'],
    ] as const) {
      const viewer = await openPage(browser, size);
      await viewer.page.goto(room(streaming, lang));
      await viewer.page.locator('[data-testid="live-play"]').click();
      await viewer.page.locator('[data-testid="live-subtitle-cue"]').first().waitFor({ timeout: 20_000 });
      await settle(viewer.page);
      await screenshot(viewer.page, `subtitles-live-${size.name}-${lang}`);
      expect(viewer.errors).toEqual([]);
      await viewer.page.context().close();
    }
  });

  it('puts a WebVTT track on the replay and shows the minutes after the end', async () => {
    const { page, errors } = await openPage(browser, desktop);
    await page.goto(room(replay, 'en'));
    await page.locator('[data-testid="live-play"]').click();
    await page.locator('[data-testid="live-subtitles"]').waitFor({ timeout: 20_000 });
    await page
      .locator('track[data-testid="live-subtitle-track"]')
      .waitFor({ state: 'attached', timeout: 20_000 });
    await expect
      .poll(() => page.evaluate(() => document.querySelector('video')?.textTracks[0]?.cues?.length ?? 0), {
        timeout: 15_000,
      })
      .toBe(2);
    // The minutes beside the room on a desktop.
    const minutes = page.locator('[data-testid="live-minutes"][data-state="ready"]');
    await minutes.waitFor({ timeout: 15_000 });
    expect(await minutes.locator('[data-testid="live-minutes-summary"]').textContent()).toContain(
      'solder the camp badge',
    );
    expect(await minutes.locator('[data-testid="live-minutes-decisions"]').textContent()).toContain(
      'The lab opens every night',
    );
    await settle(page);
    await screenshot(page, 'minutes-desktop-en');
    expect(errors).toEqual([]);
    await page.context().close();

    // The mail's link opens the Minutes tab on a phone, in the viewer's language.
    for (const [size, lang] of [
      [phone, 'zh'],
      [phone, 'en'],
      [phone, 'ar'],
      [desktop, 'zh'],
      [desktop, 'ar'],
    ] as const) {
      const viewer = await openPage(browser, size);
      await viewer.page.goto(room(replay, lang, 'minutes'));
      const shown = viewer.page.locator('[data-testid="live-minutes"][data-state="ready"]');
      await shown.waitFor({ state: 'visible', timeout: 20_000 });
      if (lang === 'zh') expect(await shown.textContent()).toContain('实验室每晚开放');
      await settle(viewer.page);
      await screenshot(viewer.page, `minutes-${size.name}-${lang}`);
      expect(viewer.errors).toEqual([]);
      await viewer.page.context().close();
    }
  });
});
