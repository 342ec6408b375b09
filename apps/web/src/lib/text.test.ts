import { describe, expect, it } from 'vitest';
import { initials, paragraphs } from './text.ts';

describe('text helpers', () => {
  it('splits plain text into paragraphs at blank lines', () => {
    expect(paragraphs('One\r\n\r\nTwo\nstill two\n\n\n')).toEqual(['One', 'Two\nstill two']);
    expect(paragraphs('')).toEqual([]);
  });

  it('takes initials from words that start with a letter', () => {
    expect(initials('Andreea Belu (EDRi)')).toBe('AB');
    expect(initials('obelix')).toBe('O');
    expect(initials('张 三')).toBe('张三');
    expect(initials('  ')).toBe('?');
  });
});
