import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Test files for the media tests (not used by the app). */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A tiny, valid-looking PNG whose header claims width×height pixels (8-bit greyscale) with almost no
 * image data: decoding it would need width×height bytes of memory — a "pixel bomb".
 */
export function pixelBombPng(width = 30000, height = 30000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A 64×48 JPEG carrying EXIF (orientation 6 = rotate 90° clockwise to display, a copyright marker
 * and a camera make): displayed 48×64.
 */
export async function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Copyright: 'SECRET-EXIF-MARKER', Make: 'SpyCam' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A small PNG with transparency. */
export async function smallPng(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

/** A two-frame animated GIF of 20×10 pixels per frame. */
export async function animatedGif(): Promise<Buffer> {
  const frame = (colour: string) =>
    sharp({ create: { width: 20, height: 10, channels: 3, background: colour } })
      .raw()
      .toBuffer();
  const frames = Buffer.concat([await frame('#ff0000'), await frame('#00ff00')]);
  return sharp(frames, { raw: { width: 20, height: 20, channels: 3, pageHeight: 10 } })
    .gif({ loop: 0 })
    .toBuffer();
}

/** A minimal PDF (magic bytes `%PDF-`). */
export function minimalPdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
}

/** The colour of pixel (x, y) of a test BMP, `[r, g, b, a]`, 0..255 each. */
export type BmpPixel = (x: number, y: number) => [number, number, number, number];

/**
 * A BMP written by hand (so the decoder is not checked against itself), rows bottom-up unless
 * `isTopDown` (negative height): 24-bit BI_RGB (rows padded to 4 bytes), 32-bit BI_BITFIELDS with an
 * alpha mask (a BITMAPV4HEADER, as image editors write transparent BMPs), or 8-bit paletted with the
 * given palette (the pixel function then returns an index in `r`).
 */
export function bmpFile(options: {
  width: number;
  height: number;
  bitsPerPixel: 8 | 24 | 32;
  pixel: BmpPixel;
  palette?: [number, number, number][];
  isTopDown?: boolean;
}): Buffer {
  const { width, height, bitsPerPixel, pixel } = options;
  const infoSize = bitsPerPixel === 32 ? 108 : 40;
  const palette = bitsPerPixel === 8 ? (options.palette ?? []) : [];
  const stride = Math.ceil((width * bitsPerPixel) / 32) * 4;
  const dataOffset = 14 + infoSize + palette.length * 4;
  const file = Buffer.alloc(dataOffset + stride * height);
  file.write('BM', 0, 'ascii');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(dataOffset, 10);
  file.writeUInt32LE(infoSize, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(options.isTopDown ? -height : height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(bitsPerPixel, 28);
  file.writeUInt32LE(bitsPerPixel === 32 ? 3 : 0, 30); // BI_BITFIELDS : BI_RGB
  file.writeUInt32LE(stride * height, 34);
  file.writeUInt32LE(palette.length, 46);
  if (bitsPerPixel === 32) {
    file.writeUInt32LE(0x00ff0000, 54); // red
    file.writeUInt32LE(0x0000ff00, 58); // green
    file.writeUInt32LE(0x000000ff, 62); // blue
    file.writeUInt32LE(0xff000000, 66); // alpha
    file.write('BGRs', 70, 'ascii'); // LCS_WINDOWS_COLOR_SPACE, stored little-endian
  }
  palette.forEach(([r, g, b], i) => {
    file.writeUInt8(b, 14 + infoSize + i * 4);
    file.writeUInt8(g, 14 + infoSize + i * 4 + 1);
    file.writeUInt8(r, 14 + infoSize + i * 4 + 2);
  });
  for (let y = 0; y < height; y++) {
    const row = dataOffset + stride * (options.isTopDown ? y : height - 1 - y);
    for (let x = 0; x < width; x++) {
      const [r, g, b, a] = pixel(x, y);
      if (bitsPerPixel === 8) file.writeUInt8(r, row + x);
      else {
        const at = row + (x * bitsPerPixel) / 8;
        file.writeUInt8(b, at);
        file.writeUInt8(g, at + 1);
        file.writeUInt8(r, at + 2);
        if (bitsPerPixel === 32) file.writeUInt8(a, at + 3);
      }
    }
  }
  return file;
}
