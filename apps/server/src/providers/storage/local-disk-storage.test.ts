import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './local-disk-storage.ts';
import { readAll } from './storage.ts';

const parent = mkdtempSync(join(tmpdir(), 'storage-test-'));
const root = join(parent, 'uploads');
const storage = new LocalDiskStorage(root);
afterAll(() => rmSync(parent, { recursive: true, force: true }));

describe('LocalDiskStorage', () => {
  it('writes, reads with type, size and etag, replaces and deletes', async () => {
    await storage.put('image/abc/photo.jpg', Buffer.from('first'), 'image/jpeg');
    const first = await storage.get('image/abc/photo.jpg');
    expect(first).toMatchObject({ mime: 'image/jpeg', size: 5 });
    expect(first?.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect((await readAll(first!.body)).toString()).toBe('first');

    await storage.put('image/abc/photo.jpg', Buffer.from('second!'), 'image/jpeg');
    const second = await storage.get('image/abc/photo.jpg');
    expect((await readAll(second!.body)).toString()).toBe('second!');
    expect(second?.etag).not.toBe(first?.etag);
    expect(readdirSync(join(root, 'image/abc'))).toEqual(['photo.jpg']); // no temporary files left

    await storage.delete('image/abc/photo.jpg');
    expect(await storage.get('image/abc/photo.jpg')).toBeNull();
    await storage.delete('image/abc/photo.jpg');
  });

  it('answers null for missing keys and folders', async () => {
    expect(await storage.get('image/nothing.png')).toBeNull();
    await storage.put('image/dir/file.bin', Buffer.from('x'), 'application/octet-stream');
    expect(await storage.get('image/dir')).toBeNull();
    const object = await storage.get('image/dir/file.bin');
    expect(object?.mime).toBe('application/octet-stream');
    object?.body.destroy();
  });

  it.each([
    '../outside.png',
    'image/../../outside.png',
    '/etc/passwd',
    'image\\..\\..\\win.ini',
    'image/./x.png',
    'image//x.png',
    'image/x\u0000.png',
    '',
  ])('refuses the key %j on every operation', async (key) => {
    writeFileSync(join(parent, 'outside.png'), 'secret');
    await expect(storage.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(/Invalid storage key/);
    await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
    await expect(storage.delete(key)).rejects.toThrow(/Invalid storage key/);
    expect(readFileSync(join(parent, 'outside.png'), 'utf8')).toBe('secret');
  });
});
