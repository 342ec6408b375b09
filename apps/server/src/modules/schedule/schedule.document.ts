/**
 * The frab/pretalx schedule-JSON standard (c3voc schema, `fixtures/schedule-json.schema.json`) as our
 * programme rows hold it (schedule interchange): what reading (schedule.import-mapping.ts)
 * and writing (schedule.export-mapping.ts) share.
 *
 * Lossless round trip: whatever the schema allows and we do not model lands in the `extra` jsonb of
 * its row; `extra.$import` keeps bookkeeping of how the source wrote it (which keys were present, raw
 * strings of derived values) so the export gives back the same document.
 *
 * No I/O here or in the mappings: the service loads and stores rows, these functions only transform them.
 */
import { localize } from '@app/domain';

/** A text column: a language map `{ en: '…' }`, or '' for "no value" (the column default). */
export type LocalizedValue = string | Record<string, string>;
export type Reference = { url: string; title?: string; type?: string };
export type JsonObject = Record<string, unknown>;

/** Bookkeeping kept in `extra.$import`; never exported as such. */
export type ImportInfo = {
  /** The keys the source object had (modelled ones for events, rooms, conference; all for persons). */
  present?: string[];
  /** Raw `end` of an event, conference `start`/`end`: given back verbatim while the instant matches. */
  end?: string;
  start?: string;
  /** Conference only: the room names each day listed, in source order (keeps empty room lists). */
  dayRooms?: string[][];
};
export const importKey = '$import';

/** The speaker-side fields of a person, as the speakers table holds them. */
export type SpeakerFields = {
  name: string;
  externalId: number | null;
  code: string | null;
  guid: string | null;
  photo: string;
  biography: LocalizedValue;
  links: Reference[];
  extra: JsonObject;
};

/** Event keys we hold in columns; the others stay in `extra`. */
export const eventModelledKeys =
  'guid code id logo date start end duration room slug url title subtitle track type language abstract description recording_license do_not_record persons links attachments'.split(
    ' ',
  );

/**
 * Stores a source text as a language map keyed by the session's language: `'Hi'` → `{ en: 'Hi' }`;
 * an empty string stays a map (`{ en: '' }`) and null/absent becomes '' (the column's "no value"),
 * so the export can tell "" from null exactly.
 */
export function toLanguageMap(text: string | null | undefined, language: string): LocalizedValue {
  return typeof text === 'string' ? { [language]: text } : '';
}

/**
 * The text to export from a language-map column: the wanted language's entry (even ''), else English,
 * else the first non-empty entry; a plain non-empty string as is; null for '' or an empty map.
 */
export function textOf(value: LocalizedValue | null | undefined, language?: string | null): string | null {
  if (value == null) return null;
  if (typeof value === 'string') return value === '' ? null : value;
  const keys = Object.keys(value);
  if (keys.length === 0) return null;
  const wanted = language ? value[language] : undefined;
  if (typeof wanted === 'string') return wanted;
  return localize(value, language ?? 'en') || (value[keys[0] ?? ''] ?? '');
}

/**
 * The values a speaker row gives each person key (name and public_name both carry `name`; '' photo
 * is a null avatar), before the per-session overrides of `agenda_speakers.extra`.
 */
export function personValues(speaker: SpeakerFields): JsonObject {
  const { [importKey]: _bookkeeping, ...extra } = speaker.extra;
  return {
    ...extra,
    name: speaker.name,
    public_name: speaker.name,
    id: speaker.externalId,
    guid: speaker.guid,
    code: speaker.code,
    avatar: speaker.photo === '' ? null : speaker.photo,
    biography: textOf(speaker.biography),
    links: speaker.links,
  };
}

/** True when two JSON-like values are equal; Dates compare by instant, object key order is ignored. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => deepEqual(item, b[i]));
  }
  const left = a as JsonObject;
  const right = b as JsonObject;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) {
    if (left[key] === undefined && right[key] === undefined) continue;
    if (!deepEqual(left[key], right[key])) return false;
  }
  return true;
}
