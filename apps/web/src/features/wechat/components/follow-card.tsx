import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readStored, writeStored } from '../../../lib/storage.ts';
import { useFollowState } from '../api/follow.ts';

const dismissedKey = (meetingId: string) => `wechat.follow.dismissed.${meetingId}`;

/**
 * The follow card on the meeting home inside WeChat (§7 GET /wechat/service/follow): when the visitor
 * does not follow the meeting's official account and the organiser uploaded its QR code, a calm
 * card with the account's name and the QR (WeChat recognises it on a long press). Dismissed once,
 * it stays away for that meeting on this device. Shows nothing while loading or when the server
 * cannot tell: it is an invitation, never a gate.
 */
export function FollowCard({ meetingId }: { meetingId: string }) {
  const { t, ready } = useTranslation('wechat');
  const [isDismissed, setDismissed] = useState(() => readStored(dismissedKey(meetingId)) === '1');
  const follow = useFollowState(meetingId, !isDismissed);
  if (isDismissed || !ready || !follow.data) return null;
  const { subscribe, name, qrcode_url: qrcodeUrl } = follow.data;
  if (subscribe === 1 || !qrcodeUrl) return null;
  const dismiss = () => {
    writeStored(dismissedKey(meetingId), '1');
    setDismissed(true);
  };
  const title = name ? t('follow.title', { name }) : t('follow.titleNoName');
  return (
    <aside
      aria-label={title}
      className="fixed inset-x-3 bottom-[calc(72px+env(safe-area-inset-bottom))] z-30 mx-auto max-w-md rounded-card bg-white p-4 shadow-lg ring-1 ring-slate-900/[0.08] desk:start-auto desk:end-6 desk:bottom-6 desk:w-[360px]"
      data-testid="wechat-follow-card"
    >
      <div className="flex items-start gap-4">
        <img
          src={qrcodeUrl}
          alt={t('follow.qrAlt', { name: name || t('follow.account') })}
          className="size-24 shrink-0 rounded-md bg-white object-contain ring-1 ring-slate-200"
          data-testid="wechat-follow-qr"
        />
        <div className="min-w-0 flex-1 pt-0.5">
          <p className="text-[15px] font-semibold text-slate-900">
            <bdi>{title}</bdi>
          </p>
          <p className="mt-1 text-[13px] leading-snug text-slate-600">{t('follow.body')}</p>
        </div>
        <button
          type="button"
          onClick={dismiss}
          aria-label={t('follow.dismiss')}
          className="-me-2 -mt-2 inline-flex size-9 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100"
          data-testid="wechat-follow-dismiss"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
    </aside>
  );
}
