import type { ShareCardSize } from '@app/contracts';
import { type Language, textDirection } from '@app/domain';
import QRCode from 'qrcode';
import sharp, { type OverlayOptions } from 'sharp';
import { escapeSvgText, fontFamily, wrapText } from '../invitations/invitations.poster.ts';

/** What a share card shows; texts are plain (escaped here), the cover is raw bytes of any format. */
export type ShareCardInput = {
  language: Language;
  title: string;
  description: string;
  /** The meeting's name, shown at the foot (and as the title's fallback). */
  siteName: string;
  /** `#rrggbb` of the meeting (§3 config.theme_color). */
  themeColor: string;
  cover: Buffer | null;
  /** Encoded in the QR code: the share page's address. */
  shareUrl: string;
};

const card = { width: 1200, height: 630 };
const coverWidth = 480;
const qrSize = 180;
const thumb = 120;

/** A colour safe to put in SVG, falling back to the default teal. */
function safeColor(value: string): string {
  return /^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/.test(value) ? value : '#0e7c6b';
}

async function fitCover(cover: Buffer | null, width: number, height: number): Promise<Buffer | null> {
  if (!cover) return null;
  try {
    return await sharp(cover, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(width, height, { fit: 'cover' })
      .png()
      .toBuffer();
  } catch {
    // An unreadable cover leaves the theme colour showing.
    return null;
  }
}

/** Punctuation that may not start a line (CJK line-breaking rules, kinsoku): it hangs at the previous end. */
const noLineStart = /^[、。，．：；！？）」』】〕〉》”’,.:;!?)\]}…ー]+/u;

/** wrapText, with a line that would start with closing punctuation pulling it back onto the line before. */
function wrap(text: string, maxEms: number, maxLines: number): string[] {
  const lines = wrapText(text, maxEms, maxLines + 1);
  for (let index = 1; index < lines.length; index += 1) {
    const match = noLineStart.exec(lines[index] as string);
    if (!match) continue;
    lines[index - 1] = `${lines[index - 1]}${match[0]}`;
    lines[index] = (lines[index] as string).slice(match[0].length).trimStart();
  }
  const kept = lines.filter((line) => line !== '');
  if (kept.length <= maxLines) return kept;
  return wrapText(text, maxEms, maxLines);
}

/** Right-to-left scripts (Hebrew, Arabic, Syriac, Thaana …): a line holding them reads right to left. */
const rtlScript = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;

/**
 * Lines of text at `x`: each line's direction follows its own script (an English title on an
 * Arabic card still reads left to right) and is aligned to the layout's side — the start edge of
 * a left-to-right card, the right edge of a mirrored (Arabic) one.
 */
function textBlock(
  lines: string[],
  options: { x: number; y: number; size: number; lineHeight: number; fill: string; weight?: number },
  isRtlLayout: boolean,
  family: string,
): string {
  return lines
    .map((line, index) => {
      const isRtlLine = rtlScript.test(line);
      const anchor = isRtlLine === isRtlLayout ? 'start' : 'end';
      return `<text x="${options.x}" y="${options.y + index * options.lineHeight}" text-anchor="${anchor}" direction="${isRtlLine ? 'rtl' : 'ltr'}" font-family="${escapeSvgText(family)}" font-size="${options.size}" font-weight="${options.weight ?? 400}" fill="${options.fill}">${escapeSvgText(line)}</text>`;
    })
    .join('');
}

/**
 * The Open Graph card (1200×630): the cover (or the theme colour with the title's first letter) in
 * a 480-pixel band, and on the white side the title (up to three lines), the description (two), the
 * meeting's name under a theme-coloured rule, and the QR code of the share page. Arabic mirrors the
 * layout (cover on the right, text right-aligned).
 */
async function renderCard(input: ShareCardInput): Promise<Buffer> {
  const color = safeColor(input.themeColor);
  const family = fontFamily(input.language);
  const direction = textDirection(input.language);
  const isRtl = direction === 'rtl';
  const padding = 64;
  const textLeft = isRtl ? padding : coverWidth + padding;
  const textRight = isRtl ? card.width - coverWidth - padding : card.width - padding;
  const textX = isRtl ? textRight : textLeft;
  const textWidth = textRight - textLeft;
  const titleLines = wrap(input.title || input.siteName, textWidth / 52, 3);
  const descriptionLines = input.description ? wrap(input.description, textWidth / 28, 2) : [];
  const siteLines = wrap(input.siteName, (textWidth - qrSize - 24) / 26, 2);
  const titleY = padding + 60;
  const descriptionY = titleY + titleLines.length * 64 + 20;
  const coverX = isRtl ? card.width - coverWidth : 0;
  const qrLeft = isRtl ? textLeft : textRight - qrSize;
  const qrTop = card.height - padding - qrSize + 8;
  const siteX = isRtl ? textRight : textLeft;
  const initial = Array.from((input.title || input.siteName).trim())[0] ?? '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${card.width}" height="${card.height}">
<rect width="${card.width}" height="${card.height}" fill="#ffffff"/>
<rect x="${coverX}" width="${coverWidth}" height="${card.height}" fill="${color}"/>
<text x="${coverX + coverWidth / 2}" y="${card.height / 2 + 70}" text-anchor="middle" font-family="${escapeSvgText(family)}" font-size="200" font-weight="700" fill="#ffffff" fill-opacity="0.9">${escapeSvgText(initial)}</text>
${textBlock(titleLines, { x: textX, y: titleY, size: 52, lineHeight: 64, fill: '#1f2329', weight: 700 }, isRtl, family)}
${textBlock(descriptionLines, { x: textX, y: descriptionY, size: 28, lineHeight: 40, fill: '#646a73' }, isRtl, family)}
<rect x="${isRtl ? textRight - 64 : textLeft}" y="${qrTop}" width="64" height="6" rx="3" fill="${color}"/>
${textBlock(siteLines, { x: siteX, y: qrTop + 56, size: 26, lineHeight: 36, fill: '#1f2329', weight: 700 }, isRtl, family)}
</svg>`;
  const [cover, qr] = await Promise.all([
    fitCover(input.cover, coverWidth, card.height),
    QRCode.toBuffer(input.shareUrl, { type: 'png', width: qrSize, margin: 1, errorCorrectionLevel: 'M' }),
  ]);
  const layers: OverlayOptions[] = [];
  if (cover) layers.push({ input: cover, top: 0, left: coverX });
  layers.push({ input: qr, top: qrTop, left: qrLeft });
  return sharp(Buffer.from(svg)).composite(layers).png({ compressionLevel: 9 }).toBuffer();
}

/** The share thumbnail (§9 share image size 120): the cover, or the theme colour with the initial. */
async function renderThumb(input: ShareCardInput): Promise<Buffer> {
  const cover = await fitCover(input.cover, thumb, thumb);
  if (cover) return cover;
  const family = fontFamily(input.language);
  const initial = Array.from((input.title || input.siteName).trim())[0] ?? '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${thumb}" height="${thumb}"><rect width="${thumb}" height="${thumb}" fill="${safeColor(input.themeColor)}"/><text x="${thumb / 2}" y="${thumb / 2 + 22}" text-anchor="middle" font-family="${escapeSvgText(family)}" font-size="64" font-weight="700" fill="#ffffff">${escapeSvgText(initial)}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Renders a share card (§2 share links, §9 share image size) as PNG bytes: `card` 1200×630 for Open
 * Graph and Twitter, `thumb` 120×120 for chat apps' small previews. Texts go through escapeSvgText;
 * fonts are the Noto families (CJK, Arabic shaped by Pango, as the invitation poster).
 */
export function renderShareCard(input: ShareCardInput, size: ShareCardSize): Promise<Buffer> {
  return size === 'thumb' ? renderThumb(input) : renderCard(input);
}
