import { create } from 'qrcode';
import { useMemo } from 'react';
import { cx } from './cx.ts';

/** Modules of white margin around the symbol: the QR standard's quiet zone is 4. */
const quietZone = 4;

/**
 * The dark modules of a QR symbol as one SVG path (one unit per module, shifted by the quiet zone),
 * encoded by the maintained `qrcode` library. Error correction M: about 15 % of a scratched or
 * glare-covered screen may be lost and the code still reads.
 */
export function qrPath(value: string): { size: number; path: string } {
  const { modules } = create(value, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) parts.push(`M${column + quietZone} ${row + quietZone}h1v1h-1z`);
    }
  }
  return { size: modules.size + quietZone * 2, path: parts.join('') };
}

type QrCodeProps = {
  /** The text the code carries. */
  value: string;
  /** What a screen reader says instead of the picture. */
  label: string;
  className?: string;
};

/**
 * A QR code as crisp SVG (sharp at any size, black on white with a quiet zone so scanners read it on
 * any page colour).
 */
export function QrCode({ value, label, className }: QrCodeProps) {
  const { size, path } = useMemo(() => qrPath(value), [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={cx('block aspect-square bg-white', className)}
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
