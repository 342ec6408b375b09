import { z } from 'zod';
import { ListQuerystring, LocalizedText, resultsOf } from '../wire/common.ts';
import type { ResourceQuerySpec } from '../wire/list-query.ts';
import { WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/** Block types the home page knows how to draw. */
export const blockTypes = ['intro', 'navigation', 'agenda', 'speakers', 'banner'] as const;
export type BlockType = (typeof blockTypes)[number];

/**
 * A section of a meeting's home page (§3 Meeting block_release_version). `content` is sanitised rich
 * text (a language map); `data` holds type-specific settings such as `{ limit: 6 }`.
 */
export const Block = z.object({
  _id: WireId,
  meeting_id: WireId,
  type: z.enum(blockTypes),
  title: LocalizedText,
  content: LocalizedText,
  weight: z.number().int(),
  version: z.number().int(),
  data: z.record(z.string(), z.unknown()),
});
export type Block = z.infer<typeof Block>;

export const blockQuerySpec = {
  fields: {
    _id: { type: 'id', ops: ['$eq', '$in'] },
    meeting_id: { type: 'id', ops: ['$eq'] },
    type: { type: 'string', ops: ['$eq', '$in'] },
    version: { type: 'number', ops: ['$eq'] },
  },
  sort: ['weight', 'created'],
  defaultSort: [
    { field: 'weight', direction: -1 },
    { field: 'created', direction: 1 },
  ],
} as const satisfies ResourceQuerySpec;

export const listBlocks = defineRoute({
  method: 'GET',
  path: '/meeting/blocks',
  summary: "Blocks of a meeting's home page; the released version unless query.version names another.",
  spec: '§7 Meetings',
  tags: ['blocks'],
  isPublic: true,
  querystring: ListQuerystring,
  response: resultsOf(Block),
});
