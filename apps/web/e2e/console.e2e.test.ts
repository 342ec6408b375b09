import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hashPath,
  launchBrowser,
  openPage,
  screenshot,
  settle,
  type Viewport,
  viewports,
} from './browser.ts';
import { outboxCode } from './outbox.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * The organiser console end to end (DESIGN §7, §4 registration states): a platform administrator
 * signs in, creates a meeting, creates an activity whose registrations need review and allow
 * resubmission; a participant registers and sees 'under review'; the administrator approves and the
 * participant sees 'registered'; a second participant is rejected with a reason, sees the reason,
 * and submits again. Once in English on a desktop and once in Chinese on a phone; the labels come
 * from the catalogues of the language under test.
 */

const demoMeetingId = '64656d6f0000000000002019';
const [phoneSize, desktopSize] = viewports;
/** Administrators of this server (ADMIN_PHONES), one per run: a phone's codes are rate-limited. */
const adminPhones = { en: '13900139091', zh: '13900139092' } as const;
type Language = keyof typeof adminPhones;

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PHONES: Object.values(adminPhones).join(',') } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A catalogue of the language under test, flattened to `a.b.c` keys. */
function catalogue(language: Language, namespace: string): Record<string, string> {
  const file = new URL(`../../../packages/i18n/src/locales/${language}/${namespace}.json`, import.meta.url);
  const flat: Record<string, string> = {};
  const walk = (node: Record<string, unknown>, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string') flat[`${prefix}${key}`] = value;
      else walk(value as Record<string, unknown>, `${prefix}${key}.`);
    }
  };
  walk(JSON.parse(readFileSync(file, 'utf8')), '');
  return flat;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The login page's phone-code flow (the page is on /login). */
async function logInHere(page: Page, phone: string): Promise<void> {
  await page.locator('input[name="phone"]').fill(phone);
  await page.getByRole('button', { name: /get code|获取验证码/i }).click();
  await page.locator('input[name="code"]').fill(await outboxCode(server.url, `+86${phone}`));
  await page.locator('#agree').check();
  await page.locator('form button[type="submit"]').click();
}

/** `YYYY-MM-DDTHH:mm` of a datetime-local input, `days` from today at `hour`:00 (UTC clock). */
function localInput(days: number, hour: number): string {
  const at = new Date(Date.now() + days * 86_400_000);
  return `${at.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00`;
}

/** A participant registers for the activity (logging in on the way) and lands on their registrations. */
async function register(
  viewport: Viewport,
  language: Language,
  ids: { meetingId: string; activityId: string },
  phone: string,
): Promise<Page> {
  const { page } = await openPage(browser, viewport);
  await page.goto(
    `${server.url}/#/meeting/activity/detail?activity_id=${ids.activityId}&meeting_id=${ids.meetingId}&lang=${language}`,
  );
  await page.locator('[data-testid="activity-register"]').click();
  await page.locator('input[name="phone"]').waitFor();
  await logInHere(page, phone);
  await page.locator('[data-testid="activity-title"]').waitFor();
  await settle(page);
  await page.locator('[data-testid="activity-register"]').click();
  await page.locator('[data-testid="registration-form"]').waitFor();
  await settle(page);
  // The form a new activity starts with asks the registrant's name.
  await page
    .locator('[data-question-type="text"] input')
    .first()
    .fill(`Participant ${phone.slice(-3)}`);
  await page.locator('[data-testid="form-submit"]').click();
  await expect.poll(() => hashPath(page), { timeout: 15_000 }).not.toBe('/activity/form');
  await page.goto(`${server.url}/#/my/registration?meeting_id=${ids.meetingId}&lang=${language}`);
  await page.locator('[data-testid="registration-card"]').waitFor();
  return page;
}

/** The standing on the participant's first registration card, after a reload. */
async function standingOf(page: Page): Promise<string> {
  await page.reload();
  await page.locator('[data-testid="registration-standing"]').first().waitFor();
  return (await page.locator('[data-testid="registration-standing"]').first().textContent()) ?? '';
}

const runs = [
  { language: 'en', viewport: desktopSize, participants: ['13900139301', '13900139302'] },
  { language: 'zh', viewport: phoneSize, participants: ['13900139303', '13900139304'] },
] as const;

describe('organiser console', () => {
  for (const { language, viewport, participants } of runs) {
    it(`runs a meeting from creation to reviewed registrations (${language}, ${viewport.name})`, async () => {
      const meetingsText = catalogue(language, 'console-meetings');
      const activitiesText = catalogue(language, 'console-activities');
      const ticketsText = catalogue(language, 'tickets');
      const { page: admin, errors } = await openPage(browser, viewport);

      // The administrator signs in through the console's login gate and lands on its first page.
      await admin.goto(`${server.url}/#/console?meeting_id=${demoMeetingId}&lang=${language}`);
      await admin.locator('input[name="phone"]').waitFor();
      await logInHere(admin, adminPhones[language]);
      await admin.locator('[data-testid="console-landing"]').waitFor();
      await settle(admin);
      await screenshot(admin, `console-landing-${viewport.name}-${language}`);

      // A new meeting, blank, a week ahead.
      await admin.locator('a[href*="/console/meetings/new"]:visible').first().click();
      await admin.locator('[data-testid="meeting-create"]').waitFor();
      const meetingTitle = `Console journey ${language} ${Date.now()}`;
      await admin.getByLabel(meetingsText['fields.title'] ?? '', { exact: true }).fill(meetingTitle);
      await admin.getByLabel(meetingsText['fields.start'] ?? '', { exact: true }).fill(localInput(7, 9));
      await admin.getByLabel(meetingsText['fields.end'] ?? '', { exact: true }).fill(localInput(9, 18));
      await screenshot(admin, `console-new-meeting-${viewport.name}-${language}`);
      await admin.locator('[data-testid="meeting-create-submit"]').click();
      await expect
        .poll(() => hashPath(admin), { timeout: 15_000 })
        .toMatch(/^\/console\/meetings\/[0-9a-f]{24}\/settings$/);
      const meetingId = /meetings\/([0-9a-f]{24})/.exec(hashPath(admin))?.[1] ?? '';
      await admin.locator('[data-testid="meeting-settings"]').waitFor();

      // An activity whose registrations need review and may be resubmitted after a rejection.
      await admin.goto(`${server.url}/#/console/meetings/${meetingId}/activities/new?lang=${language}`);
      await admin.locator('[data-testid="console-activity-new"]').waitFor();
      await settle(admin);
      const activityTitle = `Review workshop ${language}`;
      await admin.locator('[data-testid="activity-title"]').fill(activityTitle);
      await admin
        .getByRole('switch', { name: new RegExp(escapeRegExp(activitiesText['fields.isReview'] ?? '')) })
        .check();
      await admin
        .getByRole('switch', {
          name: new RegExp(escapeRegExp(activitiesText['fields.enableResubmitAnswer'] ?? '')),
        })
        .check();
      await admin.locator('[data-testid="activity-create"]').click();
      await admin.locator('[data-testid="console-activity-editor"]').waitFor();
      const activityId = /activities\/([0-9a-f]{24})/.exec(hashPath(admin))?.[1] ?? '';
      expect(activityId).toMatch(/^[0-9a-f]{24}$/);
      await settle(admin);
      await screenshot(admin, `console-activity-editor-${viewport.name}-${language}`);

      // A participant registers: under review.
      const first = await register(viewport, language, { meetingId, activityId }, participants[0]);
      expect(await standingOf(first)).toBe(ticketsText['standing.underReview']);

      // The administrator approves it from the registrations table; the participant sees 'registered'.
      await admin.goto(
        `${server.url}/#/console/meetings/${meetingId}/registrations?status=0&lang=${language}`,
      );
      await admin.locator('[data-testid="registration-open"]:visible').first().waitFor();
      await settle(admin);
      await screenshot(admin, `console-registrations-${viewport.name}-${language}`);
      await admin.locator('[data-testid="registration-open"]:visible').first().click();
      await admin.locator('[data-testid="review-approve"]').click();
      await expect
        .poll(() => standingOf(first), { timeout: 15_000 })
        .toBe(ticketsText['standing.registered']);

      // A second participant is rejected with a reason, sees it, and submits the answers again.
      const second = await register(viewport, language, { meetingId, activityId }, participants[1]);
      await admin.reload();
      await admin.locator('[data-testid="registration-open"]:visible').first().waitFor();
      await settle(admin);
      await admin.locator('[data-testid="registration-open"]:visible').first().click();
      await admin.locator('[data-testid="review-reject"]').click();
      const reason = language === 'zh' ? '请补充单位名称' : 'Please add your company';
      await admin.locator('[data-testid="review-reason"]').fill(reason);
      await admin.locator('[data-testid="review-reject-confirm"]').click();
      await expect.poll(() => standingOf(second), { timeout: 15_000 }).toBe(ticketsText['standing.rejected']);
      await expect(
        second.locator('[data-testid="registration-review-reason"]').textContent(),
      ).resolves.toContain(reason);
      await screenshot(second, `console-rejected-participant-${viewport.name}-${language}`);
      await second.getByRole('link', { name: ticketsText['registrations.editAnswers'] }).click();
      await second.locator('[data-testid="registration-form"]').waitFor();
      await settle(second);
      await second.locator('[data-testid="form-submit"]').click();
      await expect.poll(() => hashPath(second), { timeout: 15_000 }).not.toBe('/activity/form');
      await second.goto(`${server.url}/#/my/registration?meeting_id=${meetingId}&lang=${language}`);
      await expect
        .poll(() => standingOf(second), { timeout: 15_000 })
        .toBe(ticketsText['standing.underReview']);

      expect(errors).toEqual([]);
      await Promise.all([admin.context().close(), first.context().close(), second.context().close()]);
    }, 180_000);
  }
});
