import { randomBytes } from 'node:crypto';
import type { CachedResponse, ViewerOverlay } from '../app-types.ts';

/**
 * A cached guests' answer cut at the values a logged-in caller's overlay replaces: `parts` around
 * `slots.length` holes, `parts.length === slots.length + 1`. Each slot names its item (index into
 * `ids`), its field (index into the overlay's `fields`) and the guests' value as JSON.
 */
export type OverlayTemplate = {
  parts: string[];
  slots: { item: number; field: number; guests: string }[];
  ids: string[];
};

/** Marks the holes while the template is cut; random per process, so no stored text can carry it. */
const marker = `ov${randomBytes(12).toString('hex')}`;
const holesPattern = new RegExp(`"${marker}:(\\d+):(\\d+)"`, 'g');

/**
 * Cuts `body` (the guests' JSON answer) into an OverlayTemplate for `overlay`: parsed once, each
 * overlaid field of each item replaced by a marker, serialised once and split at the markers. Only
 * fields the item has are holes.
 * @throws SyntaxError when `body` is not JSON
 */
export function cutOverlayTemplate(body: string, overlay: ViewerOverlay): OverlayTemplate {
  const answer: unknown = JSON.parse(body);
  const items = overlay.itemsOf(answer);
  const guests = new Map<string, string>();
  items.forEach(({ item }, itemIndex) => {
    overlay.fields.forEach((field, fieldIndex) => {
      if (!(field in item)) return;
      guests.set(`${itemIndex}:${fieldIndex}`, JSON.stringify(item[field]));
      item[field] = `${marker}:${itemIndex}:${fieldIndex}`;
    });
  });
  // split() with a capturing pattern: text, item, field, text, item, field, …, text.
  const pieces = JSON.stringify(answer).split(holesPattern);
  const parts: string[] = [];
  const slots: OverlayTemplate['slots'] = [];
  for (let index = 0; index < pieces.length; index += 3) {
    parts.push(pieces[index] ?? '');
    if (index + 2 >= pieces.length) break;
    const item = Number(pieces[index + 1]);
    const field = Number(pieces[index + 2]);
    slots.push({ item, field, guests: guests.get(`${item}:${field}`) ?? 'null' });
  }
  return { parts, slots, ids: items.map(({ id }) => id) };
}

/**
 * The answer for one caller: the template's text with each hole filled by the caller's value from
 * `values` (by item id, then field name), or the guests' value where `values` has none.
 */
export function fillOverlayTemplate(
  template: OverlayTemplate,
  fields: readonly string[],
  values: Map<string, Record<string, unknown>>,
): string {
  let text = template.parts[0] ?? '';
  template.slots.forEach((slot, index) => {
    const own = values.get(template.ids[slot.item] ?? '')?.[fields[slot.field] ?? ''];
    text += own === undefined ? slot.guests : JSON.stringify(own);
    text += template.parts[index + 1] ?? '';
  });
  return text;
}

/** Templates by cache entry: cut on the first logged-in hit, dropped with the entry. */
const templates = new WeakMap<CachedResponse, OverlayTemplate>();

/**
 * The guests' cached `entry` with the caller's own part laid on (§7 Enterprises, Exhibitors,
 * products lists: their likes and the current totals), as JSON. The entry is parsed and serialised
 * once, on its first logged-in read; each caller then costs the overlay's one query and a join of
 * strings.
 */
export async function overlaidBody(
  entry: CachedResponse,
  overlay: ViewerOverlay,
  userId: string,
): Promise<string> {
  let template = templates.get(entry);
  if (!template) {
    template = cutOverlayTemplate(entry.body, overlay);
    templates.set(entry, template);
  }
  return fillOverlayTemplate(template, overlay.fields, await overlay.read(userId, template.ids));
}
