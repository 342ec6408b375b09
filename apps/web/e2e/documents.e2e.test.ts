import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, settle, viewports } from './browser.ts';
import { outboxCode } from './outbox.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * Documents (§2 /meeting/doc) end to end: an organiser uploads a PDF in the console's documents
 * screen (progress, title, category) and sees it listed; a visitor opens /meeting/doc, finds it with
 * its §9 PDF icon in its group and downloads it under its own name; the visitor's history
 * (/my/footprints) lists what they opened; the console's view analytics count it. Screenshots of the
 * documents page, the history and the console screens at 390×844 and 1280×800 in zh, en and ar.
 */

const meetingId = '64656d6f0000000000002019';
const adminPhone = '13900139095';
const languages = ['zh', 'en', 'ar'] as const;

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PHONES: adminPhone } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A small real PDF (one page, one line of text) with a correct cross-reference table. */
function samplePdf(): Buffer {
  const stream = 'BT /F1 18 Tf 72 720 Td (Exhibitor guide) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets = objects.map((body, index) => {
    const at = out.length;
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

async function logInHere(page: Page, phone: string): Promise<void> {
  await page.locator('input[name="phone"]').fill(phone);
  await page.getByRole('button', { name: /get code|获取验证码/i }).click();
  await page.locator('input[name="code"]').fill(await outboxCode(server.url, `+86${phone}`));
  await page.locator('#agree').check();
  await page.locator('form button[type="submit"]').click();
}

const catalogue = (language: string, namespace: string) =>
  JSON.parse(
    readFileSync(
      new URL(`../../../packages/i18n/src/locales/${language}/${namespace}.json`, import.meta.url),
      'utf8',
    ),
  );

describe('documents (§2 /meeting/doc)', () => {
  it('an organiser uploads a PDF; a visitor sees it with its icon, downloads it, finds it in the history', async () => {
    const desktop = viewports[1];
    const { page: admin, errors } = await openPage(browser, desktop);
    await admin.goto(`${server.url}/#/console/meetings/${meetingId}/documents?lang=en`);
    await admin.locator('input[name="phone"]').waitFor();
    await logInHere(admin, adminPhone);
    await admin.locator('[data-testid="console-documents"]').waitFor();
    await settle(admin);

    // Upload: the file input behind the button, then the title and the category in the dialog.
    await admin.locator('[data-testid="document-file-input"]').setInputFiles({
      name: 'Exhibitor guide 展商指南.pdf',
      mimeType: 'application/pdf',
      buffer: samplePdf(),
    });
    const dialog = admin.locator('[data-testid="document-dialog"]');
    await dialog.waitFor();
    await dialog.getByLabel(/Chinese/).fill('展商指南');
    await dialog.getByLabel(/English/).fill('Exhibitor guide');
    await dialog.locator('select').selectOption({ label: 'Venue & travel' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await admin
      .locator('[data-testid="console-documents-table"]')
      .getByText('Exhibitor guide', { exact: true })
      .first()
      .waitFor();
    expect(errors).toEqual([]);

    for (const language of languages) {
      for (const viewport of viewports) {
        await admin.setViewportSize({ width: viewport.width, height: viewport.height });
        await admin.goto(`${server.url}/#/console/meetings/${meetingId}/documents?lang=${language}`);
        await admin.locator('[data-testid="console-documents-table"]').waitFor();
        await settle(admin);
        await screenshot(admin, `documents-console-${viewport.name}-${language}`);
      }
    }

    // The visitor: the documents page, grouped, with the §9 icons.
    const { page: visitor, errors: visitorErrors } = await openPage(browser, viewports[0]);
    await visitor.goto(`${server.url}/#/meeting/doc?meeting_id=${meetingId}&lang=en`);
    await visitor.locator('[data-testid="documents"]').waitFor();
    await settle(visitor);
    const row = visitor.locator('[data-testid="document-row"]', { hasText: 'Exhibitor guide' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.locator('[data-file-icon]').getAttribute('data-file-icon')).toBe('pdf');
    await expect
      .poll(() => visitor.locator('[data-file-icon="image"]').count(), { timeout: 5000 })
      .toBeGreaterThan(0);
    const download = visitor.waitForEvent('download');
    await row.locator('[data-testid="document-download"]').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Exhibitor guide 展商指南.pdf');
    expect(
      readFileSync((await file.path()) ?? '')
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(visitorErrors).toEqual([]);

    // The download counted a view: the history lists the document (the fold runs every few seconds).
    await expect
      .poll(
        async () => {
          await visitor.goto(`${server.url}/#/my/footprints?meeting_id=${meetingId}&lang=en`);
          // A fresh load each time: the list is read once per visit.
          await visitor.reload();
          await settle(visitor);
          return visitor.locator('[data-testid="footprint"]', { hasText: 'Exhibitor guide' }).count();
        },
        { timeout: 30_000, interval: 2000 },
      )
      .toBe(1);

    for (const language of languages) {
      for (const viewport of viewports) {
        await visitor.setViewportSize({ width: viewport.width, height: viewport.height });
        await visitor.goto(`${server.url}/#/meeting/doc?meeting_id=${meetingId}&lang=${language}`);
        await visitor.locator('[data-testid="documents"]').waitFor();
        await settle(visitor);
        await screenshot(visitor, `documents-page-${viewport.name}-${language}`);
        await visitor.goto(`${server.url}/#/my/footprints?meeting_id=${meetingId}&lang=${language}`);
        await visitor.locator('[data-testid="footprints"]').waitFor();
        await settle(visitor);
        await screenshot(visitor, `documents-footprints-${viewport.name}-${language}`);
      }
    }

    // Removing the entry empties the history.
    await visitor.locator('[data-testid="footprint-remove"]').first().click();
    await expect.poll(() => visitor.locator('[data-testid="footprint"]').count()).toBe(0);

    // The organiser's analytics count the document's view.
    const text = catalogue('en', 'console-documents');
    for (const language of languages) {
      for (const viewport of viewports) {
        await admin.setViewportSize({ width: viewport.width, height: viewport.height });
        await admin.goto(`${server.url}/#/console/meetings/${meetingId}/views?lang=${language}`);
        await admin.locator('[data-testid="console-views"]').waitFor();
        await settle(admin);
        await screenshot(admin, `documents-views-${viewport.name}-${language}`);
      }
    }
    await admin.goto(`${server.url}/#/console/meetings/${meetingId}/views?lang=en`);
    await admin.locator('[data-testid="views-attachment"]').waitFor();
    await expect(admin.locator('[data-testid="views-attachment"]').textContent()).resolves.toContain(
      'Exhibitor guide',
    );
    expect(text.views.title).toBeTruthy();
  });
});
