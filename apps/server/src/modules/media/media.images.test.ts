import { imageEdges } from '@app/contracts/wire/image-sizes.ts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { animatedGif, bmpFile, jpegWithExif, minimalPdf, pixelBombPng, smallPng } from './media.fixtures.ts';
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

  it('refuses a PDF where only images go, text, and TIFF', async () => {
    await expect(detectFileType(minimalPdf(), ['image'])).rejects.toMatchObject({
      status: 415,
      code: 'upload.type_rejected',
    });
    await expect(detectFileType(Buffer.from('<svg onload="alert(1)"/>'), ['image'])).rejects.toMatchObject({
      status: 415,
    });
    const tiff = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer();
    await expect(detectFileType(tiff, ['image'])).rejects.toMatchObject({ status: 415 });
  });

  it('takes a BMP as an image kept as PNG (§9 image types)', async () => {
    const bmp = bmpFile({ width: 2, height: 2, bitsPerPixel: 24, pixel: () => [1, 2, 3, 255] });
    expect(await detectFileType(bmp, ['image'])).toMatchObject({
      kind: 'image',
      extension: 'png',
      mime: 'image/png',
      imageFormat: 'bmp',
    });
    expect(isAcceptableClaim('image/bmp', ['image'])).toBe(true);
    expect(isAcceptableClaim('image/x-ms-bmp', ['image'])).toBe(true);
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

/** Every pixel of an image as `[r, g, b, a]`, rows top to bottom. */
async function pixelsOf(png: Buffer): Promise<number[][]> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixels: number[][] = [];
  for (let at = 0; at < data.length; at += info.channels) pixels.push([...data.subarray(at, at + 4)]);
  return pixels;
}

describe('reencodeImage of a BMP', () => {
  // A different colour per pixel, so a flipped row, a swapped channel or a padding slip shows.
  const colour = (x: number, y: number): [number, number, number, number] => [
    10 + x * 40,
    20 + y * 60,
    200 - x * 30 - y * 20,
    255 - (x + y) * 50,
  ];

  it('decodes a 24-bit BMP (bottom-up rows padded to 4 bytes) into an opaque PNG', async () => {
    const bmp = bmpFile({ width: 3, height: 2, bitsPerPixel: 24, pixel: colour });
    const result = await reencodeImage(bmp, 'bmp');
    expect([result.width, result.height]).toEqual([3, 2]);
    expect(await sharp(result.bytes).metadata()).toMatchObject({ format: 'png', channels: 3 });
    expect(await pixelsOf(result.bytes)).toEqual(
      [0, 1].flatMap((y) => [0, 1, 2].map((x) => [...colour(x, y).slice(0, 3), 255])),
    );
  });

  it('keeps the alpha of a 32-bit BMP with an alpha mask, top-down rows', async () => {
    const bmp = bmpFile({ width: 3, height: 2, bitsPerPixel: 32, pixel: colour, isTopDown: true });
    const result = await reencodeImage(bmp, 'bmp');
    expect(await sharp(result.bytes).metadata()).toMatchObject({ format: 'png', channels: 4 });
    expect(await pixelsOf(result.bytes)).toEqual([0, 1].flatMap((y) => [0, 1, 2].map((x) => colour(x, y))));
  });

  it('takes a 32-bit BMP whose alpha is 0 everywhere as opaque', async () => {
    const bmp = bmpFile({
      width: 2,
      height: 2,
      bitsPerPixel: 32,
      pixel: (x, y) => [x * 100, y * 100, 50, 0],
    });
    const result = await reencodeImage(bmp, 'bmp');
    expect(await sharp(result.bytes).metadata()).toMatchObject({ channels: 3 });
    expect((await pixelsOf(result.bytes))[3]).toEqual([100, 100, 50, 255]);
  });

  it('decodes an 8-bit paletted BMP', async () => {
    const palette: [number, number, number][] = [
      [255, 0, 0],
      [0, 128, 0],
      [0, 0, 255],
    ];
    const bmp = bmpFile({ width: 3, height: 1, bitsPerPixel: 8, palette, pixel: (x) => [2 - x, 0, 0, 0] });
    const result = await reencodeImage(bmp, 'bmp');
    expect(await pixelsOf(result.bytes)).toEqual([
      [0, 0, 255, 255],
      [0, 128, 0, 255],
      [255, 0, 0, 255],
    ]);
  });

  it('refuses a truncated or malformed BMP with 415, and one over the pixel limit with 413', async () => {
    const bmp = bmpFile({ width: 40, height: 30, bitsPerPixel: 24, pixel: () => [1, 2, 3, 255] });
    for (const broken of [bmp.subarray(0, bmp.length - 10), bmp.subarray(0, 30)]) {
      await expect(reencodeImage(broken, 'bmp')).rejects.toMatchObject({
        status: 415,
        code: 'upload.type_rejected',
      });
    }
    const zeroWide = Buffer.from(bmp);
    zeroWide.writeInt32LE(0, 18);
    await expect(reencodeImage(zeroWide, 'bmp')).rejects.toMatchObject({ status: 415 });
    // The header claims 10000×10000 with a few bytes of pixels: refused before anything is allocated.
    const huge = Buffer.from(bmp);
    huge.writeInt32LE(10_000, 18);
    huge.writeInt32LE(-10_000, 22);
    const started = performance.now();
    await expect(reencodeImage(huge, 'bmp')).rejects.toMatchObject({ status: 413, code: 'upload.too_large' });
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('parseImageSuffix', () => {
  it('reads imageView2 and imageMogr2 suffixes, jpg by default', () => {
    expect(parseImageSuffix('')).toBeNull();
    expect(parseImageSuffix('t=123')).toBeNull();
    expect(parseImageSuffix('imageView2/1/w/192/h/96')).toEqual({
      fit: 'cover',
      width: 192,
      height: 96,
      format: 'jpg',
      quality: 85,
    });
    expect(parseImageSuffix('t=1&imageView2/2/w/128/format/webp/q/70')).toEqual({
      fit: 'inside',
      width: 128,
      height: undefined,
      format: 'webp',
      quality: 70,
    });
    expect(parseImageSuffix('imageView2%2F1%2Fw%2F80')).toMatchObject({
      fit: 'cover',
      width: 80,
      height: 80,
    });
    expect(parseImageSuffix('imageView2/2/w/88/format/png/q/30')).toMatchObject({
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

  it('accepts every size of the shared allow-list and refuses its neighbours, naming the parameter', () => {
    for (const edge of imageEdges) {
      expect(parseImageSuffix(`imageView2/1/w/${edge}/h/${edge}`)).toMatchObject({
        width: edge,
        height: edge,
      });
      expect(parseImageSuffix(`imageMogr2/thumbnail/${edge}x`)).toMatchObject({ width: edge });
      for (const neighbour of [edge - 1, edge + 1]) {
        expect(() => parseImageSuffix(`imageView2/2/w/${neighbour}`)).toThrow(
          expect.objectContaining({ status: 400 }),
        );
      }
    }
    expect(() => parseImageSuffix('imageView2/1/w/96/h/100')).toThrow(
      expect.objectContaining({
        status: 400,
        code: 'validation_failed',
        message: 'h must be one of 80, 88, 96, 112, 120, 128, 160, 192 (the §9 image sizes), not 100',
      }),
    );
    expect(() => parseImageSuffix('imageMogr2/thumbnail/4096x')).toThrow(
      expect.objectContaining({ message: expect.stringMatching(/^thumbnail width must be one of/) }),
    );
  });

  it.each([
    'imageView2/1/w/100',
    'imageView2/2/h/4096',
    'imageView2/1/w/50/h/50',
    'imageMogr2/thumbnail/150x',
    'imageView2/1/w/0',
    'imageView2/1/w/4097',
    'imageView2/2/h/-5',
    'imageView2/2/w/abc',
    'imageView2/2/w/100000',
    'imageView2/9/w/80',
    'imageView2/4/w/80',
    'imageView2/2/w/80/format/gif',
    'imageView2/2/w/80/q/101',
    'imageView2/2/w/80/evil/1',
    'imageMogr2/thumbnail/5000x',
    'imageMogr2/thumbnail/x',
    'imageMogr2/crop/10x10',
    'imageView2/1/w/80|imageMogr2/thumbnail/80x',
  ])('400 for %s', (suffix) => {
    expect(() => parseImageSuffix(suffix)).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('reads the §9 video-frame suffix: jpg at 5 s by default, an offset and a size', () => {
    expect(parseImageSuffix('vframe/jpg')).toMatchObject({ format: 'jpg', frameAtSeconds: 5 });
    expect(parseImageSuffix('vframe/jpg/offset/1.5/w/192/h/112')).toMatchObject({
      format: 'jpg',
      frameAtSeconds: 1.5,
      width: 192,
      height: 112,
      fit: 'inside',
    });
    for (const bad of [
      'vframe/gif',
      'vframe/jpg/offset/-1',
      'vframe/jpg/offset/99999',
      'vframe/jpg/w/100',
      'vframe/jpg/rotate/90',
    ]) {
      expect(() => parseImageSuffix(bad), bad).toThrow(expect.objectContaining({ status: 400 }));
    }
    expect(variantName(parseImageSuffix('vframe/jpg/offset/5')!)).not.toBe(
      variantName(parseImageSuffix('vframe/jpg/offset/6')!),
    );
  });

  it('names equal requests alike', () => {
    expect(variantName(parseImageSuffix('imageView2/1/w/80')!)).toBe(
      variantName(parseImageSuffix('imageView2/1/w/80/h/80/format/jpeg/q/85')!),
    );
  });
});

describe('renderVariant', () => {
  const source = () =>
    sharp({ create: { width: 400, height: 200, channels: 3, background: '#888' } })
      .png()
      .toBuffer();

  it.each([
    ['imageView2/1/w/96/h/96', 96, 96, 'jpeg'],
    ['imageView2/2/w/96/h/96', 96, 48, 'jpeg'],
    ['imageView2/2/w/192/format/webp', 192, 96, 'webp'],
    ['imageView2/0/w/96/h/80', 96, 48, 'jpeg'],
    ['imageView2/3/w/96/h/96/format/png', 192, 96, 'png'],
    ['imageMogr2/thumbnail/80x80!', 80, 80, 'jpeg'],
    ['imageMogr2/thumbnail/x80', 160, 80, 'jpeg'],
  ])('%s → %i×%i %s', async (suffix, width, height, format) => {
    const variant = await renderVariant(await source(), parseImageSuffix(suffix)!);
    expect(await sharp(variant.bytes).metadata()).toMatchObject({ width, height, format });
  });

  it('flattens transparency on white for JPEG, and never enlarges in mode 2', async () => {
    const variant = await renderVariant(await smallPng(), parseImageSuffix('imageView2/2/w/80')!);
    expect(await sharp(variant.bytes).metadata()).toMatchObject({ channels: 3, width: 40, height: 30 });
  });
});
