import { Copy, Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { copyText } from './copy-text.ts';
import { QrCode, qrPath } from './qr-code.tsx';
import { showToast } from './toast.tsx';

/** Pixels per QR module in the downloaded PNG (a 41-module code → about 400 px, print-ready). */
const pixelsPerModule = 10;

/**
 * Saves the QR code of `value` as a PNG: the same symbol the screen shows (qrPath, quiet zone
 * included), drawn on a canvas, black on white.
 */
export function downloadQrPng(value: string, fileName: string): void {
  const { size, path } = qrPath(value);
  const canvas = document.createElement('canvas');
  canvas.width = size * pixelsPerModule;
  canvas.height = size * pixelsPerModule;
  const context = canvas.getContext('2d');
  if (!context) return;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.scale(pixelsPerModule, pixelsPerModule);
  context.fillStyle = '#000000';
  context.fill(new Path2D(path));
  const link = document.createElement('a');
  link.href = canvas.toDataURL('image/png');
  link.download = fileName;
  link.click();
}

/**
 * A share link with its QR code, a copy button and a 'download QR as PNG' button (a source's link,
 * an invitation link, a vote's link). The link reads left to right in every language. Used by several
 * console areas; its labels live in the console-activities catalogue. Pulls in the QR encoder: lazy-load it.
 */
export function ShareLink({ url, label, fileName }: { url: string; label: string; fileName: string }) {
  const { t } = useTranslation('console-activities');
  return (
    <div className="flex flex-col gap-3 desk:flex-row desk:items-start">
      <QrCode
        value={url}
        label={t('share.qrOf', { label })}
        className="size-32 shrink-0 rounded-md ring-1 ring-slate-200"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <p
          className="break-all rounded-md bg-slate-50 p-2 text-[12px] text-slate-700"
          dir="ltr"
          data-testid="share-url"
        >
          {url}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            onClick={async () => showToast(t((await copyText(url)) ? 'share.copied' : 'share.copyFailed'))}
          >
            <Copy aria-hidden="true" className="size-4" />
            {t('share.copy')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => downloadQrPng(url, fileName)}>
            <Download aria-hidden="true" className="size-4" />
            {t('share.downloadQr')}
          </Button>
        </div>
      </div>
    </div>
  );
}
