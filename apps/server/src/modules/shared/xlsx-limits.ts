import { createInflateRaw } from 'node:zlib';
import { ErrorCode } from '@app/contracts';
import { AppError } from '../../errors.ts';

/**
 * Zip-bomb guard for uploaded XLSX workbooks (§9 bad input is refused, nothing stored).
 *
 * exceljs reads a workbook with JSZip, which inflates each whole entry before it compares the real
 * length with the size the zip declares; the declared sizes therefore prove nothing. This guard walks
 * the zip exactly the way JSZip does (central directory found from the last end record, entries read
 * while the signature matches, data at the local header's offset after its own name and extra
 * lengths, `compressedSize` bytes taken from the central directory) and inflates every entry as a
 * stream, counting the bytes that actually come out and discarding them, and stops as soon as the
 * total passes the limit. What JSZip then inflates is the same data, so it stays within the limit.
 * Anything the walk cannot mirror with certainty (zip64 fields, data before the archive, encryption,
 * a method other than stored/deflate) is refused rather than guessed.
 */

/** Limits of one XLSX upload. */
export type XlsxLimits = {
  /** Most bytes all entries may inflate to together. */
  maxUnpackedBytes: number;
  /** Most entries (files) in the zip; a normal workbook has a few dozen. */
  maxEntries: number;
};

/** Defaults: 100 MiB inflated, 2,000 entries. */
export const xlsxDefaultLimits: XlsxLimits = { maxUnpackedBytes: 100 * 1024 * 1024, maxEntries: 2000 };

const unreadable = () => new AppError(400, ErrorCode.validation, 'The file is not an XLSX workbook');
const tooLarge = (limits: XlsxLimits) =>
  new AppError(
    413,
    ErrorCode.fileUnpacksTooLarge,
    `The file unpacks to more than ${limits.maxUnpackedBytes} bytes`,
  );
const tooManyEntries = (limits: XlsxLimits) =>
  new AppError(413, ErrorCode.fileUnpacksTooLarge, `The file holds more than ${limits.maxEntries} entries`);

const endRecord = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const zip64Locator = Buffer.from([0x50, 0x4b, 0x06, 0x07]);
const centralHeader = 0x02014b50;
const localHeader = 0x04034b50;

type Entry = { method: number; dataStart: number; compressedSize: number };

/** The entries as JSZip would read them. @throws 400 validation_failed; 413 file.unpacks_too_large (entries) */
function entriesOf(zip: Buffer, limits: XlsxLimits): Entry[] {
  const end = zip.lastIndexOf(endRecord);
  if (end < 0 || end + 22 > zip.length) throw unreadable();
  if (zip.lastIndexOf(zip64Locator) >= 0) throw unreadable();
  const centralSize = zip.readUInt32LE(end + 12);
  const centralOffset = zip.readUInt32LE(end + 16);
  // JSZip shifts every offset when the directory does not end right before the end record; refuse.
  if (centralOffset + centralSize !== end) throw unreadable();
  const entries: Entry[] = [];
  let at = centralOffset;
  while (at + 4 <= zip.length && zip.readUInt32LE(at) === centralHeader) {
    if (entries.length >= limits.maxEntries) throw tooManyEntries(limits);
    if (at + 46 > zip.length) throw unreadable();
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const uncompressedSize = zip.readUInt32LE(at + 24);
    const offset = zip.readUInt32LE(at + 42);
    if ((flags & 1) !== 0 || (method !== 0 && method !== 8)) throw unreadable();
    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff || offset === 0xffffffff) {
      throw unreadable();
    }
    if (offset + 30 > zip.length || zip.readUInt32LE(offset) !== localHeader) throw unreadable();
    const dataStart = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
    if (dataStart + compressedSize > zip.length) throw unreadable();
    entries.push({ method, dataStart, compressedSize });
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  if (entries.length === 0) throw unreadable();
  return entries;
}

/**
 * Inflates raw deflate data as a stream, discarding the output and counting it; stops (destroys
 * the inflater) once more than `budget` bytes came out.
 * @returns the bytes inflated, or null when the budget was passed
 */
function inflatedSize(data: Buffer, budget: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const inflater = createInflateRaw();
    let total = 0;
    let settled = false;
    const settle = (value: number | null, error?: Error) => {
      if (settled) return;
      settled = true;
      inflater.destroy();
      if (error) reject(error);
      else resolve(value);
    };
    inflater.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > budget) settle(null);
    });
    inflater.on('end', () => settle(total));
    inflater.on('error', (error) => settle(null, error));
    inflater.end(data);
  });
}

/**
 * Refuses an uploaded XLSX whose entries really inflate past `limits.maxUnpackedBytes` in total, or
 * that holds more than `limits.maxEntries` entries, before exceljs (JSZip) inflates it. Only counted
 * 16 KiB chunks are ever held, never the inflated entries.
 * @param zip the uploaded bytes (already within the route's upload size)
 * @throws 413 file.unpacks_too_large ('The file unpacks to more than N bytes' / 'holds more than N
 *   entries'); 400 validation_failed 'The file is not an XLSX workbook' (not a zip this guard can
 *   read: zip64, encrypted, data before the archive, a method other than stored/deflate, corrupt data)
 */
export async function assertXlsxWithinLimits(
  zip: Buffer,
  limits: XlsxLimits = xlsxDefaultLimits,
): Promise<void> {
  let remaining = limits.maxUnpackedBytes;
  for (const entry of entriesOf(zip, limits)) {
    if (entry.method === 0) {
      remaining -= entry.compressedSize;
    } else {
      const data = zip.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
      let size: number | null;
      try {
        size = await inflatedSize(data, remaining);
      } catch {
        throw unreadable();
      }
      if (size === null) throw tooLarge(limits);
      remaining -= size;
    }
    if (remaining < 0) throw tooLarge(limits);
  }
}
