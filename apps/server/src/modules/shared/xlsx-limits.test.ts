import { constants, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { assertXlsxWithinLimits, xlsxDefaultLimits } from './xlsx-limits.ts';

/**
 * A one-entry zip whose headers declare `declared` bytes while the deflate data inflates to
 * `megabytes` MiB of zeros. The data is one 1 MiB segment (full flush, no final block) repeated,
 * then an empty final block, so the test itself never holds the inflated size.
 */
function bomb(megabytes: number, declared = 30): Buffer {
  const segment = deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: constants.Z_FULL_FLUSH });
  const data = Buffer.concat([
    ...Array.from({ length: megabytes }, () => segment),
    Buffer.from([0x03, 0x00]),
  ]);
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42);
  const centralOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

describe('assertXlsxWithinLimits', () => {
  it('accepts a real workbook', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Guests').addRow(['name', 'phone']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    await expect(assertXlsxWithinLimits(bytes)).resolves.toBeUndefined();
  });

  it('refuses a zip that declares 30 bytes but inflates to 4 GiB, quickly and without holding it', async () => {
    const zip = bomb(4096);
    expect(zip.length).toBeLessThan(5 * 1024 * 1024);
    const before = process.memoryUsage();
    const started = performance.now();
    await expect(assertXlsxWithinLimits(zip)).rejects.toMatchObject({
      status: 413,
      code: 'file.unpacks_too_large',
    });
    // Inflating 4 GiB would take seconds and the memory; the guard stops at the 100 MiB limit.
    expect(performance.now() - started).toBeLessThan(3000);
    const after = process.memoryUsage();
    expect(after.rss - before.rss).toBeLessThan(xlsxDefaultLimits.maxUnpackedBytes);
  });

  it('counts real bytes against a small limit even when the declared size is small', async () => {
    await expect(
      assertXlsxWithinLimits(bomb(3), { maxUnpackedBytes: 2 * 1024 * 1024, maxEntries: 10 }),
    ).rejects.toMatchObject({ status: 413 });
    await expect(
      assertXlsxWithinLimits(bomb(1), { maxUnpackedBytes: 2 * 1024 * 1024, maxEntries: 10 }),
    ).resolves.toBeUndefined();
  });

  it('refuses too many entries and what is not a zip', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('A');
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    await expect(
      assertXlsxWithinLimits(bytes, { maxUnpackedBytes: 1e8, maxEntries: 2 }),
    ).rejects.toMatchObject({
      status: 413,
    });
    await expect(assertXlsxWithinLimits(Buffer.from('name,phone\n'))).rejects.toMatchObject({ status: 400 });
  });
});
