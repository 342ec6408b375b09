import { z } from 'zod';

/**
 * §5, §9: rich text whose UTF-8 source is longer than this many bytes travels as an ordered list
 * of chunks, each holding at most this many bytes of source text.
 */
export const richTextChunkBytes = 30_720;

/**
 * Rich text (sanitised HTML) as a response carries it (§5, §9): the HTML itself when its UTF-8
 * source is at most `richTextChunkBytes` bytes, otherwise `{ chunks }` — the source cut, in order
 * and never inside a UTF-8 character, into pieces of at most `richTextChunkBytes` bytes, each piece
 * gzip-compressed and base64-encoded. The client inflates every chunk and joins them in order
 * (web: `readRichText` in apps/web/src/lib/rich-text.ts).
 */
export const RichTextWire = z.union([z.string(), z.object({ chunks: z.array(z.string()).min(1) })]);
export type RichTextWire = z.infer<typeof RichTextWire>;

/**
 * The largest rich-text document a request may send, in UTF-16 code units (zod's `.max()`):
 * 1 MiB of HTML — about 30 printed pages, far more than a news article or a page needs, small
 * enough that sanitising it stays in the milliseconds.
 */
export const richTextMaxLength = 1_048_576;
