import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { invitationPosterPath, invitationPosterSize } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createStorage } from '../../providers/storage/create-storage.ts';
import { demoMeetingId } from '../../seeds/demo-meeting.data.ts';
import { seedDemoMeeting } from '../../seeds/demo-meeting.ts';
import { enterprises } from '../enterprises/enterprises.tables.ts';
import { exhibitors } from '../exhibitors/exhibitors.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { products } from '../products/products.tables.ts';

let t: TestApp;
let enterpriseId: string;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://expo.example.org' } });
  await seedDemoMeeting({ db: t.database.db, storage: createStorage(t.app.deps.config) });
  const [first] = await t.database.db
    .select({ enterpriseId: exhibitors.enterpriseId })
    .from(exhibitors)
    .where(and(eq(exhibitors.meetingId, demoMeetingId), eq(exhibitors.booth, 'A1-001')));
  enterpriseId = first?.enterpriseId as string;
  // A stored image as the invitation cover.
  const [product] = await t.database.db.select({ images: products.images }).from(products).limit(1);
  await t.database.db
    .update(meetings)
    .set({ exhibition: { show_exhibitor: 1, invitation_cover: product?.images[0] as string } })
    .where(eq(meetings.id, demoMeetingId));
});
afterAll(() => t.close());

/** A browser's request: no Apikey, no device headers. */
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('GET /meetings/:id/invitation.png', () => {
  it('renders a PNG poster without Apikey, then serves it from storage without rendering', async () => {
    const url = invitationPosterPath(demoMeetingId, enterpriseId, { lang: 'zh' });
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['content-disposition']).toMatch(/^inline/);
    expect(first.headers['x-poster-cache']).toBe('miss');
    const meta = await sharp(first.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', ...invitationPosterSize });

    // The rendered poster is kept in storage under meeting/enterprise/content hash.
    const folder = join(t.app.deps.config.DATA_DIR, 'uploads', '_invitations', demoMeetingId, enterpriseId);
    expect(existsSync(folder)).toBe(true);

    const second = await get(url);
    expect(second.statusCode).toBe(200);
    expect(second.headers['x-poster-cache']).toBe('hit');
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(Buffer.compare(second.rawPayload, first.rawPayload)).toBe(0);

    const revalidated = await get(url, { 'if-none-match': String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
  });

  it('answers as a download with download=1', async () => {
    const response = await get(invitationPosterPath(demoMeetingId, enterpriseId, { download: true }));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="invitation-${enterpriseId}.png"`,
    );
  });

  it('renders again when the content changes (another language, a renamed enterprise)', async () => {
    const arabic = await get(invitationPosterPath(demoMeetingId, enterpriseId, { lang: 'ar' }));
    expect(arabic.statusCode).toBe(200);
    expect(arabic.headers['x-poster-cache']).toBe('miss');
    await t.database.db
      .update(enterprises)
      .set({ title: { en: 'Renamed <Robotics> & "Co"', zh: '改名机器人公司', ar: 'شركة الروبوتات' } })
      .where(eq(enterprises.id, enterpriseId));
    const renamed = await get(invitationPosterPath(demoMeetingId, enterpriseId, { lang: 'ar' }));
    expect(renamed.headers['x-poster-cache']).toBe('miss');
    expect(renamed.headers.etag).not.toBe(arabic.headers.etag);
    const english = await get(invitationPosterPath(demoMeetingId, enterpriseId, { lang: 'en' }));
    expect(english.statusCode).toBe(200);
    expect((await sharp(english.rawPayload).metadata()).width).toBe(invitationPosterSize.width);
  });

  it('renders without a cover or logo, and never fetches a foreign cover URL', async () => {
    await t.database.db
      .update(meetings)
      .set({ exhibition: { invitation_cover: 'http://169.254.169.254/latest/meta-data' }, cover: '' })
      .where(eq(meetings.id, demoMeetingId));
    await t.database.db.update(enterprises).set({ logo: '' }).where(eq(enterprises.id, enterpriseId));
    const response = await get(invitationPosterPath(demoMeetingId, enterpriseId));
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-poster-cache']).toBe('miss');
  });

  it('answers 404 for an unknown meeting or enterprise, or one not exhibiting there; 400 for bad ids', async () => {
    const unknownEnterprise = await get(invitationPosterPath(demoMeetingId, 'ffffffffffffffffffffffff'));
    expect(unknownEnterprise.statusCode).toBe(404);
    expect(unknownEnterprise.json()).toMatchObject({ code: 'not_found' });
    const unknownMeeting = await get(invitationPosterPath('ffffffffffffffffffffffff', enterpriseId));
    expect(unknownMeeting.statusCode).toBe(404);
    await t.database.db
      .insert(enterprises)
      .values({ id: 'eeeeeeeeeeeeeeeeeeeeeeee', title: 'Not exhibiting' });
    expect((await get(invitationPosterPath(demoMeetingId, 'eeeeeeeeeeeeeeeeeeeeeeee'))).statusCode).toBe(404);
    expect((await get(`/api/meetings/${demoMeetingId}/invitation.png?enterprise_id=nope`)).statusCode).toBe(
      400,
    );
    expect((await get(`/api/meetings/${demoMeetingId}/invitation.png`)).statusCode).toBe(400);
  });
});
