import { Share2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageShare } from '../../lib/page-share.ts';
import type { ShareLinkInput } from '../../lib/share-paths.ts';
import { buttonClass } from './button.tsx';

/** The share sheet's code loads on the first tap, never with a page's first script (DESIGN §10). */
const ShareSheet = lazy(() => import('./share-sheet.tsx'));

type ShareButtonProps = {
  /** What is shared: a §2 share link type, its meeting, item and language. */
  link: ShareLinkInput;
  /** The shared item's title, in the display language (the sheet's heading and Web Share title). */
  title: string;
  /** A line about the item (plain text), for the card WeChat shows (lib/wechat-share.ts). */
  description?: string | undefined;
  className?: string;
  /** `pill` (default): a round ghost button with a label; `icon`: the icon alone. */
  look?: 'pill' | 'icon';
};

/**
 * "Share" (§2 share links): opens the share sheet — Web Share where the device has it, copy link,
 * QR code and the share card image. Detail pages (activity, enterprise, product, speaker, agenda
 * details, invitation, news, introduction) put it beside their title; it also names the page's item
 * for the card WeChat shows when the page is shared there.
 */
export function ShareButton({ link, title, description, className, look = 'pill' }: ShareButtonProps) {
  const { t, ready } = useTranslation('share');
  // The item's card inside WeChat (§2 share links): the page's share button tells the WeChat layer.
  usePageShare({ link, title, description });
  const [isOpen, setOpen] = useState(false);
  const label = ready ? t('button.share') : '';
  return (
    <>
      <button
        type="button"
        className={
          look === 'icon'
            ? `inline-flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 ${className ?? ''}`
            : buttonClass('ghost', 'sm', `h-10 rounded-full ${className ?? ''}`)
        }
        aria-label={look === 'icon' ? label : undefined}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-testid="share-button"
      >
        <Share2 aria-hidden="true" className="size-4.5" />
        {look === 'icon' ? null : label}
      </button>
      {isOpen ? (
        <Suspense fallback={null}>
          <ShareSheet link={link} title={title} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
