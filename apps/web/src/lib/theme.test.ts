import { describe, expect, it } from 'vitest';
import { normaliseHex, readableOn, themeVariables } from './theme.ts';

describe('theme', () => {
  it('normalises hex colours', () => {
    expect(normaliseHex('#0E7C6B')).toBe('#0e7c6b');
    expect(normaliseHex('abc')).toBe('#aabbcc');
    expect(normaliseHex('red')).toBeUndefined();
  });

  it('picks readable text', () => {
    expect(readableOn('#0e7c6b')).toBe('#ffffff');
    expect(readableOn('#ffe066')).toBe('#111827');
  });

  it('maps theme_color and main_button_color to variables', () => {
    expect(themeVariables({ theme_color: '#0e7c6b', main_button_color: '#ffe066' })).toEqual({
      '--app-primary': '#0e7c6b',
      '--app-on-primary': '#ffffff',
      '--app-button': '#ffe066',
      '--app-on-button': '#111827',
    });
    expect(themeVariables({})['--app-button']).toBe(themeVariables({})['--app-primary']);
  });
});
