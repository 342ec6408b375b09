import type { ConsoleLiveIngest } from '@app/contracts';
import { Copy, Eye, EyeOff, KeyRound, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { copyText } from '../../../components/ui/copy-text.ts';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { revealIngest, rotateIngest } from '../api/console-lives-api.ts';

/** One value to paste into OBS, with its copy button. */
function CopyRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation('console-lives');
  return (
    <div className="flex flex-col gap-1">
      <span className="text-xs font-medium text-slate-500">{label}</span>
      <div className="flex items-center gap-2 rounded-card bg-slate-50 px-3 py-2 ring-1 ring-slate-200">
        <code className="min-w-0 flex-1 break-all text-[13px] text-slate-900" dir="ltr" data-testid={testId}>
          {value}
        </code>
        <Button
          size="sm"
          variant="ghost"
          aria-label={t('ingest.copy', { what: label })}
          onClick={() =>
            void copyText(value).then((isCopied) =>
              showToast(isCopied ? t('ingest.copied') : t('ingest.copyFailed')),
            )
          }
        >
          <Copy aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </div>
  );
}

/**
 * The built-in ingest of a live (§7 self-hosted ingest, MediaMTX): the OBS server and the stream key,
 * revealed only on request (each reveal is audited), copy buttons, a new key after a confirmation
 * (the old one stops working for new publishes), and a short OBS how-to. When the platform has no
 * ingest configured it says so.
 */
export function IngestPanel({
  meetingId,
  liveId,
  isIngest,
}: {
  meetingId: string;
  liveId: string;
  isIngest: boolean;
}) {
  const { t } = useTranslation('console-lives');
  const { t: tc } = useTranslation('common');
  const [ingest, setIngest] = useState<ConsoleLiveIngest | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [isRotating, setRotating] = useState(false);

  const run = async (call: () => Promise<ConsoleLiveIngest>, done?: string) => {
    setBusy(true);
    try {
      setIngest(await call());
      if (done) showToast(done);
    } catch (error) {
      showToast(apiErrorMessage(error, tc));
    } finally {
      setBusy(false);
      setRotating(false);
    }
  };

  return (
    <Card className="flex flex-col gap-4 p-4 desk:p-5" data-testid="console-live-ingest">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="flex items-center gap-2 text-[16px] font-semibold text-slate-900">
            <KeyRound aria-hidden="true" className="size-4 text-primary" />
            {t('ingest.title')}
          </h2>
          <p className="mt-0.5 text-[13px] text-slate-500">
            {isIngest ? t('ingest.hint') : t('ingest.notIngest')}
          </p>
        </div>
        {ingest ? (
          <Button size="sm" variant="secondary" onClick={() => setIngest(null)}>
            <EyeOff aria-hidden="true" className="size-4" />
            {t('ingest.hide')}
          </Button>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            disabled={isBusy}
            onClick={() => void run(() => revealIngest(meetingId, liveId))}
            data-testid="console-live-reveal"
          >
            <Eye aria-hidden="true" className="size-4" />
            {t('ingest.reveal')}
          </Button>
        )}
      </div>
      {ingest && !ingest.is_configured ? (
        <p className="rounded-card bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200" role="note">
          {t('ingest.notConfigured')}
        </p>
      ) : null}
      {ingest?.is_configured ? (
        <div className="flex flex-col gap-3">
          <CopyRow label={t('ingest.server')} value={ingest.server} testId="console-live-ingest-server" />
          <CopyRow label={t('ingest.key')} value={ingest.stream_key} testId="console-live-stream-key" />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-[13px] text-slate-500">{t('ingest.keySecret')}</p>
            <Button size="sm" variant="secondary" disabled={isBusy} onClick={() => setRotating(true)}>
              <RefreshCw aria-hidden="true" className="size-4" />
              {t('ingest.rotate')}
            </Button>
          </div>
        </div>
      ) : null}
      <details className="rounded-card bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-100">
        <summary className="cursor-pointer font-medium text-slate-800">{t('ingest.howTo')}</summary>
        <ol className="mt-2 list-decimal space-y-1.5 ps-5 text-[13px]">
          <li>{t('ingest.step1')}</li>
          <li>{t('ingest.step2')}</li>
          <li>{t('ingest.step3')}</li>
          <li>{t('ingest.step4')}</li>
        </ol>
        <p className="mt-2 text-[13px] text-slate-500">{t('ingest.serverNote')}</p>
      </details>
      <ConfirmDialog
        isOpen={isRotating}
        title={t('ingest.rotateTitle')}
        body={t('ingest.rotateBody')}
        confirmLabel={t('ingest.rotate')}
        cancelLabel={t('cancel')}
        isBusy={isBusy}
        onCancel={() => setRotating(false)}
        onConfirm={() => void run(() => rotateIngest(meetingId, liveId), t('ingest.rotated'))}
      />
    </Card>
  );
}
