import { describe, expect, it } from 'vitest';
import { anchorOffset, anchorScrollTop } from './anchor.ts';

describe('anchor scrolling', () => {
  it('keeps 56 px clear on phones and 64 px from the desktop width (1200) up', () => {
    expect(anchorOffset(390)).toBe(56);
    expect(anchorOffset(1199)).toBe(56);
    expect(anchorOffset(1200)).toBe(64);
    expect(anchorOffset(1440)).toBe(64);
  });

  it('computes the document scroll position of an element', () => {
    expect(anchorScrollTop(500, 0, 390)).toBe(444);
    expect(anchorScrollTop(500, 1000, 1280)).toBe(1436);
    expect(anchorScrollTop(10, 0, 390)).toBe(0);
  });
});
