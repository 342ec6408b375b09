import type { Language } from '@app/domain';
import QRCode from 'qrcode';
import sharp, { type OverlayOptions } from 'sharp';

/** Poster size in pixels: a phone screen at 2× (375×667 CSS pixels). */
export const posterWidth = 750;
export const posterHeight = 1334;

/** What a poster shows; every text is plain (escaped here), images are raw bytes of any format. */
export type PosterInput = {
  language: Language;
  meetingTitle: string;
  /** Already formatted dates, e.g. `21–25 Aug 2019`. */
  dateLine: string;
  venue: string;
  enterpriseName: string;
  /** Booth number, or '' when the exhibitor has none. */
  booth: string;
  /** `#rrggbb`; fills the cover area when there is no cover and colours the booth line. */
  themeColor: string;
  cover: Buffer | null;
  logo: Buffer | null;
  /** Encoded in the QR code. */
  shareUrl: string;
};

/** Labels of the poster in the twenty languages (§9 order). */
const labels: Record<Language, { booth: string; scan: string }> = {
  zh: { booth: '展位', scan: '扫码查看展商详情' },
  en: { booth: 'Booth', scan: 'Scan to visit the exhibitor' },
  ja: { booth: 'ブース', scan: 'スキャンして出展者を見る' },
  ko: { booth: '부스', scan: '스캔하여 참가업체 보기' },
  es: { booth: 'Stand', scan: 'Escanea para ver al expositor' },
  fr: { booth: 'Stand', scan: 'Scannez pour voir l’exposant' },
  de: { booth: 'Stand', scan: 'Scannen, um den Aussteller zu sehen' },
  ru: { booth: 'Стенд', scan: 'Отсканируйте, чтобы открыть экспонента' },
  ar: { booth: 'الجناح', scan: 'امسح الرمز لزيارة العارض' },
  vi: { booth: 'Gian hàng', scan: 'Quét mã để xem nhà triển lãm' },
  id: { booth: 'Stan', scan: 'Pindai untuk melihat peserta pameran' },
  kk: { booth: 'Стенд', scan: 'Көрмеге қатысушыны көру үшін сканерлеңіз' },
  fil: { booth: 'Booth', scan: 'I-scan para makita ang exhibitor' },
  hi: { booth: 'स्टॉल', scan: 'प्रदर्शक देखने के लिए स्कैन करें' },
  ms: { booth: 'Gerai', scan: 'Imbas untuk melihat pempamer' },
  it: { booth: 'Stand', scan: 'Scansiona per vedere l’espositore' },
  pt: { booth: 'Estande', scan: 'Escaneie para ver o expositor' },
  pl: { booth: 'Stoisko', scan: 'Zeskanuj, aby zobaczyć wystawcę' },
  cs: { booth: 'Stánek', scan: 'Naskenujte a zobrazte vystavovatele' },
  th: { booth: 'บูธ', scan: 'สแกนเพื่อดูผู้แสดงสินค้า' },
};

/** Font stacks: the CJK face matching the language first, so 直 looks Japanese in Japanese. */
export function fontFamily(language: Language): string {
  const cjk =
    language === 'ja'
      ? 'Noto Sans CJK JP'
      : language === 'ko'
        ? 'Noto Sans CJK KR'
        : language === 'zh'
          ? 'Noto Sans CJK SC'
          : '';
  return [
    'Noto Sans',
    cjk,
    'Noto Sans CJK SC',
    'Noto Sans Arabic',
    'Noto Sans Devanagari',
    'Noto Sans Thai',
    'sans-serif',
  ]
    .filter(Boolean)
    .join(', ');
}

/** Text for an SVG text node or attribute: markup characters escaped, control characters dropped. */
export function escapeSvgText(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are invalid in XML
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/**
 * Characters drawn a full em wide (East Asian wide and full-width forms): Hangul Jamo, CJK symbols,
 * kana with their marks (・ ー), ideographs, Hangul syllables, compatibility ideographs, full-width
 * forms. Outside Hangul, each is also a place where a line may break.
 */
const breakAnywhere =
  /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/** Grapheme clusters: a base character with its combining marks (Thai vowels and tones, accents). */
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/**
 * Words by Unicode's rules (UAX #29); for scripts written without spaces between words (Thai, Lao,
 * Khmer, Burmese) ICU finds them with its dictionaries.
 */
const words = new Intl.Segmenter('en', { granularity: 'word' });

function clusters(text: string): string[] {
  return Array.from(graphemes.segment(text), ({ segment }) => segment);
}

/** Estimated advance of a grapheme in ems: CJK is square, everything else about half as wide. */
function advance(grapheme: string): number {
  return breakAnywhere.test(grapheme) ? 1 : 0.58;
}

/**
 * The pieces a line may break between: words of spaced scripts (Hangul included) with their
 * punctuation, single spaces, each ideograph and kana, and each dictionary word of Thai-like scripts.
 */
function breakableTokens(text: string): string[] {
  const tokens: string[] = [];
  let word = '';
  let isAfterWord = false;
  const flush = () => {
    if (word) tokens.push(word);
    word = '';
  };
  for (const { segment, isWordLike } of words.segment(text)) {
    if (/^\s+$/u.test(segment)) {
      flush();
      tokens.push(' ');
      isAfterWord = false;
      continue;
    }
    // Two words with nothing between them: a Thai-like script, where a line may break between words.
    if (isWordLike && isAfterWord) flush();
    isAfterWord = Boolean(isWordLike);
    for (const grapheme of clusters(segment)) {
      if (breakAnywhere.test(grapheme) && !/^[\uac00-\ud7a3]/.test(grapheme)) {
        flush();
        tokens.push(grapheme);
      } else {
        word += grapheme;
      }
    }
  }
  flush();
  return tokens;
}

/**
 * Breaks `text` into at most `maxLines` lines of at most `maxEms` (font sizes) each: between words
 * where there are spaces, between dictionary words in Thai, Lao, Khmer and Burmese, anywhere inside
 * CJK runs — never between a character and its combining marks; the last line ends in `…` when text
 * is left.
 */
export function wrapText(text: string, maxEms: number, maxLines: number): string[] {
  const tokens = breakableTokens(text.trim());
  const lines: string[] = [];
  let line = '';
  let width = 0;
  const measure = (value: string) => clusters(value).reduce((sum, c) => sum + advance(c), 0);
  for (const token of tokens) {
    if (token === ' ') {
      if (line !== '') {
        line += ' ';
        width += advance(' ');
      }
      continue;
    }
    const tokenWidth = measure(token);
    if (width + tokenWidth > maxEms && line.trim() !== '') {
      lines.push(line.trimEnd());
      line = '';
      width = 0;
    }
    // A single word longer than a line is cut between graphemes.
    for (const grapheme of clusters(token)) {
      const graphemeWidth = advance(grapheme);
      if (width + graphemeWidth > maxEms && line !== '') {
        lines.push(line.trimEnd());
        line = '';
        width = 0;
      }
      line += grapheme;
      width += graphemeWidth;
    }
  }
  if (line.trim() !== '') lines.push(line.trimEnd());
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = clusters(kept[maxLines - 1] as string);
  while (last.length > 0 && measure(last.join('')) + 1 > maxEms) last.pop();
  kept[maxLines - 1] = `${last.join('').trimEnd()}…`;
  return kept;
}

function textLines(
  lines: string[],
  options: { y: number; size: number; lineHeight: number; fill: string; weight?: number; family: string },
): string {
  return lines
    .map(
      (line, index) =>
        `<text x="${posterWidth / 2}" y="${options.y + index * options.lineHeight}" text-anchor="middle" font-family="${escapeSvgText(options.family)}" font-size="${options.size}" font-weight="${options.weight ?? 400}" fill="${options.fill}">${escapeSvgText(line)}</text>`,
    )
    .join('');
}

const coverHeight = 600;
const cardTop = 540;
const logoSize = 150;
const qrSize = 240;

/** A colour safe to put in SVG, falling back to the default teal. */
function safeColor(value: string): string {
  return /^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/.test(value) ? value : '#0e7c6b';
}

async function coverLayer(cover: Buffer | null): Promise<Buffer | null> {
  if (!cover) return null;
  try {
    return await sharp(cover, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(posterWidth, coverHeight, { fit: 'cover' })
      .png()
      .toBuffer();
  } catch {
    // An unreadable cover leaves the theme colour showing.
    return null;
  }
}

async function logoLayer(
  logo: Buffer | null,
  initial: string,
  color: string,
  family: string,
): Promise<Buffer> {
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${logoSize}" height="${logoSize}"><rect width="${logoSize}" height="${logoSize}" rx="28" fill="#fff"/></svg>`,
  );
  if (logo) {
    try {
      return await sharp(logo, { limitInputPixels: 50_000_000 })
        .rotate()
        .resize(logoSize, logoSize, { fit: 'contain', background: '#ffffff' })
        .flatten({ background: '#ffffff' })
        .composite([{ input: mask, blend: 'dest-in' }])
        .png()
        .toBuffer();
    } catch {
      // Fall through to the initial.
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${logoSize}" height="${logoSize}"><rect width="${logoSize}" height="${logoSize}" rx="28" fill="${color}"/><text x="${logoSize / 2}" y="${logoSize / 2 + 26}" text-anchor="middle" font-family="${escapeSvgText(family)}" font-size="72" font-weight="700" fill="#fff">${escapeSvgText(initial)}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Renders the invitation poster (§2 /meeting/invitation, §3 Enterprise) as a PNG of
 * {@link posterWidth}×{@link posterHeight}: the cover (or the theme colour) with the meeting title
 * and dates, then a card with the enterprise's logo (or its initial), name, booth, the QR code of
 * the share link and a "scan" caption in the poster's language. Texts go through
 * {@link escapeSvgText}; fonts are the Noto families (CJK, Arabic shaped by Pango).
 * @returns PNG bytes
 */
export async function renderPoster(input: PosterInput): Promise<Buffer> {
  const color = safeColor(input.themeColor);
  const family = fontFamily(input.language);
  const label = labels[input.language];
  const titleLines = wrapText(input.meetingTitle, 13.5, 2);
  const nameLines = wrapText(input.enterpriseName, 15, 2);
  const subtitle = [input.dateLine, input.venue].filter(Boolean).join(' · ');
  const titleBottom = cardTop - 50;
  const titleY = titleBottom - 56 - (titleLines.length - 1) * 58;
  // One-line names leave the spare line's height as a margin above the logo.
  const logoTop = cardTop + 50 + (2 - nameLines.length) * 25;
  const nameY = logoTop + logoSize + 64;
  const boothY = nameY + (nameLines.length - 1) * 50 + 56;
  const qrTop = boothY + (input.booth ? 34 : -10);
  const captionY = qrTop + qrSize + 48;
  const background = `<svg xmlns="http://www.w3.org/2000/svg" width="${posterWidth}" height="${posterHeight}">
<rect width="${posterWidth}" height="${posterHeight}" fill="${color}"/>
</svg>`;
  const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="${posterWidth}" height="${posterHeight}">
<defs><linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.3" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.65"/></linearGradient></defs>
<rect width="${posterWidth}" height="${coverHeight}" fill="url(#shade)"/>
${textLines(titleLines, { y: titleY, size: 48, lineHeight: 58, fill: '#ffffff', weight: 700, family })}
${textLines(wrapText(subtitle, 30, 1), { y: titleBottom - 4, size: 26, lineHeight: 32, fill: '#ffffff', family })}
<rect x="40" y="${cardTop}" width="${posterWidth - 80}" height="${posterHeight - cardTop - 40}" rx="28" fill="#ffffff"/>
${textLines(nameLines, { y: nameY, size: 40, lineHeight: 50, fill: '#1f2329', weight: 700, family })}
${input.booth ? textLines([`${label.booth} ${input.booth}`], { y: boothY, size: 30, lineHeight: 36, fill: color, weight: 700, family }) : ''}
${textLines(wrapText(label.scan, 36, 1), { y: captionY, size: 24, lineHeight: 30, fill: '#646a73', family })}
</svg>`;
  const [cover, logo, qr] = await Promise.all([
    coverLayer(input.cover),
    logoLayer(input.logo, Array.from(input.enterpriseName.trim())[0] ?? '?', color, family),
    QRCode.toBuffer(input.shareUrl, { type: 'png', width: qrSize, margin: 1, errorCorrectionLevel: 'M' }),
  ]);
  const layers: OverlayOptions[] = [];
  if (cover) layers.push({ input: cover, top: 0, left: 0 });
  layers.push({ input: Buffer.from(overlay), top: 0, left: 0 });
  layers.push({ input: logo, top: logoTop, left: (posterWidth - logoSize) / 2 });
  layers.push({ input: qr, top: qrTop, left: (posterWidth - qrSize) / 2 });
  return sharp(Buffer.from(background)).composite(layers).png({ compressionLevel: 9 }).toBuffer();
}
