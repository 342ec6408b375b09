import { useMutation } from '@tanstack/react-query';
import { Copy, Link2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { copyText } from '../../../components/ui/copy-text.ts';
import { ModalDialog } from '../../../components/ui/dialog.tsx';
import { QrCode } from '../../../components/ui/qr-code.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { pagesPaths } from '../../../lib/pages-paths.ts';
import { createPreview } from '../api/console-pages-api.ts';
import { consolePagesErrorMessage } from './console-pages-errors.ts';
import { inputClass, Labelled } from './form-parts.tsx';

/** The lives the organiser may give a preview link (1 h to 7 days), in hours, with their labels. */
const lives = [
  { hours: 1, key: 'h1' },
  { hours: 6, key: 'h6' },
  { hours: 24, key: 'h24' },
  { hours: 72, key: 'd3' },
  { hours: 168, key: 'd7' },
] as const;

/** The full address of a preview link in this app (hash route, §2 /preview). */
export function previewUrl(meetingId: string, token: string): string {
  return `${window.location.origin}${window.location.pathname}#${pagesPaths.preview({ meetingId, token })}`;
}

/**
 * "Copy preview link" (§2 /preview): the organiser picks how long the link works, gets the link to
 * copy and its QR code to scan with a phone. Anyone holding it sees the page's current draft.
 */
export function PreviewLinkDialog({
  meetingId,
  pageId,
  isOpen,
  onClose,
}: {
  meetingId: string;
  pageId: string;
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('console-pages');
  const language = useLanguage();
  const [hours, setHours] = useState(24);
  const link = useMutation({
    mutationFn: () => createPreview(meetingId, { pageId, hours }),
    onError: (error) => showToast(consolePagesErrorMessage(error, t)),
  });
  const url = link.data ? previewUrl(meetingId, link.data.token) : '';
  const close = () => {
    link.reset();
    onClose();
  };
  const copy = async () => {
    showToast((await copyText(url)) ? t('preview.copied') : t('preview.copyFailed'));
  };
  return (
    <ModalDialog
      isOpen={isOpen}
      onDismiss={close}
      title={t('preview.title')}
      testId="console-preview-dialog"
      body={
        <div className="space-y-4">
          <p className="text-sm text-slate-500">{t('preview.description')}</p>
          <Labelled label={t('preview.validFor')}>
            {(id) => (
              <select
                id={id}
                className={inputClass}
                value={hours}
                onChange={(event) => {
                  setHours(Number(event.target.value));
                  link.reset();
                }}
              >
                {lives.map((life) => (
                  <option key={life.hours} value={life.hours}>
                    {t(`preview.options.${life.key}`)}
                  </option>
                ))}
              </select>
            )}
          </Labelled>
          {link.data ? (
            <div className="space-y-3">
              <input
                readOnly
                value={url}
                aria-label={t('preview.title')}
                className={`${inputClass} text-[13px]`}
                onFocus={(event) => event.target.select()}
                data-testid="console-preview-url"
              />
              <p className="text-[13px] text-slate-500">
                {t('preview.expires', {
                  time: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
                    link.data.expires_at * 1000,
                  ),
                })}
              </p>
              <QrCode value={url} label={t('preview.qr')} className="mx-auto size-40" />
            </div>
          ) : null}
        </div>
      }
    >
      <Button variant="secondary" className="flex-1" onClick={close}>
        {t('preview.close')}
      </Button>
      {link.data ? (
        <Button className="flex-1" onClick={() => void copy()} data-testid="console-preview-copy">
          <Copy aria-hidden="true" className="size-4" />
          {t('preview.copy')}
        </Button>
      ) : (
        <Button
          className="flex-1"
          onClick={() => link.mutate()}
          disabled={link.isPending}
          data-testid="console-preview-create"
        >
          <Link2 aria-hidden="true" className="size-4" />
          {t('preview.create')}
        </Button>
      )}
    </ModalDialog>
  );
}
