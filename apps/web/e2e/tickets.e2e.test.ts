import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Activity, Ticket } from '@app/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { create as createQr } from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { createApiClient, type RequestBody } from '../src/lib/api/client.ts';
import {
  hashPath,
  launchBrowser,
  openPage,
  screenshot,
  settle,
  type Viewport,
  viewports,
} from './browser.ts';
import { outboxCode as readOutboxCode } from './outbox.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * Tickets and check-in end to end (§4 Ticket, §6 reception staff): a visitor registers for the demo forum,
 * finds the ticket in /my/tickets with a QR code that decodes back to the ticket's code, and a staff
 * member checks it in from a second browser by SCANNING it — Chromium's fake camera plays a video
 * whose frames show that QR code — then sees 'Already checked in' on the next scan; a typed code
 * checks a second ticket in; the visitor's ticket then shows it is checked in. Screenshots of my
 * tickets, the ticket and the check-in result in zh, en and ar at both sizes.
 */

const meetingId = '64656d6f0000000000002019';
const forumId = '64656d6f00000000000a0001';
const forumStandard = '64656d6f00000000000c0101';
const nameQuestion = '64656d6f00000000000e0101';
const phoneQuestion = '64656d6f00000000000e0102';
const staffPhone = '13900139000';
const [phoneSize, desktopSize] = viewports;
const languages = ['zh', 'en', 'ar'] as const;

let server: TestServer;
let browser: Browser;
let scanner: Browser | undefined;
let workDir: string;
/** Forum tickets the demo seed made before this file's visitors register. */
let seededTickets = 0;

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'tickets-e2e-'));
  // The Node side decodes screenshots with the same ZXing reader the check-in page uses.
  const wasmPath = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  prepareZXingModule({ overrides: { wasmBinary: readFileSync(wasmPath).buffer as ArrayBuffer } });
  server = await startTestServer();
  browser = await launchBrowser();
  // The demo's people (seeds/demo-people.ts) hold forum tickets already: counts below add to them.
  const forum = await apiAs().one<Activity>('/activities', {
    meeting_id: meetingId,
    query: { _id: forumId },
    limit: 1,
    with_ticket_total: 1,
  });
  seededTickets = forum?.ticket_total ?? 0;
});

afterAll(async () => {
  await scanner?.close();
  await browser?.close();
  await server?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

const outboxCode = (recipient: string) => readOutboxCode(server.url, recipient);

/** Logs in on the login page by SMS code (read from the developer outbox) and lands on `redirect`. */
async function login(page: Page, phone: string, redirect: string) {
  await page.goto(
    `${server.url}/#/login?meeting_id=${meetingId}&lang=en&redirect=${encodeURIComponent(redirect)}`,
  );
  await page.locator('input[name="phone"]').fill(phone);
  await page.getByRole('button', { name: /get code/i }).click();
  const code = await outboxCode(`+86${phone}`);
  await page.locator('input[name="code"]').fill(code);
  await page.locator('#agree').check();
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => url.hash.startsWith(`#${redirect.split('?')[0]}`));
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error(`no token after logging in ${phone}`);
  return token;
}

/** The app's own API client, in Node, with a visitor's token (none for an anonymous visitor). */
function apiAs(token?: string) {
  return createApiClient({
    // Signed as the browser signs it (the path from /api); sent to the test server.
    baseUrl: '/api',
    salt: 'meeting-platform-apikey-salt-v1',
    fetch: (url, init) => fetch(`${server.url}${url}`, init),
    now: () => Date.now(),
    deviceId: () => 'e2e-tickets',
    session: () => (token ? { token } : {}),
    source: () => undefined,
    clockOffset: { get: () => 0, set: () => {} },
  });
}

/** POST /tickets for the forum's standard ticket with the form's required answers (name, phone). */
async function registerForForum(token: string, name: string, phone: string): Promise<Ticket> {
  const body: RequestBody = {
    activity_id: forumId,
    price_id: forumStandard,
    [`data[${nameQuestion}]`]: name,
    [`data[${phoneQuestion}][area_code]`]: '86',
    [`data[${phoneQuestion}][number]`]: phone,
  };
  const tickets = await apiAs(token).post<Ticket[]>('/tickets', body);
  const ticket = tickets[0];
  if (!ticket) throw new Error('POST /tickets answered no ticket');
  return ticket;
}

/**
 * A YUV4MPEG2 video (I420) for Chromium's fake camera: every frame shows `text` as a QR code, black
 * on a white quiet zone in the middle of a grey picture.
 */
function writeQrVideo(path: string, text: string) {
  const width = 640;
  const height = 480;
  const { modules } = createQr(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const cells = modules.size + quiet * 2;
  const scale = Math.floor((height * 0.8) / cells);
  const left = Math.floor((width - cells * scale) / 2);
  const top = Math.floor((height - cells * scale) / 2);
  const luma = Buffer.alloc(width * height, 170);
  for (let y = 0; y < cells * scale; y++) {
    for (let x = 0; x < cells * scale; x++) {
      const row = Math.floor(y / scale) - quiet;
      const column = Math.floor(x / scale) - quiet;
      const isDark =
        row >= 0 && column >= 0 && row < modules.size && column < modules.size && modules.get(row, column);
      luma[(top + y) * width + left + x] = isDark ? 16 : 235;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  const frames: Buffer[] = [header];
  for (let frame = 0; frame < 10; frame++) frames.push(Buffer.from('FRAME\n'), luma, chroma, chroma);
  writeFileSync(path, Buffer.concat(frames));
}

/** A page in a new context of `on` that already holds a logged-in session (`storageState`). */
async function openPageWithSession(
  on: Browser,
  viewport: Viewport,
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<{ page: Page; errors: string[] }> {
  const context = await on.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    isMobile: viewport.isMobile,
    hasTouch: viewport.isMobile,
    deviceScaleFactor: 1,
    ...(viewport.userAgent ? { userAgent: viewport.userAgent } : {}),
    locale: 'en-US',
    timezoneId: 'Asia/Shanghai',
    storageState,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { page, errors };
}

/** Errors the journey expects: the refused calls it makes on purpose (403/404/409 are answers). */
const unexpected = (errors: string[]) =>
  errors.filter((error) => !/\b(403|404|409)\b|Failed to load resource/.test(error));

const result = (page: Page) => page.locator('[data-testid="check-in-result"]');

describe('tickets and check-in', () => {
  let visitorState: Awaited<ReturnType<BrowserContext['storageState']>>;
  let staffState: Awaited<ReturnType<BrowserContext['storageState']>>;
  let ticket: Ticket;
  /** A screenshot of the visitor's QR code (the 'choose a photo' fallback reads it). */
  let qrPhoto: Buffer;

  it('shows the visitor their ticket with a QR code that decodes to the ticket code', async () => {
    const { page, errors } = await openPage(browser, phoneSize);
    const token = await login(page, '13900005551', `/my/tickets?meeting_id=${meetingId}`);
    await page.getByRole('heading', { name: 'My tickets' }).waitFor();

    ticket = await registerForForum(token, 'Lin Visitor', '13900005551');
    expect(ticket.status).toBe(1);
    expect(ticket.code).toMatch(/^[0-9A-Z]{26}$/);

    // Registered elsewhere (the API): the open list shows it on the next load.
    await page.reload();
    const card = page.locator('[data-testid="ticket-card"]').first();
    await card.waitFor();
    await expect.poll(() => card.locator('[data-testid="ticket-status"]').textContent()).toBe('Registered');
    await card.getByText('Opening forum').waitFor();
    await card.getByText('Lin Visitor').waitFor();
    const grouped = ticket.code.match(/.{1,4}/g)?.join('-');
    expect(await card.locator('[data-testid="ticket-code"]').textContent()).toBe(grouped);

    // The QR as the visitor sees it decodes back to the ticket's code.
    const qr = card.getByRole('img', { name: /QR code/ });
    const png = await qr.screenshot();
    qrPhoto = png;
    const decoded = await readBarcodes(new Uint8Array(png), { formats: ['QRCode'], tryHarder: true });
    expect(decoded.map((item) => item.text)).toEqual([ticket.code]);

    // Copy: the clipboard toast (§8).
    await card.getByRole('button', { name: 'Copy code' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /Copied|Copy failed/ })
      .first()
      .waitFor();

    // The card opens the full-screen ticket.
    await card.getByRole('link', { name: 'Opening forum' }).click();
    await page.locator('[data-testid="full-ticket"]').waitFor();
    await page.getByText('Turn up your screen brightness').waitFor();
    const big = await page.getByRole('img', { name: /QR code/ }).screenshot();
    const bigDecoded = await readBarcodes(new Uint8Array(big), { formats: ['QRCode'] });
    expect(bigDecoded.map((item) => item.text)).toEqual([ticket.code]);

    visitorState = await page.context().storageState();
    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });

  it('checks the ticket in by scanning it with the camera, then says it already is', async () => {
    const video = join(workDir, 'ticket-qr.y4m');
    writeQrVideo(video, ticket.code);
    scanner = await launchBrowser({
      extraArgs: [
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    const { page, errors } = await openPage(scanner, phoneSize);
    // The decoder's .wasm comes from our own build: nothing is fetched from anywhere else.
    const foreign: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(server.url) && !request.url().startsWith('data:'))
        foreign.push(request.url());
    });
    const checkIn = `/activity/register?meeting_id=${meetingId}&activity_id=${forumId}`;
    await login(page, staffPhone, checkIn);
    staffState = await page.context().storageState();

    await expect.poll(() => result(page).getAttribute('data-outcome'), { timeout: 20_000 }).toBe('checkedIn');
    expect(await result(page).textContent()).toContain('Checked in');
    expect(await result(page).textContent()).toContain('Lin Visitor');
    await expect
      .poll(() => page.locator('[data-testid="check-in-counter"]').textContent(), { timeout: 35_000 })
      .toContain('1 / ');
    await screenshot(page, 'check-in-result-phone-en');

    // The QR stays in front of the camera: once the pause and the same-code wait are over it is read
    // again, and the answer is the first check-in's time.
    await expect.poll(() => result(page).getAttribute('data-outcome'), { timeout: 20_000 }).toBe('already');
    expect(await result(page).textContent()).toContain('Already checked in at');
    expect(await page.locator('[data-testid="check-in-history"] li').count()).toBeGreaterThanOrEqual(2);
    expect(foreign).toEqual([]);
    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });

  it('checks a ticket in by its typed code where there is no camera', async () => {
    const { page: visitorPage } = await openPage(browser, desktopSize);
    const token = await login(visitorPage, '13900005552', `/my/tickets?meeting_id=${meetingId}`);
    const second = await registerForForum(token, 'Ada Second', '13900005552');
    await visitorPage.context().close();

    // Staff find the check-in page from the activity.
    const detail = await openPageWithSession(browser, desktopSize, staffState);
    await detail.page.goto(
      `${server.url}/#/meeting/activity/detail?meeting_id=${meetingId}&activity_id=${forumId}&lang=en`,
    );
    await detail.page.locator('[data-testid="activity-check-in"]').click();
    await expect.poll(() => hashPath(detail.page)).toBe('/activity/register');
    await detail.page.context().close();

    // The first browser has no camera: the page says so and offers the photo and the typed code.
    const { page, errors } = await openPageWithSession(browser, desktopSize, staffState);
    await page.goto(
      `${server.url}/#/activity/register?meeting_id=${meetingId}&activity_id=${forumId}&lang=en`,
    );
    await page.getByText('The camera is not available here').waitFor();
    const typed = second.code.toLowerCase().replace(/(.{4})/g, '$1 ');
    await page.getByLabel('Ticket code').fill(typed);
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect.poll(() => result(page).getAttribute('data-outcome')).toBe('checkedIn');
    expect(await result(page).textContent()).toContain('Ada Second');
    await expect
      .poll(() => page.locator('[data-testid="check-in-counter"]').textContent())
      .toContain(`2 / ${seededTickets + 2}`);
    await settle(page);
    await screenshot(page, 'check-in-typed-desktop-en');

    // A photo of the first ticket's QR code (the fallback for browsers without a camera).
    await result(page).click();
    await page
      .locator('[data-testid="qr-photo-input"]')
      .setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: qrPhoto });
    await expect.poll(() => result(page).getAttribute('data-outcome')).toBe('already');
    expect(await result(page).textContent()).toContain('Lin Visitor');

    // The first ticket again, typed: already checked in.
    await result(page).click();
    await page.getByLabel('Ticket code').fill(ticket.code);
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect.poll(() => result(page).getAttribute('data-outcome')).toBe('already');
    // A code that is no ticket.
    await result(page).click();
    await page.getByLabel('Ticket code').fill('0000000000000000000000000Z');
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect.poll(() => result(page).getAttribute('data-outcome')).toBe('notFound');
    expect(await result(page).textContent()).toContain('Ticket not found');
    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });

  it("shows the visitor's ticket as checked in", async () => {
    const { page, errors } = await openPageWithSession(browser, phoneSize, visitorState);
    await page.goto(`${server.url}/#/my/tickets?meeting_id=${meetingId}&lang=en`);
    const card = page.locator('[data-testid="ticket-card"]').first();
    await expect.poll(() => card.locator('[data-testid="ticket-status"]').textContent()).toBe('Checked in');
    await card.locator('[data-testid="checked-in-at"]').waitFor();

    // Registrations and events list it too; the participant list is open to a participant.
    await page.goto(`${server.url}/#/my/registration?meeting_id=${meetingId}&lang=en`);
    await expect
      .poll(() => page.locator('[data-testid="registration-standing"]').first().textContent())
      .toBe('Successful');
    await settle(page);
    await screenshot(page, 'my-registration-phone-en');
    await page.goto(`${server.url}/#/my/event?meeting_id=${meetingId}&lang=en`);
    await page.locator('[data-testid="events-upcoming"]').getByText('Opening forum').waitFor();
    await settle(page);
    await screenshot(page, 'my-event-phone-en');
    await page.goto(
      `${server.url}/#/activity/tickets?meeting_id=${meetingId}&activity_id=${forumId}&lang=en`,
    );
    await expect
      .poll(() => page.locator('[data-testid="participants-count"]').textContent())
      .toBe(`Participants: ${seededTickets + 2}`);
    await settle(page);
    await screenshot(page, 'participants-phone-en');
    // Another activity's list is for its own participants: a calm invitation, not an error.
    await page.goto(
      `${server.url}/#/activity/tickets?meeting_id=${meetingId}&activity_id=64656d6f00000000000a0002&lang=en`,
    );
    await page.getByText('Register for this activity to see who is coming').waitFor();
    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });

  for (const viewport of [phoneSize, desktopSize]) {
    for (const language of languages) {
      it(`shows my tickets, the ticket and the check-in in ${language} on a ${viewport.name}`, async () => {
        const { page, errors } = await openPageWithSession(browser, viewport, visitorState);
        await page.goto(`${server.url}/#/my/tickets?meeting_id=${meetingId}&lang=${language}`);
        await page.locator('[data-testid="ticket-card"]').first().waitFor();
        await settle(page);
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(
          language === 'ar' ? 'rtl' : 'ltr',
        );
        await screenshot(page, `my-tickets-${viewport.name}-${language}`);
        await page.goto(
          `${server.url}/#/my/registration/ticket?meeting_id=${meetingId}&ticket_id=${ticket._id.$id}&lang=${language}`,
        );
        await page.locator('[data-testid="full-ticket"]').waitFor();
        await settle(page);
        await screenshot(page, `ticket-${viewport.name}-${language}`);
        expect(unexpected(errors)).toEqual([]);
        await page.context().close();

        if (!scanner) throw new Error('the scanning browser did not start');
        const staff = await openPageWithSession(scanner, viewport, staffState);
        await staff.page.goto(
          `${server.url}/#/activity/register?meeting_id=${meetingId}&activity_id=${forumId}&lang=${language}`,
        );
        await expect
          .poll(() => result(staff.page).getAttribute('data-outcome'), { timeout: 20_000 })
          .toBe('already');
        await screenshot(staff.page, `check-in-result-${viewport.name}-${language}`);
        expect(unexpected(staff.errors)).toEqual([]);
        await staff.page.context().close();
      });
    }
  }
});
