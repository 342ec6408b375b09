import sharp from 'sharp';

/** Test pictures for ID recognition (not used by the app): drawn from SVG in Noto Sans CJK. */

/** The MOD 11-2 check character of 17 digits (GB 11643), written apart from the domain's. */
export function checkCharacterOf(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let index = 0; index < 17; index += 1) sum += (weights[index] as number) * Number(first17[index]);
  return '10X98765432'[sum % 11] as string;
}

/** A valid 18-character number from 17 digits. */
export const validIdNumber = (first17: string) => first17 + checkCharacterOf(first17);

const font = "font-family=\"'Noto Sans CJK SC', 'Noto Sans CJK', sans-serif\"";

/**
 * The front of an ID card (or residence permit) as a PNG: white card, 姓名 <name>, 性别, 出生, 住址 and
 * 公民身份号码 <number>, black Noto Sans CJK on white, 856×540 (10 px per mm).
 */
export async function idCardPng(input: { name: string; number: string }): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="856" height="540">
<rect width="856" height="540" rx="24" fill="#ffffff"/>
<g ${font} font-size="34" fill="#111111">
<text x="60" y="110">姓名  ${input.name}</text>
<text x="60" y="190">性别  男   民族  汉</text>
<text x="60" y="270">出生  1990年3月7日</text>
<text x="60" y="350">住址  北京市朝阳区建国路1号</text>
<text x="60" y="460">公民身份号码  ${input.number}</text>
</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The data page of a passport (not a supported document, §5): Latin text and an MRZ line. */
export async function passportPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="880" height="620">
<rect width="880" height="620" fill="#f4f1e8"/>
<g ${font} font-size="30" fill="#111111">
<text x="40" y="70">PASSPORT  护照</text>
<text x="40" y="140">Type P   Country code CHN   Passport No. E12345678</text>
<text x="40" y="210">Surname ZHANG   Given names SAN</text>
<text x="40" y="280">Date of birth 07 MAR 1990</text>
<text x="40" y="520" font-family="monospace" font-size="28">P&lt;CHNZHANG&lt;&lt;SAN&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;</text>
<text x="40" y="570" font-family="monospace" font-size="28">E123456780CHN9003077M3001015&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;06</text>
</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A picture with no document at all: coloured shapes. */
export async function randomPicturePng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
<rect width="640" height="480" fill="#3a7bd5"/><circle cx="320" cy="240" r="150" fill="#f9d423"/>
<rect x="60" y="330" width="200" height="100" fill="#e65c00"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
