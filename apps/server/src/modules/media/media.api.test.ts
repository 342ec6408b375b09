import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { normalisePhone } from '@app/domain/contact';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createStorage } from '../../providers/storage/create-storage.ts';
import { readAll, type Storage } from '../../providers/storage/storage.ts';
import { demoMeetingId } from '../../seeds/demo-meeting.data.ts';
import { seedDemoMeeting } from '../../seeds/demo-meeting.ts';
import { findOrCreateUserByPhone, signIn } from '../users/users.service.ts';
import { bmpFile, jpegWithExif, minimalPdf, pixelBombPng, smallPng } from './media.fixtures.ts';
import { parseImageSuffix, variantName } from './media.images.ts';
import { isUploadKey, originalStorageKey, variantStorageKey } from './media.keys.ts';
import { uploadExists } from './media.repository.ts';
import { openFile, renderLimit } from './media.service.ts';
import { signUploadToken, type UploadGrant } from './media.token.ts';
import { webVariantSuffixes } from './media.variants.ts';

let t: TestApp;
let session: string;
let userId: string;
let dataDir: string;
let uploadsRoot: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoMeeting({ db: t.database.db });
  const phone = normalisePhone('13800138000');
  if (!phone) throw new Error('test phone invalid');
  const user = await findOrCreateUserByPhone(t.database.db, phone);
  const login = await signIn(
    { db: t.database.db, config: t.app.deps.config },
    { user, meetingId: demoMeetingId, method: 'phone' },
  );
  session = login.token;
  userId = user.id;
  dataDir = resolve(t.app.deps.config.DATA_DIR);
  uploadsRoot = join(dataDir, 'uploads');
});
afterAll(() => t.close());

type FilePart = { name: string; filename: string; type: string; data: Buffer };
type Part = { name: string; value: string } | FilePart;

/** A multipart/form-data body with the parts in the order given. */
function multipartBody(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----media-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const isFile = 'filename' in part;
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"` +
      (isFile ? `; filename="${part.filename}"\r\nContent-Type: ${part.type}` : '') +
      '\r\n\r\n';
    chunks.push(Buffer.from(head), isFile ? part.data : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /api/media/upload without Apikey or Authorization: the upload token is the proof. */
async function upload(
  uptoken: string | null,
  data: Buffer,
  options: { filename?: string; type?: string; fileFirst?: boolean } = {},
) {
  const file: Part = {
    name: 'file',
    filename: options.filename ?? 'photo.jpg',
    type: options.type ?? 'image/jpeg',
    data,
  };
  const token: Part[] = uptoken === null ? [] : [{ name: 'token', value: uptoken }];
  const { payload, contentType } = multipartBody(options.fileFirst ? [file, ...token] : [...token, file]);
  return t.app.inject({
    method: 'POST',
    url: '/api/media/upload',
    headers: { 'content-type': contentType },
    payload,
  });
}

type TokenAnswer = {
  uptoken: string;
  key: string;
  upload_url: string;
  expires_at: number;
  max_bytes: number;
};

async function requestToken(body: Record<string, unknown> = {}): Promise<TokenAnswer> {
  const res = await t.call('POST', '/api/tokens/qiniu', { json: body, headers: { authorization: session } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every file under the data folder, relative to it. */
function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return (readdirSync(folder, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(folder.length + 1))
    .sort();
}

const storedFilesOf = (id: string) => filesUnder(uploadsRoot).filter((path) => path.includes(id));

async function grantFor(overrides: Partial<UploadGrant> = {}): Promise<UploadGrant> {
  const answer = await requestToken({ key: 'photo.jpg' });
  const id = answer.key.slice(0, 24);
  return {
    id,
    bucket: 'image',
    key: answer.key,
    originalName: 'photo.jpg',
    maxBytes: t.app.deps.config.UPLOAD_MAX_BYTES,
    kinds: ['image'],
    userId,
    meetingId: demoMeetingId,
    expiresAt: Math.floor(Date.now() / 1000) + 600,
    ...overrides,
  };
}

describe('POST /tokens/qiniu', () => {
  it('needs a login', async () => {
    const res = await t.call('POST', '/api/tokens/qiniu', { json: { key: 'a.jpg' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('login.required');
  });

  it('needs the Apikey', async () => {
    const res = await t.call('POST', '/api/tokens/qiniu', {
      json: { key: 'a.jpg' },
      headers: { authorization: session },
      unsigned: true,
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers a signed token for a generated key with a sanitised name', async () => {
    const before = Math.floor(Date.now() / 1000);
    const answer = await requestToken({
      bucket: 'avatar',
      key: 'C:\\Users\\me\\My Photo (1).JPG',
      type: 'image/jpeg',
      size: 1234,
    });
    expect(answer.key).toMatch(/^[0-9a-f]{24}\/My-Photo-1\.JPG$/);
    expect(answer.upload_url).toBe('/api/media/upload');
    expect(answer.max_bytes).toBe(t.app.deps.config.UPLOAD_MAX_BYTES);
    expect(answer.expires_at).toBeGreaterThanOrEqual(before + 600);
    expect(answer.expires_at).toBeLessThanOrEqual(before + 601);
    expect(answer.uptoken.split('.')).toHaveLength(3);
  });

  it('takes a form-encoded body and defaults to the image bucket', async () => {
    const res = await t.call('POST', '/api/tokens/qiniu', {
      form: { key: 'x.png', size: '100' },
      headers: { authorization: session },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().key).toMatch(/\/x\.png$/);
  });

  it('refuses an announced size or type that can never pass', async () => {
    const tooBig = await t.call('POST', '/api/tokens/qiniu', {
      json: { key: 'a.jpg', size: t.app.deps.config.UPLOAD_MAX_BYTES + 1 },
      headers: { authorization: session },
    });
    expect([tooBig.statusCode, tooBig.json().code]).toEqual([413, 'upload.too_large']);
    const pdf = await t.call('POST', '/api/tokens/qiniu', {
      json: { key: 'a.pdf', type: 'application/pdf' },
      headers: { authorization: session },
    });
    expect([pdf.statusCode, pdf.json().code]).toEqual([415, 'upload.type_rejected']);
    const bucket = await t.call('POST', '/api/tokens/qiniu', {
      json: { bucket: 'private' },
      headers: { authorization: session },
    });
    expect(bucket.statusCode).toBe(400);
  });

  it('does not parse multipart bodies', async () => {
    const { payload, contentType } = multipartBody([{ name: 'key', value: 'a.jpg' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tokens/qiniu',
      headers: { 'content-type': contentType, authorization: session },
      payload,
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('POST /media/upload and GET /files', () => {
  it('stores a JPEG without its EXIF, upright, and serves it back with caching headers', async () => {
    const token = await requestToken({ key: 'holiday.jpg', type: 'image/jpeg' });
    const original = await jpegWithExif();
    expect(original.includes('SECRET-EXIF-MARKER')).toBe(true);

    const res = await upload(token.uptoken, original);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      key: token.key,
      url: `/api/files/image/${token.key}`,
      width: 48,
      height: 64,
      size: expect.any(Number),
      mime: 'image/jpeg',
    });
    expect(await uploadExists(t.database.db, token.key.slice(0, 24))).toBe(true);

    const onDisk = readFileSync(join(uploadsRoot, 'image', token.key));
    expect(onDisk.length).toBe(body.size);
    expect(onDisk.includes('SECRET-EXIF-MARKER')).toBe(false);
    expect(onDisk.includes('SpyCam')).toBe(false);
    const metadata = await sharp(onDisk).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 48, height: 64 });
    expect(metadata.exif).toBeUndefined();

    const served = await t.app.inject({ method: 'GET', url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(onDisk)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-disposition': 'inline',
    });
    const etag = served.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({ method: 'GET', url: body.url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const head = await t.app.inject({ method: 'HEAD', url: body.url });
    expect([head.statusCode, head.headers['content-length'], head.body]).toEqual([
      200,
      String(body.size),
      '',
    ]);
  });

  it('resizes by query suffix to the §9 sizes, jpg by default, and serves the stored copy next time', async () => {
    const token = await requestToken({ key: 'wide.png' });
    const wide = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const stored = (await upload(token.uptoken, wide, { filename: 'wide.png', type: 'image/png' })).json();
    expect(stored).toMatchObject({ key: token.key, width: 300, height: 100, mime: 'image/png' });

    const cover = await t.app.inject({ method: 'GET', url: `${stored.url}?imageView2/1/w/80/h/80` });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(cover.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 80, height: 80 });

    const inside = await t.app.inject({
      method: 'GET',
      url: `${stored.url}?imageView2/2/w/96/h/96/format/webp/q/60`,
    });
    expect(inside.headers['content-type']).toBe('image/webp');
    expect(await sharp(inside.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 96,
      height: 32,
    });

    const thumbnail = await t.app.inject({ method: 'GET', url: `${stored.url}?imageMogr2/thumbnail/192x` });
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ width: 192, height: 64 });

    // The copy is in storage; replacing its bytes shows the next request reads it instead of resizing.
    const variants = filesUnder(uploadsRoot).filter((path) => path.startsWith(`_variants${sep}image${sep}`));
    const coverCopy = variants.find(
      (path) => path.includes(token.key.slice(0, 24)) && path.endsWith('cover-80x80-q85.jpg'),
    );
    expect(coverCopy).toBeDefined();
    writeFileSync(join(uploadsRoot, coverCopy as string), 'FROM-THE-CACHE');
    // Without the original nothing can be rendered: an answer now can only come from the stored copy.
    rmSync(join(uploadsRoot, 'image', token.key));
    const cached = await t.app.inject({
      method: 'GET',
      url: `${stored.url}?imageView2/1/w/80/h/80/format/jpg/q/85`,
    });
    expect(cached.statusCode).toBe(200);
    expect(cached.body).toBe('FROM-THE-CACHE');
    expect(cached.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const uncached = await t.app.inject({ method: 'GET', url: `${stored.url}?imageView2/1/w/88/h/88/q/70` });
    expect(uncached.statusCode).toBe(404);
  });

  it('renders a copy once: the second ask, and concurrent asks, do not read the original again', async () => {
    const token = await requestToken({ key: 'once.png' });
    const { key } = (
      await upload(token.uptoken, await smallPng(), { filename: 'once.png', type: 'image/png' })
    ).json();
    const storage = createStorage(t.app.deps.config);
    const originalReads: string[] = [];
    const counting: Storage = {
      put: (storageKey, bytes, mime) => storage.put(storageKey, bytes, mime),
      delete: (storageKey) => storage.delete(storageKey),
      get: async (storageKey) => {
        if (storageKey === originalStorageKey('image', key)) originalReads.push(storageKey);
        return storage.get(storageKey);
      },
    };
    const deps = { storage: counting, config: t.app.deps.config };
    const ask = (rawQuery: string) =>
      openFile(deps, { bucket: 'image', key, rawQuery, ip: '198.51.100.20' }).then(async (file) =>
        readAll(file.object.body),
      );
    // Quality 70: a copy the upload's web-copies job never renders, so this ask is the first.
    const first = await ask('imageView2/1/w/112/h/112/q/70');
    expect(originalReads).toHaveLength(1);
    expect(await sharp(first).metadata()).toMatchObject({ width: 112, height: 112 });
    expect((await ask('imageView2/1/w/112/h/112/format/jpg/q/70')).equals(first)).toBe(true);
    expect(originalReads).toHaveLength(1);
    const together = await Promise.all(Array.from({ length: 6 }, () => ask('imageView2/2/w/128/h/128/q/70')));
    expect(originalReads).toHaveLength(2);
    expect(together.every((bytes) => bytes.equals(together[0] as Buffer))).toBe(true);
  });

  it('limits renders per IP (429 with Retry-After) but never stored copies, nor other IPs', async () => {
    const token = await requestToken({ key: 'burst.png' });
    const { url } = (
      await upload(token.uptoken, await smallPng(), { filename: 'burst.png', type: 'image/png' })
    ).json();
    const get = (suffix: string, remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: `${url}?${suffix}`, remoteAddress });
    const busy = '203.0.113.7';
    // Distinct variants (one quality each) are distinct misses, each a render.
    for (let quality = 1; quality <= renderLimit.points; quality++) {
      const res = await get(`imageView2/2/w/80/q/${quality}`, busy);
      expect(res.statusCode, `render ${quality}`).toBe(200);
    }
    const refused = await get('imageView2/2/w/80/q/99', busy);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'too_frequent', message: 'Do not operate frequently!' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(renderLimit.durationSeconds);
    // A copy already stored is served to the same IP all the same.
    const hit = await get('imageView2/2/w/80/q/1', busy);
    expect([hit.statusCode, hit.headers['content-type']]).toEqual([200, 'image/jpeg']);
    // Another IP renders the refused variant; the busy IP then gets it from storage.
    expect((await get('imageView2/2/w/80/q/99', '203.0.113.8')).statusCode).toBe(200);
    expect((await get('imageView2/2/w/80/q/99', busy)).statusCode).toBe(200);
    expect((await get('imageView2/2/w/88/q/99', busy)).statusCode).toBe(429);
  });

  it('renders the web copies of an uploaded image in the background, so pages read them without a render', async () => {
    const token = await requestToken({ key: 'logo.png' });
    const { url, key } = (
      await upload(token.uptoken, await smallPng(), { filename: 'logo.png', type: 'image/png' })
    ).json();
    await t.drainJobs();
    const storage = createStorage(t.app.deps.config);
    for (const suffix of webVariantSuffixes()) {
      const operation = parseImageSuffix(suffix);
      if (!operation) throw new Error(`not a suffix: ${suffix}`);
      const copy = await storage.get(variantStorageKey('image', key, variantName(operation)));
      expect(copy, suffix).not.toBeNull();
      copy?.body.destroy();
    }
    // An IP that spent its renders still gets every web copy: they are stored, not rendered.
    const spent = '203.0.113.60';
    for (let quality = 1; quality <= renderLimit.points; quality++) {
      await t.app.inject({
        method: 'GET',
        url: `${url}?imageView2/2/w/80/q/${quality}`,
        remoteAddress: spent,
      });
    }
    expect(
      (await t.app.inject({ method: 'GET', url: `${url}?imageView2/2/w/80/q/99`, remoteAddress: spent }))
        .statusCode,
    ).toBe(429);
    for (const suffix of webVariantSuffixes()) {
      const res = await t.app.inject({ method: 'GET', url: `${url}?${suffix}`, remoteAddress: spent });
      expect(res.statusCode, suffix).toBe(200);
    }
  });

  it('takes a BMP upload (24-bit and 32-bit) and stores it as PNG; refuses a truncated one', async () => {
    const colour = (x: number, y: number): [number, number, number, number] => [x * 60, y * 80, 90, 200];
    const bmp24 = bmpFile({ width: 5, height: 3, bitsPerPixel: 24, pixel: colour });
    const token = await requestToken({ key: 'scan.bmp', type: 'image/bmp' });
    const res = await upload(token.uptoken, bmp24, { filename: 'scan.bmp', type: 'image/bmp' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      key: `${token.key.slice(0, 24)}/scan.png`,
      width: 5,
      height: 3,
      mime: 'image/png',
    });
    const served = await t.app.inject({ method: 'GET', url: body.url });
    expect(served.headers['content-type']).toBe('image/png');
    const { data, info } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([5, 3, 3]);
    expect([...data.subarray((2 * 5 + 4) * 3, (2 * 5 + 4) * 3 + 3)]).toEqual([240, 160, 90]);
    const resized = await t.app.inject({ method: 'GET', url: `${body.url}?imageView2/1/w/80/h/80` });
    expect(await sharp(resized.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 80 });

    const bmp32 = bmpFile({ width: 4, height: 2, bitsPerPixel: 32, pixel: colour, isTopDown: true });
    const token32 = await requestToken({ key: 'icon.bmp', type: 'image/x-ms-bmp' });
    const res32 = await upload(token32.uptoken, bmp32, { filename: 'icon.bmp', type: 'image/bmp' });
    expect(res32.statusCode, res32.body).toBe(200);
    expect(res32.json()).toMatchObject({ width: 4, height: 2, mime: 'image/png' });
    const stored32 = readFileSync(join(uploadsRoot, 'image', res32.json().key));
    expect(await sharp(stored32).metadata()).toMatchObject({ format: 'png', channels: 4 });

    const truncated = await requestToken({ key: 'cut.bmp' });
    const cut = await upload(truncated.uptoken, bmp24.subarray(0, bmp24.length - 7), {
      filename: 'cut.bmp',
      type: 'image/bmp',
    });
    expect([cut.statusCode, cut.json().code]).toEqual([415, 'upload.type_rejected']);
    expect(storedFilesOf(truncated.key.slice(0, 24))).toEqual([]);
  });

  it('refuses sizes off the §9 allow-list with a 400 naming the parameter, and video frames', async () => {
    const token = await requestToken({ key: 'b.png' });
    const { url } = (
      await upload(token.uptoken, await smallPng(), { filename: 'b.png', type: 'image/png' })
    ).json();
    for (const suffix of [
      'imageView2/1/w/0/h/80',
      'imageView2/1/w/4096/h/4096',
      'imageView2/1/w/100/h/100',
      'imageView2/2/h/99999',
      'imageView2/2/w/-1',
      'imageView2/7/w/80',
      'imageMogr2/thumbnail/5000x80',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `${url}?${suffix}` });
      expect([res.statusCode, res.json().code], suffix).toEqual([400, 'validation_failed']);
    }
    const named = await t.app.inject({ method: 'GET', url: `${url}?imageView2/1/w/4096/h/4096` });
    expect(named.json().message).toBe(
      'w must be one of 80, 88, 96, 112, 120, 128, 160, 192 (the §9 image sizes), not 4096',
    );
    expect(filesUnder(uploadsRoot).filter((path) => path.includes('4096'))).toEqual([]);
    const share = await t.app.inject({ method: 'GET', url: `${url}?imageView2/1/w/120/h/120` });
    expect(share.statusCode).toBe(200);
    const frame = await t.app.inject({ method: 'GET', url: `${url}?vframe/jpg/offset/5` });
    expect([frame.statusCode, frame.json().code]).toEqual([415, 'upload.type_rejected']);
    const plain = await t.app.inject({ method: 'GET', url: `${url}?t=1700000000` });
    expect([plain.statusCode, plain.headers['content-type']]).toEqual([200, 'image/png']);
  });

  it('goes by the bytes: a PNG sent as photo.jpg is stored as PNG', async () => {
    const token = await requestToken({ key: 'photo.jpg', type: 'image/jpeg' });
    const res = await upload(token.uptoken, await smallPng(), { filename: 'photo.jpg', type: 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ key: `${token.key.slice(0, 24)}/photo.png`, mime: 'image/png' });
  });

  it('refuses a PNG that is really a PDF, storing nothing', async () => {
    const token = await requestToken({ key: 'invoice.png', type: 'image/png' });
    const res = await upload(token.uptoken, minimalPdf(), { filename: 'invoice.png', type: 'image/png' });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('upload.type_rejected');
    expect(storedFilesOf(token.key.slice(0, 24))).toEqual([]);
    expect(await uploadExists(t.database.db, token.key.slice(0, 24))).toBe(false);
  });

  it('stores a PDF in the attachment bucket as a download, and will not resize it', async () => {
    const token = await requestToken({
      bucket: 'attachment',
      key: 'Programme 2030.pdf',
      type: 'application/pdf',
    });
    const res = await upload(token.uptoken, minimalPdf(), { filename: 'x.pdf', type: 'application/pdf' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ key: token.key, mime: 'application/pdf', width: 0, height: 0 });
    const served = await t.app.inject({ method: 'GET', url: body.url });
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename="Programme-2030\.pdf"/);
    expect(served.rawPayload.equals(minimalPdf())).toBe(true);
    const resized = await t.app.inject({ method: 'GET', url: `${body.url}?imageView2/2/w/80` });
    expect(resized.statusCode).toBe(415);
  });

  it('refuses a 30000×30000 pixel bomb without decoding it', async () => {
    const token = await requestToken({ key: 'bomb.png' });
    const started = performance.now();
    const res = await upload(token.uptoken, pixelBombPng(), { filename: 'bomb.png', type: 'image/png' });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('upload.too_large');
    expect(performance.now() - started).toBeLessThan(2000);
    expect(storedFilesOf(token.key.slice(0, 24))).toEqual([]);
  });

  it('refuses a file over the limit: announced, streamed, and over the token’s own limit', async () => {
    const max = t.app.deps.config.UPLOAD_MAX_BYTES;
    const token = await requestToken({ key: 'big.jpg' });
    const huge = await upload(token.uptoken, Buffer.alloc(max + 100 * 1024));
    expect([huge.statusCode, huge.json().code]).toEqual([413, 'upload.too_large']);
    const justOver = await upload(token.uptoken, Buffer.alloc(max + 1));
    expect([justOver.statusCode, justOver.json().code]).toEqual([413, 'upload.too_large']);

    const small = await grantFor({ maxBytes: 1000 });
    const smallToken = await signUploadToken(t.app.deps.config.AUTH_SECRET, small);
    const res = await upload(
      smallToken,
      await jpegWithExif().then((jpeg) => Buffer.concat([jpeg, Buffer.alloc(1000)])),
    );
    expect([res.statusCode, res.json().code]).toEqual([413, 'upload.too_large']);
    expect(storedFilesOf(small.id)).toEqual([]);
  });

  it('refuses forged, altered, expired and missing tokens, storing nothing', async () => {
    const jpeg = await jpegWithExif();
    const grant = await grantFor();
    const secret = t.app.deps.config.AUTH_SECRET;
    const genuine = await signUploadToken(secret, grant);
    const [header, payload, signature] = genuine.split('.');
    const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString());
    const altered = `${header}.${Buffer.from(JSON.stringify({ ...claims, bkt: 'avatar', max: 10 ** 9 })).toString('base64url')}.${signature}`;
    const otherKey = await signUploadToken('someone-elses-secret-0123456789', grant);
    const now = Math.floor(Date.now() / 1000);
    const expired = await signUploadToken(secret, { ...grant, expiresAt: now - 1 }, now - 601);
    for (const [name, token] of [
      ['altered payload', altered],
      ['wrong key', otherKey],
      ['expired', expired],
      ['garbage', 'abc.def.ghi'],
      ['empty', ''],
    ] as const) {
      const res = await upload(token, jpeg);
      expect([res.statusCode, res.json().code], name).toEqual([400, 'upload.token_invalid']);
    }
    const missing = await upload(null, jpeg);
    expect([missing.statusCode, missing.json().code]).toEqual([400, 'upload.token_invalid']);
    expect(storedFilesOf(grant.id)).toEqual([]);
    expect(await uploadExists(t.database.db, grant.id)).toBe(false);
    // The genuine token still works afterwards, and its file may come before it.
    const ok = await upload(genuine, jpeg, { fileFirst: true });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('accepts each token once, also when the uses race', async () => {
    const token = await requestToken({ key: 'once.jpg' });
    const jpeg = await jpegWithExif();
    expect((await upload(token.uptoken, jpeg)).statusCode).toBe(200);
    const reused = await upload(token.uptoken, await smallPng(), { filename: 'once.png', type: 'image/png' });
    expect([reused.statusCode, reused.json().code]).toEqual([400, 'upload.token_invalid']);
    expect(storedFilesOf(token.key.slice(0, 24))).toEqual([join('image', token.key)]);

    const raced = await requestToken({ key: 'race.jpg' });
    const answers = await Promise.all([
      upload(raced.uptoken, jpeg),
      upload(raced.uptoken, await smallPng(), { filename: 'race.png', type: 'image/png' }),
      upload(raced.uptoken, jpeg),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400, 400]);
    const winner = answers.find((res) => res.statusCode === 200)?.json();
    expect(storedFilesOf(raced.key.slice(0, 24))).toEqual([join('image', winner.key)]);
  });

  it.each([
    ['../../etc/passwd.png', 'passwd.png', 'passwd.png'],
    ['..\\..\\win.ini', 'win.ini', 'win.png'],
    [
      '%2e%2e%2f%2e%2e%2fetc%2fpasswd.png',
      '2e-2e-2f-2e-2e-2fetc-2fpasswd.png',
      '2e-2e-2f-2e-2e-2fetc-2fpasswd.png',
    ],
    ['／..／..／boot.png', 'boot.png', 'boot.png'],
  ])('keeps the file name %j inside the storage root (%j, stored as %j)', async (name, reserved, stored) => {
    const token = await requestToken({ key: name });
    const id = token.key.slice(0, 24);
    expect(token.key).toBe(`${id}/${reserved}`);
    const res = await upload(token.uptoken, await smallPng(), { filename: name, type: 'image/png' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().key).toBe(`${id}/${stored}`);
    expect(isUploadKey(res.json().key)).toBe(true);
    const path = resolve(uploadsRoot, 'image', res.json().key);
    expect(path.startsWith(uploadsRoot + sep)).toBe(true);
    expect(existsSync(path)).toBe(true);
    expect(filesUnder(dataDir).every((file) => file.startsWith(`uploads${sep}`))).toBe(true);
  });

  it('never serves a file outside the storage root', async () => {
    writeFileSync(join(dataDir, 'secret.txt'), 'TOP-SECRET');
    const token = await requestToken({ key: 'c.png' });
    const { key } = (
      await upload(token.uptoken, await smallPng(), { filename: 'c.png', type: 'image/png' })
    ).json();
    const id = key.slice(0, 24);
    // Dot segments in the path itself are resolved before routing: no files route is reached at all.
    for (const url of ['/api/files/image/../../secret.txt', '/api/files/image/%2e%2e/%2e%2e/secret.txt']) {
      const dotted = await t.app.inject({ method: 'GET', url });
      expect(dotted.statusCode, url).not.toBe(200);
      expect(dotted.body).not.toContain('TOP-SECRET');
    }
    for (const url of [
      '/api/files/image/..%2f..%2fsecret.txt',
      '/api/files/image/%2e%2e%2f%2e%2e%2fsecret.txt',
      `/api/files/image/${id}/..%2f..%2f..%2fsecret.txt`,
      `/api/files/image/${id}/..%5c..%5c..%5csecret.txt`,
      `/api/files/image/${id}/%00.png`,
      '/api/files/..%2f/secret.txt',
      `/api/files/_variants/image/${key}`,
      '/api/files/image/secret.txt',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.body).not.toContain('TOP-SECRET');
    }
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/files/image/0123456789abcdef01234567/none.png',
    });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'not_found']);
  });

  it('answers 415 to an upload that is not multipart', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ token: 'x' }),
    });
    expect(res.statusCode).toBe(415);
  });

  it('answers 400 to multipart bytes cut short or without their boundary (found by the fuzz run)', async () => {
    for (const payload of [
      '--fuzz\r\n',
      'abc',
      '--fuzz\r\nContent-Disposition: form-data; name="token"\r\n\r\nx',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/media/upload',
        headers: { 'content-type': 'multipart/form-data; boundary=fuzz' },
        payload,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', message: /multipart body is malformed/ });
    }
  });
});
