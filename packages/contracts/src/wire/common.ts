import { z } from 'zod';
import { ListParams } from './list-query.ts';
import { ObjectIdString, WireId } from './object-id.ts';

/** A plain string or a language map `{ en: '…', zh: '…' }` (§3). */
export const LocalizedText = z.union([z.string(), z.record(z.string(), z.string())]);
export type LocalizedText = z.infer<typeof LocalizedText>;

/** 0 or 1 flag as the spec uses them. */
export const Flag = z.union([z.literal(0), z.literal(1)]);

/** Unix time in seconds (§9 timestamps shorter than 13 digits are seconds). */
export const UnixSeconds = z.number().int();

/** `{ results: T[] }` list envelope (§7). */
export function resultsOf<T extends z.ZodType>(item: T) {
  return z.object({ results: z.array(item) });
}

/** `{ total }` answer of the `/count` calls. */
export const CountResponse = z.object({ total: z.number().int().nonnegative() });

/** Path parameter `:id`, a 24-hex id. */
export const IdParams = z.object({ id: ObjectIdString });

/** `meeting_id` as it may arrive next to `query`: a 24-hex id. */
export const MeetingIdParam = ObjectIdString;

/** List querystring shared by list calls: JSON `query` and `sort`, `limit` 1..999, `skip`. */
export const ListQuerystring = ListParams.extend({
  meeting_id: MeetingIdParam.optional(),
});

/** A link or attachment of a session (schedule-JSON Reference). */
export const Reference = z.object({
  url: z.string(),
  title: z.string().optional(),
  type: z.string().optional(),
});

export { WireId };
