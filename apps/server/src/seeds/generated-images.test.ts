import { describe, expect, it } from 'vitest';
import { generatedImageKey, generatedImageSvg } from './generated-images.ts';

describe('generatedImageSvg', () => {
  it('draws the same picture for the same name, and different ones for different names', () => {
    const a = generatedImageSvg('avatar', 'obelix');
    expect(a).toMatch(/^<svg[^>]*width="256"/);
    expect(generatedImageSvg('avatar', 'obelix')).toBe(a);
    expect(generatedImageSvg('avatar', ' Obelix ')).toBe(a);
    expect(generatedImageSvg('avatar', 'jinxx')).not.toBe(a);
    const logo = generatedImageSvg('logo', 'Shenzhen Nova Robotics Co., Ltd.');
    expect(logo).not.toBe(generatedImageSvg('logo', 'Suzhou Nova Robotics Co., Ltd.'));
    expect(logo).not.toBe(generatedImageSvg('avatar', 'Shenzhen Nova Robotics Co., Ltd.'));
  });

  it('has a coloured background, not a grey placeholder', () => {
    const svg = generatedImageSvg('avatar', 'obelix');
    const fills = [...svg.matchAll(/fill="#([0-9a-f]{6})"/gi)].map((match) => match[1]?.toLowerCase());
    expect(fills.some((fill) => fill && !/^([0-9a-f]{2})\1\1$/.test(fill))).toBe(true);
  });
});

describe('generatedImageKey', () => {
  it('is a 24-hex upload id fixed by kind and name', () => {
    const key = generatedImageKey('logo', 'Acme');
    expect(key.key).toMatch(/^[0-9a-f]{24}\/logo\.png$/);
    expect(key.id).toBe(key.key.slice(0, 24));
    expect(generatedImageKey('logo', 'Acme')).toEqual(key);
    expect(generatedImageKey('avatar', 'Acme').id).not.toBe(key.id);
  });
});
