import { CalendarPlus, Copy, Lock, QrCode as QrIcon, RotateCcw } from 'lucide-react';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { copyText } from '../../../components/ui/copy-text.ts';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton, SkeletonText } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { useCalendarFeed } from '../api/calendar-feed.ts';
import { useResetCalendarFeed } from '../api/reset-calendar-feed.ts';

const QrCode = lazy(() =>
  import('../../../components/ui/qr-code.tsx').then((module) => ({ default: module.QrCode })),
);

const desktopQuery = '(min-width: 64rem)';
const subscribeDesktop = (listener: () => void) => {
  const media = window.matchMedia(desktopQuery);
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
};

/** Whether the screen is desktop-wide (≥ 1024 px): there a QR code hands the link to a phone. */
function useIsDesktop(): boolean {
  return useSyncExternalStore(
    subscribeDesktop,
    () => window.matchMedia(desktopQuery).matches,
    () => false,
  );
}

/** Google Calendar's "add by URL" address for a feed. */
export function googleCalendarUrl(webcalUrl: string): string {
  return `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcalUrl)}`;
}

/**
 * 'Subscribe in your calendar' (beyond the spec; §3 Schedule): the caller's private iCalendar feed as a
 * webcal link (phones open it as a subscription), Google Calendar, a copyable link and, on desktop, a QR code
 * to scan with a phone; 'Reset link' replaces the secret after a confirmation (the old link stops).
 */
export function CalendarCard() {
  const { t } = useTranslation('schedules');
  const { t: tc } = useTranslation('common');
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const isDesktop = useIsDesktop();
  const [isConfirming, setConfirming] = useState(false);

  const onCopy = async (url: string) => {
    const isCopied = await copyText(url).catch(() => false);
    showToast(isCopied ? t('calendar.copied') : t('calendar.copyFailed'));
  };

  const onReset = () => {
    reset.mutate(undefined, {
      onSuccess: () => showToast(t('calendar.resetDone')),
      onError: (error) => showToast(apiErrorMessage(error, tc)),
      onSettled: () => setConfirming(false),
    });
  };

  return (
    <Card className="p-5" data-testid="calendar-card">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
          <CalendarPlus aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-slate-900">{t('calendar.title')}</h2>
          <p className="mt-1 text-sm text-slate-500">{t('calendar.description')}</p>
        </div>
      </div>
      {feed.isPending ? (
        <div className="mt-4 space-y-3" aria-busy="true">
          <Skeleton className="h-11 w-full" />
          <SkeletonText lines={2} />
        </div>
      ) : feed.isError ? (
        <ErrorState className="py-6" onRetry={() => void feed.refetch()} />
      ) : (
        <div className="mt-4 space-y-3">
          <a
            href={feed.data.webcal_url}
            className={buttonClass('primary', 'md', 'w-full')}
            data-testid="calendar-webcal"
          >
            <CalendarPlus aria-hidden="true" className="size-4 shrink-0" />
            {t('calendar.addToPhone')}
          </a>
          <div className="grid grid-cols-2 gap-3">
            <a
              href={googleCalendarUrl(feed.data.webcal_url)}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('secondary', 'md', 'px-3')}
              data-testid="calendar-google"
            >
              {t('calendar.google')}
            </a>
            <Button
              variant="secondary"
              className="px-3"
              onClick={() => void onCopy(feed.data.url)}
              data-testid="calendar-copy"
            >
              <Copy aria-hidden="true" className="size-4 shrink-0" />
              {t('calendar.copy')}
            </Button>
          </div>
          <p
            dir="ltr"
            className="truncate rounded-lg bg-slate-100 px-3 py-2 text-start font-mono text-xs text-slate-600"
            data-testid="calendar-url"
          >
            {feed.data.url}
          </p>
          {isDesktop ? (
            <figure className="flex items-center gap-4 rounded-lg bg-slate-50 p-3" data-testid="calendar-qr">
              <Suspense fallback={<Skeleton className="size-28 shrink-0" />}>
                <QrCode
                  value={feed.data.url}
                  label={t('calendar.qrLabel')}
                  className="size-28 shrink-0 rounded-md ring-1 ring-slate-200"
                />
              </Suspense>
              <figcaption className="flex items-center gap-1.5 text-sm font-medium text-slate-700">
                <QrIcon aria-hidden="true" className="size-4 shrink-0 text-primary" />
                {t('calendar.scan')}
              </figcaption>
            </figure>
          ) : null}
          <p className="flex items-start gap-1.5 text-[13px] text-slate-500">
            <Lock aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
            {t('calendar.private')}
          </p>
          <Button
            variant="ghost"
            size="sm"
            className="-ms-3.5"
            onClick={() => setConfirming(true)}
            data-testid="calendar-reset"
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            {t('calendar.reset')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('calendar.resetTitle')}
        body={t('calendar.resetBody')}
        confirmLabel={t('calendar.reset')}
        cancelLabel={tc('actions.cancel')}
        onConfirm={onReset}
        onCancel={() => setConfirming(false)}
        isBusy={reset.isPending}
      />
    </Card>
  );
}
