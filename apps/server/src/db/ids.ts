import { ObjectId } from 'bson';

/** A new 24-hex id (ObjectId layout: time, random, counter), the id of every row. */
export function newId(): string {
  return new ObjectId().toHexString();
}
