import { callingCodes as fromMetadata } from '@app/domain/contact';
import { describe, expect, it } from 'vitest';
import { callingCodes } from './calling-codes.ts';

describe('callingCodes', () => {
  it('is the phone metadata’s list of regions and calling codes, in its order', () => {
    expect(callingCodes()).toEqual(fromMetadata());
  });

  it('puts China at +86 and the US before Canada at +1', () => {
    expect(callingCodes().find((entry) => entry.region === 'CN')?.code).toBe(86);
    const one = callingCodes().filter((entry) => entry.code === 1);
    expect(one[0]?.region).toBe('US');
    expect(one.map((entry) => entry.region)).toContain('CA');
  });
});
