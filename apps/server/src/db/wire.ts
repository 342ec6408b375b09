import { toWireId, type WireId } from '@app/contracts';
import { toUnixSeconds } from '@app/domain';

/** Wire id of a row id, or null. */
export function wireIdOrNull(id: string | null | undefined): WireId | null {
  return id ? toWireId(id) : null;
}

/** Unix seconds of a timestamp column. */
export function unix(date: Date): number {
  return toUnixSeconds(date);
}

/** Narrows a smallint 0/1 column to the wire flag. */
export function flag(value: number): 0 | 1 {
  return value === 1 ? 1 : 0;
}
