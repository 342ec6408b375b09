import type { Agent, FormAnswersResponse, Ticket } from '@app/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../src/lib/api/client.ts';
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
 * Activities end to end (§4 Activity registration, §5, §6 group leader, §8): a visitor logs in from the
 * forum's Register button and fills its conditional form ('Other' → 'Please specify', the Student ticket →
 * 'School', both required; back to Standard drops the School answer, checked through GET
 * /forms/{id}/answers); a leader registers a group of three on the v2 hackathon and sees three tickets; a
 * closed activity refuses with an acknowledge-only dialog. Screenshots of list, detail, form and v2 pages in
 * zh, en and ar at both sizes.
 */

const meetingId = '64656d6f0000000000002019';
const forumId = '64656d6f00000000000a0001';
const hackathonId = '64656d6f00000000000a0003';
const closedId = '64656d6f00000000000a0006';
const villageId = '64656d6f00000000000a0004';
const workshopId = '64656d6f00000000000a0002';
const workshopForm = '64656d6f00000000000d0002';
const forumForm = '64656d6f00000000000d0001';
const forumSource = '64656d6f00000000000b0001';
const q = {
  name: '64656d6f00000000000e0101',
  heard: '64656d6f00000000000e0106',
  specify: '64656d6f00000000000e0107',
  school: '64656d6f00000000000e0108',
};
const [phoneSize, desktopSize] = viewports;

let server: TestServer;
let browser: Browser;
/** Logged-in storage of the visitor and of the group leader (for the screenshots). */
let visitorState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
let leaderState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
let leaderAgentId = '';

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The login page's phone-code flow (the page is already on /login). */
async function logInHere(page: Page, phone: string) {
  await page.locator('input[name="phone"]').fill(phone);
  await page.getByRole('button', { name: /get code|获取验证码/i }).click();
  await page.locator('input[name="code"]').fill(await readOutboxCode(server.url, `+86${phone}`));
  await page.locator('#agree').check();
  await page.locator('form button[type="submit"]').click();
}

/** The app's own API client in Node with a visitor's token (it signs the path the server sees). */
function apiAs(token: string) {
  return createApiClient({
    baseUrl: '/api',
    salt: 'meeting-platform-apikey-salt-v1',
    fetch: (url, init) => fetch(`${server.url}${url}`, init),
    now: () => Date.now(),
    deviceId: () => 'e2e-activities',
    session: () => ({ token }),
    source: () => undefined,
    clockOffset: { get: () => 0, set: () => {} },
  });
}

const question = (page: Page, id: string) => page.locator(`[id$="-${id}"]`);

describe('activities', () => {
  it('registers for the forum with its conditional form after logging in', async () => {
    const { page, errors } = await openPage(browser, phoneSize);
    await page.goto(`${server.url}/#/meeting/activity/list?meeting_id=${meetingId}&lang=en`);
    await page.locator('[data-testid="activity-card"]').first().waitFor();
    await settle(page);
    expect(await page.locator('[data-testid="activity-card"]').count()).toBeGreaterThanOrEqual(6);
    await page.locator('[data-testid="activity-card"]', { hasText: 'Opening forum' }).click();
    await page.locator('[data-testid="activity-title"]').waitFor();
    expect(hashPath(page)).toBe('/meeting/activity/detail');
    await expect(page.locator('[data-testid="activity-title"]').textContent()).resolves.toBe('Opening forum');

    // Anonymous: Register goes through the login, which comes back to the activity.
    await page.locator('[data-testid="activity-register"]').click();
    await page.locator('input[name="phone"]').waitFor();
    expect(hashPath(page)).toBe('/login');
    await logInHere(page, '13900007711');
    await page.locator('[data-testid="activity-title"]').waitFor();
    expect(hashPath(page)).toBe('/meeting/activity/detail');
    // The same activity through a registration channel's link: the channel is remembered (§7).
    await page.goto(
      `${server.url}/#/meeting/activity/detail?activity_id=${forumId}&meeting_id=${meetingId}&source_id=${forumSource}`,
    );
    await page.locator('[data-testid="activity-title"]').waitFor();
    await settle(page);
    await page.locator('[data-testid="activity-register"]').click();
    await page.locator('[data-testid="registration-form"]').waitFor();
    expect(hashPath(page)).toBe('/activity/form');
    await settle(page);

    // Conditional questions: hidden until their condition holds.
    await expect.poll(() => question(page, q.specify).count()).toBe(0);
    await expect.poll(() => question(page, q.school).count()).toBe(0);
    await question(page, q.name).locator('input').fill('Li Lei');
    await page.locator('[data-question-type="phone"] input[type="tel"]').fill('13900007711');
    await question(page, q.heard).getByText('Other').click();
    await question(page, q.specify).waitFor();
    await page.locator('[data-testid="ticket-option"]', { hasText: 'Student' }).click();
    await question(page, q.school).waitFor();

    // Both are required: the messages, the banner, nothing sent.
    await page.locator('[data-testid="form-submit"]').click();
    await page.locator('[data-testid="form-banner"]').waitFor();
    await expect.poll(() => page.getByText('This is a required field').count()).toBe(2);
    expect(hashPath(page)).toBe('/activity/form');
    await screenshot(page, 'activity-form-required-phone-en');

    await question(page, q.specify).locator('input').fill('A podcast');
    await question(page, q.school).locator('input').fill('Tsinghua University');
    // Back to the Standard ticket: School disappears and its answer must not be sent.
    await page.locator('[data-testid="ticket-option"]', { hasText: 'Standard' }).click();
    await expect.poll(() => question(page, q.school).count()).toBe(0);
    await page.locator('[data-testid="form-submit"]').click();
    await page.locator('[data-testid="activity-success"]').waitFor();
    expect(hashPath(page)).toBe('/activity/success');
    await expect(page.locator('[data-testid="success-standing"]').textContent()).resolves.toBe('Registered');
    await settle(page);
    await screenshot(page, 'activity-success-phone-en');

    const ticketId = new URLSearchParams(page.url().split('?')[1] ?? '').get('ticket_id') ?? '';
    const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
    const stored = await apiAs(token).get<FormAnswersResponse>(`/forms/${forumForm}/answers`, {
      ticket_id: ticketId,
    });
    expect(stored.data[q.specify]).toBe('A podcast');
    expect(stored.data[q.heard]).toBe('other');
    expect(stored.data[q.name]).toBe('Li Lei');
    expect(stored.data[q.school]).toBeUndefined();
    const [ticket] = await apiAs(token).list<Ticket>('/tickets', {
      meeting_id: meetingId,
      activity_id: forumId,
    });
    expect(ticket?.source_id?.$id).toBe(forumSource);

    // The activity now shows the holder's standing and their ticket.
    await page.goto(`${server.url}/#/meeting/activity/detail?activity_id=${forumId}&meeting_id=${meetingId}`);
    await page.locator('[data-testid="activity-view-ticket"]').waitFor();
    // A visitor is not on the staff list: no check-in entry.
    await settle(page);
    expect(await page.locator('[data-testid="activity-check-in"]').count()).toBe(0);
    await expect(page.locator('[data-testid="activity-state"]').first().textContent()).resolves.toBe(
      'Registered',
    );
    visitorState = await page.context().storageState();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('refuses a closed activity with an acknowledge-only dialog', async () => {
    const context = await newContext(phoneSize, visitorState);
    const page = await context.newPage();
    await page.goto(
      `${server.url}/#/meeting/activity/detail?activity_id=${closedId}&meeting_id=${meetingId}&lang=en`,
    );
    await page.locator('[data-testid="activity-title"]').waitFor();
    await settle(page);
    await expect(page.locator('[data-testid="activity-state"]').first().textContent()).resolves.toBe(
      'Registration closed',
    );
    await page.locator('[data-testid="activity-register"]').click();
    const dialog = page.locator('[data-testid="notice-dialog"]');
    await dialog.getByText('Registration has ended').waitFor();
    await screenshot(page, 'activity-closed-dialog-phone-en');
    await dialog.getByRole('button', { name: 'Got it' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(hashPath(page)).toBe('/meeting/activity/detail');
    await context.close();
  });

  it('quotes a paid ticket type and lands on review pending for a reviewed workshop', async () => {
    const context = await newContext(phoneSize, visitorState);
    const page = await context.newPage();
    await page.goto(
      `${server.url}/#/activity/form?activity_id=${workshopId}&meeting_id=${meetingId}&lang=en`,
    );
    await page.locator('[data-testid="registration-form"]').waitFor();
    await settle(page);
    await page.locator('[data-question-type="text"] input').first().fill('Li Lei');
    await page.locator('[data-question-type="phone"] input[type="tel"]').fill('13900007711');
    // A corrupted ID number is refused before sending, a valid one accepted.
    await page.locator('[data-question-type="id_number"] input').fill('110105194912310021');
    // A paid type is quoted on the form (its checkout journey: orders.e2e.test.ts); the free one is
    // registered directly.
    await page.locator('[data-testid="ticket-option"]', { hasText: 'Professional' }).click();
    await expect.poll(() => page.locator('[data-testid="checkout-total"]').textContent()).toBe('¥99');
    await page.locator('[data-testid="ticket-option"]', { hasText: 'Student' }).click();
    await page.locator('[data-testid="form-submit"]').click();
    await page.getByText('Please enter a valid ID number').first().waitFor();
    await page.locator('[data-question-type="id_number"] input').fill('11010519491231002X');
    await page.locator('[data-testid="form-submit"]').click();
    await page.locator('[data-testid="activity-success"]').waitFor();
    // On a phone right after submitting, a registration under review reads 'Review pending' (§4).
    await expect(page.locator('[data-testid="success-standing"]').textContent()).resolves.toBe(
      'Review pending',
    );
    await settle(page);
    await screenshot(page, 'activity-success-review-phone-en');

    // The workshop allows resubmission: 'Edit my answers' reopens the form prefilled; saving keeps it.
    await page.getByRole('link', { name: 'Back to the activity' }).click();
    await page.locator('[data-testid="activity-edit-answers"]').click();
    await page.locator('[data-testid="registration-form"]').waitFor();
    const name = page.locator('[data-question-type="text"] input').first();
    await expect.poll(() => name.inputValue()).toBe('Li Lei');
    await name.fill('Li Lei Jr');
    await page.locator('[data-testid="form-submit"]').click();
    await page.locator('[data-testid="activity-success"]').waitFor();
    const ticketId = new URLSearchParams(page.url().split('?')[1] ?? '').get('ticket_id') ?? '';
    const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
    const stored = await apiAs(token).get<FormAnswersResponse>(`/forms/${workshopForm}/answers`, {
      ticket_id: ticketId,
    });
    expect(Object.values(stored.data)).toContain('Li Lei Jr');
    await context.close();
  });

  it('registers a group of three on the v2 hackathon', async () => {
    const { page, errors } = await openPage(browser, phoneSize);
    const landing = `/meeting/${meetingId}/activity/${hackathonId}/agent/v2`;
    // meeting_id in the query: see the report (the login guard on path-only meeting routes).
    await page.goto(`${server.url}/#${landing}?meeting_id=${meetingId}&lang=en`);
    await page.locator('input[name="phone"]').waitFor();
    await logInHere(page, '13900007722');
    await page.locator('[data-testid="group-details-form"]').waitFor();
    expect(hashPath(page)).toBe(landing);
    await settle(page);

    // Group info first: required fields refused, then saved.
    await page.locator('[data-testid="group-details-save"]').click();
    await expect.poll(() => page.getByText('This is a required field').count()).toBe(3);
    await page.locator('input[name="group-name"]').fill('Rust Rangers');
    await page.locator('input[name="group-liaison"]').fill('Han Meimei');
    await page.locator('input[name="group-phone"]').fill('13900007722');
    await page.locator('[data-testid="group-details-save"]').click();
    await page.locator('[data-testid="group-summary"]').waitFor();
    leaderAgentId = new URLSearchParams(page.url().split('?')[1] ?? '').get('agent_id') ?? '';
    expect(leaderAgentId).toMatch(/^[0-9a-f]{24}$/);

    // Two developers and one designer.
    const developer = page.locator('[data-testid="plan-row"]', { hasText: 'Developer' });
    const designer = page.locator('[data-testid="plan-row"]', { hasText: 'Designer' });
    await developer.locator('[data-testid="plan-increase"]').click();
    await developer.locator('[data-testid="plan-increase"]').click();
    await designer.locator('[data-testid="plan-increase"]').click();
    await expect(developer.locator('[data-testid="plan-count"]').textContent()).resolves.toBe('2');
    await settle(page);
    await screenshot(page, 'agent-v2-plan-phone-en');
    await page.locator('[data-testid="fill-members"]').click();

    const people = [
      ['Zhang Wei', '13900007731'],
      ['Wang Fang', '13900007732'],
      ['Liu Yang', '13900007733'],
    ] as const;
    for (const [index, [name, phone]] of people.entries()) {
      const form = page.locator('[data-testid="member-form"]');
      await form.waitFor();
      await expect(page.locator('[data-testid="member-progress"]').textContent()).resolves.toBe(
        `Member ${index + 1} of 3`,
      );
      await form.locator('[data-question-type="text"] input').first().fill(name);
      await form.locator('[data-question-type="phone"] input[type="tel"]').fill(phone);
      if (index === 1) await screenshot(page, 'agent-v2-member-phone-en');
      await page.locator('[data-testid="member-next"]').click();
    }
    await page.locator('[data-testid="review-list"]').waitFor();
    expect(await page.locator('[data-testid="review-member"]').count()).toBe(3);
    await screenshot(page, 'agent-v2-review-phone-en');
    await page.locator('[data-testid="submit-group"]').click();

    await page.locator('[data-testid="group-members"]').waitFor();
    expect(hashPath(page)).toBe(`/meeting/${meetingId}/activity/${hackathonId}/agent/v2/ticket`);
    await expect.poll(() => page.locator('[data-testid="group-member"]').count()).toBe(3);
    const text = (await page.locator('[data-testid="group-members"]').textContent()) ?? '';
    for (const [name] of people) expect(text).toContain(name);
    await settle(page);
    await screenshot(page, 'agent-v2-tickets-phone-en');

    const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
    const agent = await apiAs(token).get<Agent>(`/activities/${hackathonId}/agents/${leaderAgentId}`);
    expect(agent.members?.length).toBe(3);
    leaderState = await page.context().storageState();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('registers a v1 group, refusing two members with the same phone', async () => {
    const context = await newContext(desktopSize, leaderState);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // The §2 redirect /meeting/{m}/activity/{a}/agent opens the v1 page of the village tour.
    await page.goto(`${server.url}/#/meeting/${meetingId}/activity/${villageId}/agent?lang=en`);
    await page.locator('[data-testid="group-details-form"]').waitFor();
    expect(hashPath(page)).toBe('/activity/agent');
    await page.locator('input[name="group-name"]').fill('Walkers Club');
    await page.locator('input[name="group-liaison"]').fill('Han Meimei');
    await page.locator('input[name="group-phone"]').fill('13900007722');
    await page.locator('[data-testid="group-details-save"]').click();
    await page.locator('[data-testid="member-block"]').first().waitFor();
    expect(hashPath(page)).toBe('/activity/agent/form');
    await page.locator('[data-testid="add-member"]').click();
    const blocks = page.locator('[data-testid="member-block"]');
    await expect.poll(() => blocks.count()).toBe(2);
    for (const [index, name] of ['Sun Li', 'Zhou Qi'].entries()) {
      await blocks.nth(index).locator('[data-question-type="text"] input').fill(name);
      await blocks.nth(index).locator('[data-question-type="phone"] input[type="tel"]').fill('13900007741');
    }
    await page.locator('[data-testid="submit-members"]').click();
    const dialog = page.locator('[data-testid="notice-dialog"]');
    await dialog.getByText('Two members have the same phone number').waitFor();
    await screenshot(page, 'agent-v1-duplicate-desktop-en');
    await dialog.getByRole('button', { name: 'Got it' }).click();
    await blocks.nth(1).locator('[data-question-type="phone"] input[type="tel"]').fill('13900007742');
    await page.locator('[data-testid="submit-members"]').click();
    await expect.poll(() => page.locator('[data-testid="group-member"]').count()).toBe(2);
    await settle(page);
    await screenshot(page, 'agent-v1-members-desktop-en');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('looks right in zh, en and ar on a phone and a desktop', async () => {
    for (const language of ['zh', 'en', 'ar'] as const) {
      for (const viewport of [phoneSize, desktopSize]) {
        const context = await newContext(viewport, leaderState);
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        const shot = async (route: string, ready: string, name: string) => {
          await page.goto(`${server.url}/#${route}${route.includes('?') ? '&' : '?'}lang=${language}`);
          await page.locator(ready).first().waitFor();
          await settle(page);
          await screenshot(page, `${name}-${viewport.name}-${language}`);
        };
        await shot(
          `/meeting/activity/list?meeting_id=${meetingId}`,
          '[data-testid="activity-card"]',
          'activity-list',
        );
        await shot(
          `/meeting/activity/detail?activity_id=${forumId}&meeting_id=${meetingId}`,
          '[data-testid="activity-title"]',
          'activity-detail',
        );
        await shot(
          `/activity/form?activity_id=${forumId}&meeting_id=${meetingId}`,
          '[data-testid="registration-form"]',
          'activity-form',
        );
        await shot(
          `/meeting/${meetingId}/activity/${hackathonId}/agent/v2?agent_id=${leaderAgentId}`,
          '[data-testid="plan-row"]',
          'agent-v2',
        );
        await shot(
          `/meeting/${meetingId}/activity/${hackathonId}/agent/v2/ticket?agent_id=${leaderAgentId}`,
          '[data-testid="group-members"]',
          'agent-v2-tickets',
        );
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });
});

/** A browser context like openPage's, optionally with a logged-in storage. */
function newContext(
  viewport: Viewport,
  storageState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined,
): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    isMobile: viewport.isMobile,
    hasTouch: viewport.isMobile,
    deviceScaleFactor: 1,
    ...(viewport.userAgent ? { userAgent: viewport.userAgent } : {}),
    locale: 'en-US',
    timezoneId: 'Asia/Shanghai',
    ...(storageState ? { storageState } : {}),
  });
}
