import { describe, expect, it } from 'vitest';
import type { ViewerOverlay } from '../app-types.ts';
import { cutOverlayTemplate, fillOverlayTemplate, overlaidBody } from './viewer-overlay.ts';

type Item = { _id: { $id: string }; name: string; likes_total?: number; is_liked?: boolean };

const guestsAnswer = {
  results: [
    { _id: { $id: 'a' }, name: 'Quote " and \\ backslash', likes_total: 3, is_liked: false },
    { _id: { $id: 'b' }, name: '"ov:0:1" looks like a hole', likes_total: 0, is_liked: false },
    { _id: { $id: 'c' }, name: 'No reaction fields' },
    { _id: { $id: 'a' }, name: 'The first item again', likes_total: 3, is_liked: false },
  ] satisfies Item[],
  total: 4,
};
const body = JSON.stringify(guestsAnswer);

function overlayCounting(values: Map<string, Record<string, unknown>>) {
  const calls = { itemsOf: 0, read: [] as string[][] };
  const overlay: ViewerOverlay = {
    fields: ['likes_total', 'is_liked'],
    itemsOf: (answer) => {
      calls.itemsOf++;
      return (answer as { results: (Item & Record<string, unknown>)[] }).results.map((item) => ({
        id: item._id.$id,
        item,
      }));
    },
    read: async (_userId, ids) => {
      calls.read.push(ids);
      return values;
    },
  };
  return { overlay, calls };
}

/** What the overlay must give: the answer parsed, the caller's values set where the item has the field. */
function expected(values: Map<string, Record<string, unknown>>): unknown {
  const answer = structuredClone(guestsAnswer) as { results: Record<string, unknown>[] };
  for (const item of answer.results) {
    const own = values.get((item._id as { $id: string }).$id) ?? {};
    for (const field of ['likes_total', 'is_liked']) {
      if (field in item && own[field] !== undefined) item[field] = own[field];
    }
  }
  return answer;
}

describe('viewer overlay template', () => {
  it('fills each item field the answer has with the caller value, and keeps everything else byte for byte', () => {
    const values = new Map<string, Record<string, unknown>>([
      ['a', { likes_total: 4, is_liked: true }],
      ['c', { likes_total: 9, is_liked: true }],
    ]);
    const { overlay } = overlayCounting(values);
    const template = cutOverlayTemplate(body, overlay);
    // Two fields on three of the four items; item c has neither, so it gets no hole and no field.
    expect(template.slots).toHaveLength(6);
    expect(template.parts).toHaveLength(7);
    const text = fillOverlayTemplate(template, overlay.fields, values);
    expect(JSON.parse(text)).toEqual(expected(values));
    expect(JSON.parse(text).results[2]).toEqual({ _id: { $id: 'c' }, name: 'No reaction fields' });
  });

  it('keeps the guests values of items the caller part does not name', () => {
    const { overlay } = overlayCounting(new Map());
    const template = cutOverlayTemplate(body, overlay);
    expect(fillOverlayTemplate(template, overlay.fields, new Map())).toBe(body);
  });

  it('cuts each cached entry once and reads the items ids for every caller', async () => {
    const values = new Map<string, Record<string, unknown>>([['b', { likes_total: 1, is_liked: true }]]);
    const { overlay, calls } = overlayCounting(values);
    const entry = { body };
    const first = await overlaidBody(entry, overlay, 'user-1');
    const second = await overlaidBody(entry, overlay, 'user-2');
    expect(JSON.parse(first)).toEqual(expected(values));
    expect(second).toBe(first);
    expect(calls.itemsOf).toBe(1);
    expect(calls.read).toEqual([
      ['a', 'b', 'c', 'a'],
      ['a', 'b', 'c', 'a'],
    ]);
    // Another entry (another URL, or the next TTL's answer) is cut anew.
    await overlaidBody({ body }, overlay, 'user-1');
    expect(calls.itemsOf).toBe(2);
  });
});
