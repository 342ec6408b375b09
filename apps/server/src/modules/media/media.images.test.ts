import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { animatedGif, jpegWithExif, minimalPdf, pixelBombPng, smallPng } from './media.fixtures.ts';
import {
  detectFileType,
  isAcceptableClaim,
  parseImageSuffix,
  reencodeImage,
  renderVariant,
  variantName,
} from './media.images.ts';

describe('detectFileType', () => {
  it('goes by the bytes', async () => {
    expect(await detectFileType(await jpegWithExif(), ['image'])).toMatchObject({
      extension: 'jpg',
      kind: 'image',
    });
    expect(await detectFileType(await smallPng(), ['image'])).toMatchObject({ mime: 'image/png' });
    expect(await detectFileType(minimalPdf(), ['image', 'document'])).toMatchObject({ extension: 'pdf' });
  });

  it('refuses a PDF where only images go, text, and BMP', async () => {
    await expect(detectFileType(minimalPdf(), ['image'])).rejects.toMatchObject({
      status: 415,
      code: 'upload.type_rejected',
    });
    await expect(detectFileType(Buffer.from('<svg onload="alert(1)"/>'), ['image'])).rejects.toMatchObject({
      status: 415,
    });
    const bmp = Buffer.alloc(64);
    bmp.write('BM', 0, 'ascii');
    await expect(detectFileType(bmp, ['image'])).rejects.toMatchObject({ status: 415 });
  });

  it('accepts plausible claims only', () => {
    expect(isAcceptableClaim('image/jpeg', ['image'])).toBe(true);
    expect(isAcceptableClaim('IMAGE/PNG; charset=binary', ['image'])).toBe(true);
    expect(isAcceptableClaim('application/octet-stream', ['image'])).toBe(true);
    expect(isAcceptableClaim('application/pdf', ['image'])).toBe(false);
    expect(isAcceptableClaim('application/pdf', ['image', 'document'])).toBe(true);
    expect(isAcceptableClaim('text/html', ['image', 'document'])).toBe(false);
  });
});

describe('reencodeImage', () => {
  it('applies the EXIF orientation and drops all metadata', async () => {
    const result = await reencodeImage(await jpegWithExif(), 'jpeg');
    expect([result.width, result.height]).toEqual([48, 64]);
    const metadata = await sharp(result.bytes).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 48, height: 64 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(result.bytes.includes('SECRET-EXIF-MARKER')).toBe(false);
  });

  it('refuses a 30000×30000 pixel bomb from its header without decoding it', async () => {
    const bomb = pixelBombPng();
    expect(bomb.length).toBeLessThan(200_000);
    const started = performance.now();
    await expect(reencodeImage(bomb, 'png')).rejects.toMatchObject({ status: 413, code: 'upload.too_large' });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('keeps an animated GIF animated', async () => {
    const result = await reencodeImage(await animatedGif(), 'gif');
    expect([result.width, result.height]).toEqual([20, 10]);
    expect(await sharp(result.bytes).metadata()).toMatchObject({ format: 'gif', pages: 2 });
  });

  it('refuses bytes the decoder reads as another format or not at all', async () => {
    await expect(reencodeImage(await smallPng(), 'jpeg')).rejects.toMatchObject({ status: 415 });
    const truncated = (await jpegWithExif()).subarray(0, 40);
    await expect(reencodeImage(truncated, 'jpeg')).rejects.toMatchObject({ status: 415 });
  });
});

describe('parseImageSuffix', () => {
  it('reads imageView2 and imageMogr2 suffixes, jpg by default', () => {
    expect(parseImageSuffix('')).toBeNull();
    expect(parseImageSuffix('t=123')).toBeNull();
    expect(parseImageSuffix('imageView2/1/w/200/h/100')).toEqual({
      fit: 'cover',
      width: 200,
      height: 100,
      format: 'jpg',
      quality: 85,
    });
    expect(parseImageSuffix('t=1&imageView2/2/w/300/format/webp/q/70')).toEqual({
      fit: 'inside',
      width: 300,
      height: undefined,
      format: 'webp',
      quality: 70,
    });
    expect(parseImageSuffix('imageView2%2F1%2Fw%2F50')).toMatchObject({
      fit: 'cover',
      width: 50,
      height: 50,
    });
    expect(parseImageSuffix('imageView2/2/w/10/format/png/q/30')).toMatchObject({
      format: 'png',
      quality: 0,
    });
    expect(parseImageSuffix('imageMogr2/auto-orient/thumbnail/120x/strip/quality/60')).toEqual({
      fit: 'inside',
      width: 120,
      height: undefined,
      format: 'jpg',
      quality: 60,
    });
    expect(parseImageSuffix('imageMogr2/thumbnail/120x80!')).toMatchObject({
      fit: 'fill',
      width: 120,
      height: 80,
    });
    expect(parseImageSuffix('imageMogr2/thumbnail/120x80%5E')).toMatchObject({ fit: 'outside' });
  });

  it.each([
    'imageView2/1/w/0',
    'imageView2/1/w/4097',
    'imageView2/2/h/-5',
    'imageView2/2/w/abc',
    'imageView2/2/w/100000',
    'imageView2/9/w/10',
    'imageView2/4/w/10',
    'imageView2/2/w/10/format/gif',
    'imageView2/2/w/10/q/101',
    'imageView2/2/w/10/evil/1',
    'imageMogr2/thumbnail/5000x',
    'imageMogr2/thumbnail/x',
    'imageMogr2/crop/10x10',
    'imageView2/1/w/10|imageMogr2/thumbnail/5x',
  ])('400 for %s', (suffix) => {
    expect(() => parseImageSuffix(suffix)).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('answers 415 for video frames', () => {
    expect(() => parseImageSuffix('vframe/jpg/offset/5')).toThrow(
      expect.objectContaining({ status: 415, code: 'upload.type_rejected' }),
    );
  });

  it('names equal requests alike', () => {
    expect(variantName(parseImageSuffix('imageView2/1/w/50')!)).toBe(
      variantName(parseImageSuffix('imageView2/1/w/50/h/50/format/jpeg/q/85')!),
    );
  });
});

describe('renderVariant', () => {
  const source = () =>
    sharp({ create: { width: 400, height: 200, channels: 3, background: '#888' } })
      .png()
      .toBuffer();

  it.each([
    ['imageView2/1/w/100/h/100', 100, 100, 'jpeg'],
    ['imageView2/2/w/100/h/100', 100, 50, 'jpeg'],
    ['imageView2/2/w/1000/format/webp', 400, 200, 'webp'],
    ['imageView2/0/w/100/h/80', 100, 50, 'jpeg'],
    ['imageView2/3/w/100/h/100/format/png', 200, 100, 'png'],
    ['imageMogr2/thumbnail/50x50!', 50, 50, 'jpeg'],
    ['imageMogr2/thumbnail/x20', 40, 20, 'jpeg'],
  ])('%s → %i×%i %s', async (suffix, width, height, format) => {
    const variant = await renderVariant(await source(), parseImageSuffix(suffix)!);
    expect(await sharp(variant.bytes).metadata()).toMatchObject({ width, height, format });
  });

  it('flattens transparency on white for JPEG', async () => {
    const variant = await renderVariant(await smallPng(), parseImageSuffix('imageView2/2/w/10')!);
    const { channels } = await sharp(variant.bytes).metadata();
    expect(channels).toBe(3);
  });
});
