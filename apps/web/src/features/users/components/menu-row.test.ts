import { describe, expect, it } from 'vitest';
import { maskPhone } from './menu-row.tsx';

describe('maskPhone', () => {
  it('hides the middle digits of long numbers', () => {
    expect(maskPhone('86', '13800138000')).toBe('+86 138****8000');
    expect(maskPhone('1', '6502530')).toBe('+1 6502530');
    expect(maskPhone('86', '')).toBe('');
  });
});
