/**
 * Identifier helpers with no dependency (the web bundle imports this file; zod stays out of it).
 */

/** A 24-hex-character identifier (MongoDB ObjectId shape), the id format of every entity (§3). */
export const objectIdPattern = /^[0-9a-f]{24}$/;

/** Wire form of an identifier: `{ $id: "<24 hex>" }` (§3, DESIGN §3). */
export type WireIdShape = { $id: string };

/** True when `value` is a 24-hex id string. */
export function isObjectId(value: unknown): value is string {
  return typeof value === 'string' && objectIdPattern.test(value);
}

/** Wraps a plain id into its wire form `{ $id }`. */
export function toWireId(id: string): WireIdShape {
  return { $id: id };
}

/**
 * Reads an id from any accepted wire form: a bare string, `{ $id }`, or `{ _id: { $id } }`.
 * Returns undefined when the value has none of these shapes (validity is checked separately).
 */
export function fromWireId(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.$id === 'string') return record.$id;
    if (record._id !== undefined) return fromWireId(record._id);
  }
  return undefined;
}

/** The message of the invalid-ObjectId error; the client recognises it and opens /404 (§8). */
export function invalidObjectIdMessage(value: string): string {
  return `Invalid ObjectId: "${value}" is not a 24-character hex string`;
}

/** True when an error message is the invalid-ObjectId parse error (§8: the client then opens /404). */
export function isInvalidObjectIdMessage(message: string | undefined): boolean {
  return typeof message === 'string' && message.startsWith('Invalid ObjectId');
}
