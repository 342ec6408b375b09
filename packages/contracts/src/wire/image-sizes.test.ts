import { describe, expect, it } from 'vitest';
import {
  imageEdges,
  isImageEdge,
  shareImageSize,
  shareImageUrl,
  sizedImageUrl,
  thumbCssSizes,
} from './image-sizes.ts';

describe('image sizes (§9)', () => {
  it('allows exactly the doubled thumb sizes and the share size, ascending', () => {
    const expected = [...new Set([...thumbCssSizes.map((size) => size * 2), shareImageSize])].sort(
      (a, b) => a - b,
    );
    expect([...imageEdges]).toEqual(expected);
    expect(isImageEdge(112)).toBe(true);
    expect(isImageEdge(100)).toBe(false);
    expect(isImageEdge(4096)).toBe(false);
  });

  it('builds resized URLs only from the allow-list, for stored files only', () => {
    const logo = '/api/files/image/0123456789abcdef01234567/logo.png';
    expect(sizedImageUrl(logo, 56)).toBe(`${logo}?imageView2/2/w/112/h/112`);
    expect(sizedImageUrl(logo, 64, 'cover')).toBe(`${logo}?imageView2/1/w/128/h/128`);
    expect(shareImageUrl(logo)).toBe(`${logo}?imageView2/1/w/120/h/120`);
    for (const size of thumbCssSizes) {
      const edges = /w\/(\d+)\/h\/(\d+)$/.exec(sizedImageUrl(logo, size));
      expect(isImageEdge(Number(edges?.[1])) && isImageEdge(Number(edges?.[2]))).toBe(true);
    }
    expect(sizedImageUrl('https://cdn.example.com/logo.png', 56)).toBe('https://cdn.example.com/logo.png');
    expect(sizedImageUrl(`${logo}?imageView2/2/w/80`, 56)).toBe(`${logo}?imageView2/2/w/80`);
  });
});
