import { Download, RefreshCw, ScanLine } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { QrCode } from '../../../components/ui/qr-code.tsx';
import { QrScanner } from '../../../components/ui/qr-scanner.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { cardFromScan } from '../../../lib/friends-paths.ts';
import { idOf, useMeeting } from '../../../lib/meeting-context.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { downloadVcard, useExchangeCard, useFriendCard, useRenewFriendCard } from '../api/friends.ts';
import { type ExchangeOutcome, ExchangeResult } from '../components/exchange-result.tsx';
import { friendErrorMessage } from '../components/friend-error.ts';
import { RequestsLink } from '../components/requests-link.tsx';

/** The absolute address a personal QR carries (this app's origin and path, then the card's hash link). */
function absoluteLink(link: string): string {
  const { origin, pathname } = window.location;
  return `${origin}${pathname.replace(/\/[^/]*$/, '/')}${link.replace(/^\//, '')}`;
}

/**
 * /my/contact (§2, card exchange §1, §6): my personal QR, large, for another participant to scan with
 * the app or their phone camera; "Scan a card" opens the camera scanner (components/ui/qr-scanner, the
 * check-in one; a photo when the in-app browser refuses the camera) and connects at once; the vCard
 * export of all my connections; "Renew my QR code", after a confirmation that older printed codes stop
 * working (§8 'Invalid QR code information' when they are scanned).
 */
function ContactRoute() {
  const { t, ready } = useTranslation('friends');
  const meetingId = idOf(useMeeting());
  const card = useFriendCard();
  const [scanParam, setScan] = useSearchState('scan');
  const isScanning = scanParam === '1';
  const exchange = useExchangeCard();
  const [outcome, setOutcome] = useState<ExchangeOutcome | null>(null);
  const lastCode = useRef('');
  const [isDownloading, setDownloading] = useState(false);
  const renew = useRenewFriendCard();
  const [isRenewing, setRenewing] = useState(false);

  const onCode = (text: string) => {
    if (exchange.isPending || outcome || text === lastCode.current) return;
    lastCode.current = text;
    const token = cardFromScan(text);
    if (!token) {
      setOutcome({ error: new ApiError(400, 'card.invalid', ''), card: '' });
      return;
    }
    exchange.mutate(token, {
      onSuccess: (result) => setOutcome({ friend: result.friend }),
      onError: (error) => setOutcome({ error, card: token }),
    });
  };
  const scanAgain = () => {
    lastCode.current = '';
    setOutcome(null);
  };

  return (
    <div className="mx-auto max-w-[560px] space-y-5 px-4 pt-4 pb-10 desk:px-0 desk:pt-8">
      <PageHeader title={ready ? t('card.title') : ''} />
      {isScanning ? (
        <section className="space-y-3" aria-label={ready ? t('card.scan') : ''}>
          <QrScanner
            onCode={onCode}
            onPhotoWithoutCode={() => showToast(t('card.noCode'))}
            isPaused={outcome !== null || exchange.isPending}
            labels={{
              hint: t('card.scanHint'),
              starting: t('card.starting'),
              unavailable: t('card.unavailable'),
              choosePhoto: t('card.choosePhoto'),
              switchCamera: t('card.switchCamera'),
              torch: t('card.torch'),
              paused: t('card.paused'),
            }}
          />
          {outcome ? <ExchangeResult outcome={outcome} /> : null}
          <div className="flex gap-2">
            {outcome ? (
              <Button className="flex-1" onClick={scanAgain}>
                {t('card.scanAgain')}
              </Button>
            ) : null}
            <Button
              variant="secondary"
              className="flex-1"
              onClick={() => {
                scanAgain();
                setScan(undefined);
              }}
            >
              {t('card.closeScanner')}
            </Button>
          </div>
        </section>
      ) : (
        <section className="rounded-card bg-white p-5 text-center shadow-sm ring-1 ring-slate-100">
          {card.isPending || !ready ? (
            <Skeleton className="mx-auto aspect-square w-full max-w-[18rem]" />
          ) : card.isError ? (
            <ErrorState onRetry={() => void card.refetch()} />
          ) : (
            <>
              <QrCode
                value={absoluteLink(card.data.link)}
                label={t('card.qrLabel')}
                className="mx-auto w-full max-w-[18rem] rounded-lg"
              />
              <p className="mt-4 text-[15px] text-slate-600" data-testid="card-intro">
                {card.data.can_exchange ? t('card.intro') : t('card.cannotExchange')}
              </p>
              <input type="hidden" data-testid="card-link" value={card.data.link} readOnly />
            </>
          )}
        </section>
      )}
      {isScanning ? null : (
        <div className="grid gap-2 desk:grid-cols-2">
          <Button onClick={() => setScan('1')} data-testid="scan-open">
            <ScanLine aria-hidden="true" className="size-5" />
            {ready ? t('card.scan') : ''}
          </Button>
          <Button
            variant="secondary"
            disabled={isDownloading}
            onClick={() => {
              setDownloading(true);
              downloadVcard()
                .catch((error: unknown) => showToast(friendErrorMessage(error, t)))
                .finally(() => setDownloading(false));
            }}
          >
            <Download aria-hidden="true" className="size-5" />
            {ready ? t('card.download') : ''}
          </Button>
        </div>
      )}
      {isScanning || !card.isSuccess ? null : (
        <Button
          variant="secondary"
          className="w-full"
          onClick={() => setRenewing(true)}
          data-testid="card-renew"
        >
          <RefreshCw aria-hidden="true" className="size-5" />
          {ready ? t('card.renew') : ''}
        </Button>
      )}
      <RequestsLink meetingId={meetingId} />
      <ConfirmDialog
        isOpen={isRenewing}
        title={ready ? t('card.renewTitle') : ''}
        body={ready ? t('card.renewBody') : ''}
        confirmLabel={ready ? t('card.renewConfirm') : ''}
        cancelLabel={ready ? t('card.renewCancel') : ''}
        isBusy={renew.isPending}
        onCancel={() => setRenewing(false)}
        onConfirm={() =>
          renew.mutate(undefined, {
            onSuccess: () => {
              setRenewing(false);
              showToast(t('card.renewed'));
            },
            onError: (error) => showToast(friendErrorMessage(error, t)),
          })
        }
      />
    </div>
  );
}

export { ContactRoute as Component };
