import { gunzipSync } from 'node:zlib';
import { RichTextWire, richTextChunkBytes } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { fromRichTextWire, sanitizeRichText, splitUtf8, toRichTextWire } from './rich-text.ts';

/** Decodes one chunk back to its UTF-8 source bytes. */
function chunkBytes(chunk: string): Buffer {
  return gunzipSync(Buffer.from(chunk, 'base64'));
}

describe('toRichTextWire (§5, §9 chunking)', () => {
  it('keeps text of exactly 30,720 bytes plain', () => {
    const text = 'a'.repeat(richTextChunkBytes);
    expect(toRichTextWire(text)).toBe(text);
  });

  it('chunks 30,721 bytes into 30,720 + 1', () => {
    const text = 'a'.repeat(richTextChunkBytes + 1);
    const wire = toRichTextWire(text);
    expect(typeof wire).toBe('object');
    if (typeof wire === 'string') return;
    expect(wire.chunks.map((chunk) => chunkBytes(chunk).length)).toEqual([richTextChunkBytes, 1]);
    expect(RichTextWire.parse(wire)).toEqual(wire);
    expect(fromRichTextWire(wire)).toBe(text);
  });

  it('counts bytes, not characters: 10,241 three-byte characters are chunked', () => {
    const text = '中'.repeat(10_241); // 30,723 bytes, 10,241 UTF-16 units
    const wire = toRichTextWire(text);
    if (typeof wire === 'string') throw new Error('expected chunks');
    expect(wire.chunks.map((chunk) => chunkBytes(chunk).length)).toEqual([30_720, 3]);
    expect(fromRichTextWire(wire)).toBe(text);
  });

  it.each([
    ['2-byte é', 'é', 1],
    ['3-byte 中', '中', 1],
    ['3-byte 中', '中', 2],
    ['4-byte 😀 (surrogate pair)', '😀', 1],
    ['4-byte 😀 (surrogate pair)', '😀', 2],
    ['4-byte 😀 (surrogate pair)', '😀', 3],
  ])('never splits a %s straddling the boundary (offset %#)', (_label, char, bytesBefore) => {
    const charBytes = Buffer.byteLength(char);
    // The character starts `charBytes - bytesBefore` bytes before the boundary... so it straddles it.
    const lead = 'a'.repeat(richTextChunkBytes - (charBytes - bytesBefore));
    const text = `${lead}${char}${'b'.repeat(100)}`;
    const wire = toRichTextWire(text);
    if (typeof wire === 'string') throw new Error('expected chunks');
    const pieces = wire.chunks.map(chunkBytes);
    for (const piece of pieces) {
      expect(piece.length).toBeLessThanOrEqual(richTextChunkBytes);
      // Each piece decodes on its own without a replacement character.
      expect(new TextDecoder('utf-8', { fatal: true }).decode(piece)).not.toContain('\uFFFD');
    }
    expect(pieces[0]?.toString('utf8')).toBe(lead);
    expect(fromRichTextWire(wire)).toBe(text);
  });

  it('round-trips a large mixed-script article in order', () => {
    const paragraph = '<p>展会新闻 Exhibition news أخبار المعرض 😀 — ü ß</p>';
    const text = paragraph.repeat(5_000);
    const wire = toRichTextWire(text);
    if (typeof wire === 'string') throw new Error('expected chunks');
    expect(wire.chunks.length).toBeGreaterThan(3);
    for (const chunk of wire.chunks) expect(chunkBytes(chunk).length).toBeLessThanOrEqual(richTextChunkBytes);
    expect(fromRichTextWire(wire)).toBe(text);
  });

  it('splitUtf8 keeps the empty text as one empty piece', () => {
    expect(splitUtf8('', 8).map((piece) => piece.length)).toEqual([0]);
    expect(toRichTextWire('')).toBe('');
  });
});

/**
 * OWASP XSS filter evasion cheat sheet style vectors. After sanitising, none may leave a script
 * element, an event handler attribute, a style attribute, a dangerous URL scheme, or an
 * embedding/active element.
 */
const xssVectors = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<img src="https://ok.example/a.png" onerror="alert(1)">',
  '<IMG SRC="javascript:alert(1);">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<IMG SRC=`javascript:alert("x")`>',
  '<img src=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#49;&#41;>',
  '<IMG SRC="jav&#x09;ascript:alert(1);">',
  '<IMG SRC=" &#14;  javascript:alert(1);">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg/onload=alert(1)>',
  '<body onload=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JAVASCRIPT:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="java\nscript:alert(1)">x</a>',
  '<a href="java&#x0A;script:alert(1)">x</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="//evil.example/">x</a>',
  '<a href="https://ok.example/" onclick="alert(1)" onmouseover="alert(1)">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="data:image/png;base64,iVBORw0KGgo=">',
  '<div style="background-image: url(javascript:alert(1))">x</div>',
  '<div style="width: expression(alert(1));">x</div>',
  '<p style="behavior: url(xss.htc)">x</p>',
  '<style>@import "https://evil.example/x.css";</style>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="https://evil.example/x.swf">',
  '<form action="javascript:alert(1)"><input type="submit"></form>',
  '<form><button formaction="javascript:alert(1)">x</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">',
  '<base href="javascript:alert(1)//">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<marquee onstart=alert(1)>x</marquee>',
  '<<SCRIPT>alert(1);//<</SCRIPT>',
  '<IMG """><SCRIPT>alert(1)</SCRIPT>">',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<textarea><script>alert(1)</script></textarea>',
  '<a href="https://ok.example/" target="_self" rel="opener">x</a>',
];

/** Whether sanitised HTML still holds anything that can run script or load active content. */
function dangerous(html: string): string | null {
  const checks: [string, RegExp][] = [
    ['script element', /<\s*script/i],
    ['event handler', /<[^>]*\son[a-z]+\s*=/i],
    ['style attribute', /<[^>]*\sstyle\s*=/i],
    [
      'javascript: url',
      /(href|src|action|formaction|background|data)\s*=\s*["']?\s*(javascript|vbscript|data):/i,
    ],
    [
      'active element',
      /<\s*(iframe|object|embed|form|input|button|meta|base|link|svg|math|style|body|template|source|video|details|marquee)\b/i,
    ],
    ['protocol-relative url', /href\s*=\s*["']?\/\//i],
    ['opener', /rel="opener"/i],
  ];
  for (const [name, pattern] of checks) if (pattern.test(html)) return name;
  return null;
}

describe('sanitizeRichText (§5: unsafe HTML stripped, never stored)', () => {
  it.each(xssVectors)('neutralises %s', (vector) => {
    const clean = sanitizeRichText(vector);
    expect(dangerous(clean), clean).toBeNull();
    // Idempotent: sanitising the result again changes nothing.
    expect(sanitizeRichText(clean)).toBe(clean);
  });

  it('keeps the markup an article needs', () => {
    const html = [
      '<h2>Programme</h2><p>Day <strong>one</strong>, <em>two</em> and <u>three</u>.</p>',
      '<ul><li>a</li></ul><ol start="3"><li>b</li></ol>',
      '<blockquote><p>quote</p></blockquote><pre><code class="language-ts">x</code></pre>',
      '<table><thead><tr><th colspan="2">h</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>',
      '<p dir="rtl" lang="ar">مرحبا</p>',
    ].join('');
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('gives external links a new tab and noopener; keeps mailto and tel', () => {
    expect(sanitizeRichText('<a href="https://example.org/x">x</a>')).toBe(
      '<a href="https://example.org/x" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<a href="mailto:a@example.org">m</a>')).toBe(
      '<a href="mailto:a@example.org" rel="noopener noreferrer">m</a>',
    );
    expect(sanitizeRichText('<a href="tel:+8610123">t</a>')).toContain('href="tel:+8610123"');
  });

  it('keeps images from our storage and https, drops http and data: sources', () => {
    expect(sanitizeRichText('<img src="/api/files/image/a/b.png" alt="b">')).toBe(
      '<img src="/api/files/image/a/b.png" alt="b" loading="lazy" />',
    );
    expect(sanitizeRichText('<img src="https://cdn.example/b.png">')).toContain(
      'src="https://cdn.example/b.png"',
    );
    expect(sanitizeRichText('<img src="http://cdn.example/b.png">')).not.toContain('src=');
    expect(sanitizeRichText('<img src="data:image/png;base64,iVBORw0KGgo=">')).not.toContain('src=');
  });

  it('drops the text of script-like elements, keeps the text of other unknown tags', () => {
    expect(sanitizeRichText('<script>alert(1)</script>ok')).toBe('ok');
    expect(sanitizeRichText('<custom-tag>kept</custom-tag>')).toBe('kept');
    expect(sanitizeRichText('<iframe>gone</iframe>')).toBe('');
  });
});
