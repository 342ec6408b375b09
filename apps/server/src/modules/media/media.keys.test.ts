import { describe, expect, it } from 'vitest';
import { isUploadKey, maxFileNameLength, sanitiseFileName, withExtension } from './media.keys.ts';

describe('sanitiseFileName', () => {
  it.each([
    ['../../etc/passwd.png', 'passwd.png'],
    ['..\\..\\win.ini', 'win.ini'],
    ['%2e%2e%2fetc%2fpasswd.png', '2e-2e-2fetc-2fpasswd.png'],
    ['ＡＢＣ／．．／x.png', 'x.png'],
    ['a\u0000b\u0007c\u0085.png', 'abc.png'],
    ['照片 2024 (1).jpeg', '照片-2024-1.jpeg'],
    ['a..b...c.png', 'a.b.c.png'],
    ['.hidden', 'hidden'],
    ['...', 'file'],
    ['', 'file'],
    ['-_-', 'file'],
    ['CON.txt', 'CON-file.txt'],
    ['file\u202egnp.exe', 'file-gnp.exe'],
    ['photo.JPG', 'photo.JPG'],
  ])('%j → %j', (input, expected) => {
    expect(sanitiseFileName(input)).toBe(expected);
  });

  it('keeps at most 80 characters, extension included, counting code points', () => {
    const name = sanitiseFileName(`${'😀'.repeat(10)}${'字'.repeat(200)}.png`);
    expect(Array.from(name)).toHaveLength(maxFileNameLength);
    expect(name.endsWith('.png')).toBe(true);
    expect(name).not.toContain('\ufffd');
  });

  it('is idempotent and never yields a traversal, a separator or an empty name (random names)', () => {
    const alphabet = [
      '.',
      '.',
      '/',
      '\\',
      '-',
      '_',
      ' ',
      '\u0000',
      '\u0301',
      'a',
      'Z',
      '9',
      '字',
      '😀',
      '％',
      '／',
      '．',
      '%',
    ];
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 2000; i++) {
      const length = Math.floor(random() * 30);
      const input = Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      const name = sanitiseFileName(input);
      expect(sanitiseFileName(name), JSON.stringify(input)).toBe(name);
      expect(name).not.toMatch(/[/\\]|\.\.|^\./);
      expect(name.includes('\u0000')).toBe(false);
      expect(name.length).toBeGreaterThan(0);
      expect(isUploadKey(`0123456789abcdef01234567/${name}`)).toBe(true);
    }
  });
});

describe('withExtension', () => {
  it('replaces the extension with the stored format', () => {
    expect(withExtension('photo.png', 'jpg')).toBe('photo.jpg');
    expect(withExtension('photo', 'jpg')).toBe('photo.jpg');
    expect(withExtension(`${'x'.repeat(80)}`, 'webp')).toBe(`${'x'.repeat(75)}.webp`);
  });
});

describe('isUploadKey', () => {
  it('accepts generated keys only', () => {
    expect(isUploadKey('0123456789abcdef01234567/a.png')).toBe(true);
    for (const key of [
      '0123456789abcdef01234567/../a.png',
      '0123456789abcdef01234567/..',
      '../0123456789abcdef01234567/a.png',
      '0123456789abcdef01234567/a/b.png',
      '0123456789abcdef01234567/.png',
      '0123456789ABCDEF01234567/a.png',
      '0123456789abcdef01234567/a b.png',
      '0123456789abcdef01234567/a\u0000.png',
      '0123456789abcdef01234567/',
    ]) {
      expect(isUploadKey(key), key).toBe(false);
    }
  });
});
