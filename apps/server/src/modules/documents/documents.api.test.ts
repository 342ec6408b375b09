import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoginResult, MeetingDocument } from '@app/contracts';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld } from '../../../test/demo-roles.ts';
import { bearer } from '../../../test/login.ts';
import { minimalPdf } from '../media/media.fixtures.ts';
import { foldViews } from '../views/views.service.ts';

let world: DemoWorld;
let meetingId: string;
let organiser: LoginResult;
const base = () => `/api/console/meetings/${meetingId}`;

beforeAll(async () => {
  world = await createDemoWorld();
  meetingId = world.meetingId;
  organiser = world.logins.organiser;
});
afterAll(() => world.t.close());

const hasFfmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

function multipart(token: string, file: { name: string; type: string; data: Buffer }) {
  const boundary = `----doc-test-${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="token"\r\n\r\n${token}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="upload"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Uploads a file to the attachment bucket as `as`, answers its key (§7 Upload). */
async function uploadAttachment(file: { name: string; type: string; data: Buffer }, as = organiser) {
  const token = await world.t.call('POST', '/api/tokens/qiniu', {
    json: { bucket: 'attachment', key: file.name, type: file.type, size: file.data.length },
    headers: bearer(as),
  });
  expect(token.statusCode, token.body).toBe(200);
  const { payload, contentType } = multipart(token.json().uptoken, file);
  const res = await world.t.app.inject({
    method: 'POST',
    url: '/api/media/upload',
    headers: { 'content-type': contentType },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().key as string;
}

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  json?: unknown,
  as: LoginResult | null = organiser,
) => world.t.call(method, url, { ...(json !== undefined ? { json } : {}), headers: as ? bearer(as) : {} });

describe('documents (§2 /meeting/doc)', () => {
  let pdf: MeetingDocument;
  let categoryId: string;

  it('lets the organiser add a category and a PDF with a Chinese name', async () => {
    const category = await call('POST', `${base()}/attachment_categories`, {
      title: { en: 'Programme', zh: '日程' },
    });
    expect(category.statusCode, category.body).toBe(200);
    categoryId = category.json()._id.$id;
    const key = await uploadAttachment({
      name: '大会日程 2019.pdf',
      type: 'application/pdf',
      data: minimalPdf(),
    });
    const created = await call('POST', `${base()}/attachments`, {
      key,
      title: { en: 'Programme', zh: '大会日程' },
      category_id: categoryId,
    });
    expect(created.statusCode, created.body).toBe(200);
    pdf = created.json();
    expect(pdf).toMatchObject({
      file_name: '大会日程 2019.pdf',
      mime: 'application/pdf',
      icon: 'pdf',
      size: minimalPdf().length,
      category_id: { $id: categoryId },
      views_total: 0,
    });
    const categories = await call(
      'GET',
      `/api/meeting_attachment/categories?meeting_id=${meetingId}`,
      undefined,
      null,
    );
    expect(categories.json().results.map((c: { _id: { $id: string } }) => c._id.$id)).toContain(categoryId);
  });

  it('refuses an upload that is not the caller’s, an empty title and an unknown category', async () => {
    const key = await uploadAttachment(
      { name: 'other.pdf', type: 'application/pdf', data: minimalPdf() },
      world.logins.user,
    );
    const foreign = await call('POST', `${base()}/attachments`, { key, title: 'x' });
    expect([foreign.statusCode, foreign.json().code]).toEqual([400, 'validation_failed']);
    const own = await uploadAttachment({ name: 'a.pdf', type: 'application/pdf', data: minimalPdf() });
    expect((await call('POST', `${base()}/attachments`, { key: own, title: { en: ' ' } })).statusCode).toBe(
      400,
    );
    expect(
      (await call('POST', `${base()}/attachments`, { key: own, title: 'x', category_id: 'f'.repeat(24) }))
        .statusCode,
    ).toBe(400);
    const notOrganiser = await call(
      'POST',
      `${base()}/attachments`,
      { key: own, title: 'x' },
      world.logins.user,
    );
    expect(notOrganiser.statusCode).toBe(403);
  });

  it('lists the documents to guests, heaviest first', async () => {
    const res = await call('GET', `/api/meeting/attachments?meeting_id=${meetingId}`, undefined, null);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results[0]._id.$id).toBe(pdf._id.$id);
    expect((await call('GET', '/api/meeting/attachments?meeting_id=nope', undefined, null)).statusCode).toBe(
      400,
    );
  });

  it('downloads under the exact name (RFC 5987) and opens a PDF inline', async () => {
    const download = await world.t.app.inject({ method: 'GET', url: pdf.download_url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="____ 2019.pdf"; filename*=UTF-8''${encodeURIComponent('大会日程 2019.pdf')}`,
    );
    expect(download.rawPayload.equals(minimalPdf())).toBe(true);
    const inline = await world.t.app.inject({ method: 'GET', url: pdf.view_url });
    expect(inline.headers['content-disposition']).toMatch(/^inline; /);
    expect(inline.headers['x-content-type-options']).toBe('nosniff');
    const missing = await world.t.app.inject({
      method: 'GET',
      url: `/api/meeting/attachments/${'f'.repeat(24)}/file`,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('counts a document view (POST /meetings/{id}/attachments/views) into its total', async () => {
    const view = await call(
      'POST',
      `/api/meetings/${meetingId}/attachments/views`,
      { attachment_id: pdf._id.$id },
      null,
    );
    expect(view.json()).toEqual({ views_total: 1 });
    await foldViews(world.t.database.db);
    const res = await call('GET', `/api/meeting/attachments?meeting_id=${meetingId}`, undefined, null);
    expect(res.json().results[0].views_total).toBe(1);
  });

  it('edits, reorders and deletes, refusing a stale edit', async () => {
    const key = await uploadAttachment({
      name: 'floor plan.pdf',
      type: 'application/pdf',
      data: minimalPdf(),
    });
    const second: MeetingDocument = (
      await call('POST', `${base()}/attachments`, { key, title: 'Floor plan' })
    ).json();
    expect(second.weight).toBeGreaterThan(pdf.weight);
    const reordered = await call('PUT', `${base()}/attachments_order`, {
      ids: [pdf._id.$id, second._id.$id],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(
      reordered
        .json()
        .items.map((d: MeetingDocument) => d._id.$id)
        .slice(0, 2),
    ).toEqual([pdf._id.$id, second._id.$id]);
    const fresh = reordered.json().items[0] as MeetingDocument;
    const stale = await call('PUT', `${base()}/attachments/${pdf._id.$id}`, {
      title: 'Old',
      updated_at_ms: 1,
    });
    expect(stale.statusCode).toBe(409);
    const edited = await call('PUT', `${base()}/attachments/${pdf._id.$id}`, {
      title: { en: 'Programme (final)' },
      category_id: '',
      updated_at_ms: fresh.updated_at_ms,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: { en: 'Programme (final)' }, category_id: null });
    expect((await call('DELETE', `${base()}/attachments/${second._id.$id}`)).statusCode).toBe(200);
    const list = await call('GET', `/api/meeting/attachments?meeting_id=${meetingId}`, undefined, null);
    expect(list.json().results.map((d: MeetingDocument) => d._id.$id)).not.toContain(second._id.$id);
    const audited = (await world.t.database.db.execute(
      sql`select count(*)::int as n from audit_log where entity = 'meeting_attachment'`,
    )) as unknown as { rows: { n: number }[] };
    expect(audited.rows[0]?.n).toBeGreaterThanOrEqual(4);
  });

  it.skipIf(!hasFfmpeg)(
    'serves a video still at 5 s by default (§9 vframe suffix), jpg',
    { timeout: 60_000 },
    async () => {
      const folder = mkdtempSync(join(tmpdir(), 'doc-video-'));
      try {
        const file = join(folder, 'clip.mp4');
        execFileSync('ffmpeg', [
          ...[
            '-nostdin',
            '-loglevel',
            'error',
            '-f',
            'lavfi',
            '-i',
            'testsrc=duration=7:size=320x240:rate=10',
          ],
          ...['-pix_fmt', 'yuv420p', file],
        ]);
        const key = await uploadAttachment({
          name: 'opening.mp4',
          type: 'video/mp4',
          data: readFileSync(file),
        });
        const video: MeetingDocument = (
          await call('POST', `${base()}/attachments`, { key, title: 'Opening' })
        ).json();
        expect(video).toMatchObject({ mime: 'video/mp4', icon: 'video' });
        const still = await world.t.app.inject({
          method: 'GET',
          url: `${video.url}?vframe/jpg/offset/5/w/192/h/112`,
        });
        expect(still.statusCode, still.body.slice(0, 200)).toBe(200);
        expect(still.headers['content-type']).toBe('image/jpeg');
        const meta = await sharp(still.rawPayload).metadata();
        expect(meta.format).toBe('jpeg');
        expect(meta.width).toBeLessThanOrEqual(192);
        const byDefault = await world.t.app.inject({ method: 'GET', url: `${video.url}?vframe/jpg` });
        expect(byDefault.statusCode).toBe(200);
        // A still of a PDF is refused, never a 5xx.
        const notVideo = await world.t.app.inject({ method: 'GET', url: `${pdf.url}?vframe/jpg/offset/5` });
        expect(notVideo.statusCode).toBe(415);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  );
});
