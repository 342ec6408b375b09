import { z } from 'zod';
import { ListQuerystring, LocalizedText, localizedTextInput, resultsOf } from '../wire/common.ts';
import { limits, textLimits } from '../wire/limits.ts';
import type { ResourceQuerySpec } from '../wire/list-query.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { RichTextWire } from '../wire/rich-text.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * Block types a page knows how to draw: the home's original four (intro text, the navigation
 * entries, upcoming sessions, featured speakers), the banner carousel, the content blocks of the
 * introduction, branch, contact and conference pages (rich text, image, link buttons, page sections
 * by `page_section` category, a video file), and the culture microsite's venue plan with tappable
 * points and playbill of performances (§2 /sichuan-culture).
 */
export const blockTypes = [
  'intro',
  'navigation',
  'agenda',
  'speakers',
  'banner',
  'rich_text',
  'image',
  'buttons',
  'sections',
  'video',
  'venue_map',
  'playbill',
] as const;
export type BlockType = (typeof blockTypes)[number];

/**
 * A block's `content`: a string or a language map. For `rich_text` blocks read publicly each language's
 * sanitised HTML is a RichTextWire (§5, §9: over 30,720 bytes it arrives as gzip + base64 chunks);
 * everywhere else, and in the console's draft, the values are plain strings.
 */
export const BlockContent = z.union([z.string(), z.record(z.string(), RichTextWire)]);
export type BlockContent = z.infer<typeof BlockContent>;

/**
 * A section of a page (§3 Meeting block_release_version). `content` is a language map: plain text for
 * `intro`, sanitised HTML for `rich_text`; `data` holds the type's settings (see `blockDataInputs`).
 */
export const Block = z.object({
  _id: WireId,
  meeting_id: WireId,
  /** The page the block belongs to: null for the meeting's home, else a content page's id. */
  page_id: WireId.nullable(),
  type: z.enum(blockTypes),
  title: LocalizedText,
  content: BlockContent,
  weight: z.number().int(),
  version: z.number().int(),
  data: z.record(z.string(), z.unknown()),
});
export type Block = z.infer<typeof Block>;

export const blockQuerySpec = {
  fields: {
    _id: { type: 'id', ops: ['$eq', '$in'] },
    meeting_id: { type: 'id', ops: ['$eq'] },
    page_id: { type: 'id', ops: ['$eq'] },
    type: { type: 'string', ops: ['$eq', '$in'] },
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
  summary:
    "Blocks of the meeting's released version: the home's, or one content page's with query.page_id. Drafts are never listed here (console and /preview only).",
  spec: '§7 Meetings',
  tags: ['blocks'],
  isPublic: true,
  querystring: ListQuerystring,
  response: resultsOf(Block),
});

// ————— Block settings as the console sends them —————

const FormFlag = z.coerce.number().int().min(0).max(1).default(0);
const Url = z.string().trim().max(textLimits.url);

/**
 * Where a block's item leads, the fields of a navigation item (§3): `link` on desktop, `mobile_link`
 * on phones when set; `raw` 1 uses the link as is; `open_link_in_frame` (`mobile_…` on phones) opens
 * it inside /webview.
 */
export const LinkFieldsInput = z.object({
  link: Url.default(''),
  mobile_link: Url.default(''),
  raw: FormFlag,
  open_link_in_frame: FormFlag,
  mobile_open_link_in_frame: FormFlag,
});
export type LinkFields = z.infer<typeof LinkFieldsInput>;

const Anchor = z
  .string()
  .trim()
  .max(textLimits.label)
  .regex(/^[A-Za-z0-9_-]*$/)
  .default('');
const Limit = z.coerce.number().int().min(1).max(20).default(6);
/** A position on a venue plan, in percent of the image (0 to 100, two decimals kept). */
const Percent = z.coerce
  .number()
  .min(0)
  .max(100)
  .transform((value) => Math.round(value * 100) / 100);
/** An instant in unix seconds (years 1970 to 2286, §9). */
const UnixTime = z.coerce
  .number()
  .int()
  .min(0)
  .max(limits.maxTimeMs / 1000);

/** The settings of each block type (the `data` of a saved block), validated when the console saves. */
export const blockDataInputs = {
  intro: z.object({ anchor: Anchor }),
  navigation: z.object({ anchor: Anchor }),
  agenda: z.object({ anchor: Anchor, limit: Limit }),
  speakers: z.object({ anchor: Anchor, limit: Limit }),
  banner: z.object({
    anchor: Anchor,
    /** Seconds between slides; 0 keeps the first one until the visitor moves on. */
    interval: z.coerce.number().int().min(0).max(30).default(5),
    slides: z
      .array(
        LinkFieldsInput.extend({
          image: Url.min(1),
          title: localizedTextInput(textLimits.title).default(''),
        }),
      )
      .min(1)
      .max(10),
  }),
  rich_text: z.object({ anchor: Anchor }),
  image: LinkFieldsInput.extend({
    anchor: Anchor,
    image: Url.min(1),
    alt: localizedTextInput(textLimits.title).default(''),
  }),
  buttons: z.object({
    anchor: Anchor,
    items: z
      .array(LinkFieldsInput.extend({ title: localizedTextInput(textLimits.title) }))
      .min(1)
      .max(20),
  }),
  sections: z.object({
    anchor: Anchor,
    /** Only the children of this page_section category; absent: the top-level ones. */
    parent_id: ObjectIdString.optional(),
  }),
  video: z.object({ anchor: Anchor, url: Url.min(1), poster: Url.default('') }),
  /**
   * A venue plan (an uploaded image, no online map tiles) with tappable points: `x`, `y` in percent of
   * the image's width and height from its top-left (start) corner.
   */
  venue_map: z.object({
    anchor: Anchor,
    image: Url.min(1),
    alt: localizedTextInput(textLimits.title).default(''),
    points: z
      .array(
        LinkFieldsInput.extend({
          x: Percent,
          y: Percent,
          title: localizedTextInput(textLimits.title),
          description: localizedTextInput(textLimits.description).default(''),
        }),
      )
      .max(50)
      .default([]),
  }),
  /**
   * Performances, shown grouped by day in the meeting's time zone with a now/next marker: `start` and
   * `end` in unix seconds, `end` after `start`.
   */
  playbill: z.object({
    anchor: Anchor,
    performances: z
      .array(
        LinkFieldsInput.extend({
          title: localizedTextInput(textLimits.title),
          start: UnixTime,
          end: UnixTime,
          venue: localizedTextInput(textLimits.title).default(''),
          cover: Url.default(''),
          description: localizedTextInput(textLimits.description).default(''),
        }).refine((item) => item.end > item.start, { message: 'end must be after start', path: ['end'] }),
      )
      .min(1)
      .max(100),
  }),
} as const satisfies Record<BlockType, z.ZodType>;

/** Longest rich-text (`rich_text`) content per language, in characters, before sanitising. */
export const blockContentMaxLength = 100_000;
