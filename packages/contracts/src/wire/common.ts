import { z } from 'zod';
import { textLimits } from './limits.ts';
import { ListParams } from './list-query.ts';
import { ObjectIdString, WireId } from './object-id.ts';

/** A plain string or a language map `{ en: '…', zh: '…' }` (§3). */
export const LocalizedText = z.union([z.string(), z.record(z.string(), z.string())]);
export type LocalizedText = z.infer<typeof LocalizedText>;

/**
 * A LocalizedText as a request may send it: the string, or each value of the language map, at most
 * `max` characters (textLimits); language keys at most textLimits.languageCode.
 */
export function localizedTextInput(max: number) {
  return z.union([
    z.string().max(max),
    z.record(z.string().max(textLimits.languageCode), z.string().max(max)),
  ]);
}

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

/** A Reference as a request may send it: URL, title and type within their limits. */
export const ReferenceInput = z.object({
  url: z.string().trim().max(textLimits.url),
  title: z.string().trim().max(textLimits.title).optional(),
  type: z.string().trim().max(textLimits.label).optional(),
});

export { WireId };
