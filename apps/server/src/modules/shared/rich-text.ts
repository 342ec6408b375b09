import { gunzipSync, gzipSync } from 'node:zlib';
import { type RichTextWire, richTextChunkBytes } from '@app/contracts';
import sanitizeHtml from 'sanitize-html';

/**
 * Rich text (news bodies, page contents) is HTML written in the console's editor. It is sanitised
 * here, on the server, before it is stored — unsafe markup is never stored, so every reader (web,
 * share pages, search indexing, exports) can trust what the database holds (§5 "unsafe HTML
 * stripped, never stored").
 *
 * The policy is an allow-list suited to articles and pages:
 * - text structure: headings h1–h6, paragraphs, line breaks, rules, lists, blockquote, pre/code,
 *   tables (with colspan/rowspan), figure/figcaption, inline emphasis, sub/sup, mark;
 * - links: http, https, mailto and tel only (no javascript:, vbscript:, data: …, no
 *   protocol-relative `//host`); every link gets `rel="noopener noreferrer"`, and links to another
 *   site also `target="_blank"`;
 * - images: `https:` or a path on our own server (uploads are served from `/api/files/…`); plain
 *   `http:` is refused (mixed content) and so are `data:` URLs, `data:image/*` included — images
 *   come through the upload route, which checks type and size and makes variants; an inline data
 *   URL would bypass those checks, bloat the body past the §9 chunk size and, as SVG, can carry
 *   script;
 * - `dir` and `lang` on any element (right-to-left quotes in an otherwise left-to-right article);
 * - no `style`, no `class` (except `language-*` on code), no event handlers, no iframes, objects,
 *   embeds, forms, inputs, meta, base, link, svg or math; the content of script, style, textarea,
 *   noscript, iframe, object, embed and template is dropped with the tag.
 */
const policy: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'div',
    'span',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'del',
    'ins',
    'sub',
    'sup',
    'mark',
    'small',
    'table',
    'caption',
    'colgroup',
    'col',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    '*': ['dir', 'lang'],
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    ol: ['start', 'type', 'reversed'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    colgroup: ['span'],
  },
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // An image whose source was refused is dropped rather than left as an empty <img>.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'template',
    'title',
  ],
  transformTags: {
    a: (tagName, attribs) => {
      const isExternal = /^https?:/i.test((attribs.href ?? '').trim());
      const { target: _target, rel: _rel, ...rest } = attribs;
      return {
        tagName,
        attribs: isExternal
          ? { ...rest, target: '_blank', rel: 'noopener noreferrer' }
          : { ...rest, rel: 'noopener noreferrer' },
      };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
};

/**
 * Sanitises rich-text HTML with the allow-list policy above (§5). Run it on every rich-text field
 * before it is stored; it is idempotent (sanitising sanitised HTML changes nothing).
 *
 * @param html HTML as the editor (or an import) produced it; any string, any size the contract let in
 * @returns HTML holding only allowed tags, attributes and URL schemes; `''` for empty input
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, policy);
}

/**
 * Cuts `text` into pieces of at most `maxBytes` bytes of UTF-8, in order, never inside a character
 * (a cut lands only before a byte that starts a UTF-8 sequence, so surrogate pairs stay whole too).
 *
 * @param text any string
 * @param maxBytes largest piece in bytes, at least 4 (the longest UTF-8 character)
 * @returns the pieces as UTF-8 buffers; one empty buffer for `''`
 */
export function splitUtf8(text: string, maxBytes: number): Buffer[] {
  const bytes = Buffer.from(text, 'utf8');
  const pieces: Buffer[] = [];
  let start = 0;
  while (bytes.length - start > maxBytes) {
    let end = start + maxBytes;
    // 0b10xxxxxx is a continuation byte: step back to the start of its character.
    while (end > start && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
    pieces.push(bytes.subarray(start, end));
    start = end;
  }
  pieces.push(bytes.subarray(start));
  return pieces;
}

/**
 * Puts rich text on the wire (§5, §9): the text itself when its UTF-8 source is at most
 * 30,720 bytes (`richTextChunkBytes`), else `{ chunks }` — the source split by `splitUtf8` into
 * ordered pieces of at most 30,720 bytes, each gzip-compressed and base64-encoded.
 *
 * @param html sanitised HTML (this function does not sanitise)
 * @returns a RichTextWire (packages/contracts/src/wire/rich-text.ts)
 */
export function toRichTextWire(html: string): RichTextWire {
  if (Buffer.byteLength(html, 'utf8') <= richTextChunkBytes) return html;
  return {
    chunks: splitUtf8(html, richTextChunkBytes).map((piece) => gzipSync(piece).toString('base64')),
  };
}

/**
 * The inverse of `toRichTextWire`: inflates and joins the chunks (tests, server-side readers such
 * as share pages that receive a wire value).
 *
 * @param wire a RichTextWire
 * @returns the HTML
 */
export function fromRichTextWire(wire: RichTextWire): string {
  if (typeof wire === 'string') return wire;
  return Buffer.concat(wire.chunks.map((chunk) => gunzipSync(Buffer.from(chunk, 'base64')))).toString('utf8');
}
