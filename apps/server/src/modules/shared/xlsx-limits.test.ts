import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { zipBomb as bomb } from '../../../test/zip-bomb.ts';
import { assertXlsxWithinLimits, xlsxDefaultLimits } from './xlsx-limits.ts';

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
