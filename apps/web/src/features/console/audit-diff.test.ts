import { describe, expect, it } from 'vitest';
import { changedKeys, readableValue } from './audit-diff.ts';

describe('changedKeys', () => {
  it('lists the keys whose values differ', () => {
    expect(changedKeys({ role: 'editor', phone: '+86' }, { role: 'owner', phone: '+86' })).toEqual(['role']);
  });
  it('lists every key of a created or deleted row', () => {
    expect(changedKeys(null, { role: 'editor', email: 'a@b.c' })).toEqual(['role', 'email']);
    expect(changedKeys({ role: 'editor' }, null)).toEqual(['role']);
    expect(changedKeys(null, { role: 'editor', phone: null })).toEqual(['role']);
  });
  it('compares nested values as JSON', () => {
    expect(changedKeys({ title: { en: 'A' } }, { title: { en: 'A' } })).toEqual([]);
    expect(changedKeys({ title: { en: 'A' } }, { title: { en: 'B' } })).toEqual(['title']);
  });
});

describe('readableValue', () => {
  it('shows text as is and the rest as JSON', () => {
    expect(readableValue('x')).toBe('x');
    expect(readableValue(null)).toBe('');
    expect(readableValue({ a: 1 })).toBe('{"a":1}');
    expect(readableValue('y'.repeat(200))).toHaveLength(120);
  });
});
