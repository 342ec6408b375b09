import { describe, expect, it } from 'vitest';
import { fromWireId, invalidObjectIdMessage, isInvalidObjectIdMessage, isObjectId, toWireId } from './ids.ts';

const id = '64656d6f0000000000002019';

describe('id (de)serialisation', () => {
  it('wraps and unwraps { $id }', () => {
    expect(toWireId(id)).toEqual({ $id: id });
    expect(fromWireId({ $id: id })).toBe(id);
    expect(fromWireId({ _id: { $id: id } })).toBe(id);
    expect(fromWireId(id)).toBe(id);
    expect(fromWireId(42)).toBeUndefined();
    expect(fromWireId({ id })).toBeUndefined();
  });
  it('accepts only 24 lowercase hex characters', () => {
    expect(isObjectId(id)).toBe(true);
    expect(isObjectId(id.toUpperCase())).toBe(false);
    expect(isObjectId(`${id}0`)).toBe(false);
    expect(isObjectId('zzzzzzzzzzzzzzzzzzzzzzzz')).toBe(false);
  });
  it('names the bad value in the invalid-ObjectId message the client recognises', () => {
    const message = invalidObjectIdMessage('abc');
    expect(message).toContain('"abc"');
    expect(isInvalidObjectIdMessage(message)).toBe(true);
    expect(isInvalidObjectIdMessage('Meeting not found')).toBe(false);
  });
});
