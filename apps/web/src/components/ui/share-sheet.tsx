import { Copy, Download, Share, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/i18n.ts';
import { type ShareLinkInput, sharePaths } from '../../lib/share-paths.ts';
import { buttonClass } from './button.tsx';
import { copyText } from './copy-text.ts';
import { QrCode } from './qr-code.tsx';
import { showToast } from './toast.tsx';

type ShareSheetProps = { link: ShareLinkInput; title: string; onClose: () => void };

/**
 * The share sheet (§2 share links), a modal on the native `<dialog>` (focus trap, Escape): the share
 * card the chat apps will show (with a download link), the QR code of the share URL, Web Share
 * where the device offers it, and copy link with a toast (§8). The share URL is the server-rendered
 * share page, whose Open Graph tags give chat apps the card.
 */
function ShareSheet({ link, title, onClose }: ShareSheetProps) {
  const { t } = useTranslation('share');
  const language = useLanguage();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const input = { ...link, lang: link.lang ?? language };
  const url = sharePaths.url(input);
  const cardUrl = sharePaths.card(input);
  const [isCardShown, setCardShown] = useState(true);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const copy = async () => {
    showToast((await copyText(url)) ? t('sheet.copied') : t('sheet.copyFailed'));
  };
  const shareNatively = async () => {
    try {
      await navigator.share({ title, url });
    } catch {
      // Dismissed by the person, or refused: the sheet stays for copying.
    }
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      data-testid="share-sheet"
      className="z-[3000] m-auto mb-0 w-full max-w-none rounded-t-2xl bg-white p-0 shadow-xl backdrop:bg-slate-900/40 sm:mb-auto sm:w-[min(28rem,calc(100vw-2rem))] sm:rounded-card"
    >
      <div className="flex items-center justify-between border-b border-slate-100 px-5 py-3">
        <h2 id={titleId} className="text-[17px] font-semibold text-slate-900">
          {t('sheet.title')}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('sheet.close')}
          className="-me-2 inline-flex size-10 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      <div className="space-y-4 px-5 pt-4 pb-[max(1.25rem,env(safe-area-inset-bottom))]">
        {isCardShown ? (
          <figure className="overflow-hidden rounded-card bg-slate-100 ring-1 ring-slate-900/5">
            <img
              src={cardUrl}
              alt={t('sheet.cardAlt', { title })}
              width={1200}
              height={630}
              className="aspect-[1200/630] w-full object-cover"
              onError={() => setCardShown(false)}
              data-testid="share-card"
            />
          </figure>
        ) : null}
        <div className="flex items-center gap-4">
          <QrCode
            value={url}
            label={t('sheet.qrLabel')}
            className="size-28 shrink-0 rounded-md ring-1 ring-slate-200"
          />
          <div className="min-w-0 space-y-1">
            <p className="text-[15px] font-medium text-slate-900">
              <bdi>{title}</bdi>
            </p>
            <p className="text-[13px] text-slate-500">{t('sheet.qr')}</p>
            <p className="truncate text-[12px] text-slate-400" dir="ltr" data-testid="share-url">
              {url}
            </p>
          </div>
        </div>
        <div className="grid gap-2 sm:grid-cols-2">
          {canShare ? (
            <button
              type="button"
              className={buttonClass('primary', 'md', 'w-full sm:col-span-2')}
              onClick={shareNatively}
            >
              <Share aria-hidden="true" className="size-5" />
              {t('sheet.native')}
            </button>
          ) : null}
          <button
            type="button"
            className={buttonClass(canShare ? 'secondary' : 'primary', 'md', 'w-full')}
            onClick={copy}
            data-testid="share-copy"
          >
            <Copy aria-hidden="true" className="size-5" />
            {t('sheet.copy')}
          </button>
          <a
            href={cardUrl}
            download
            className={buttonClass('secondary', 'md', 'w-full')}
            data-testid="share-download"
          >
            <Download aria-hidden="true" className="size-5" />
            {t('sheet.download')}
          </a>
        </div>
      </div>
    </dialog>
  );
}

export default ShareSheet;
