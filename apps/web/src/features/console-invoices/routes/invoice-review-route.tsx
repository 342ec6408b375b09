import type { ConsoleInvoice } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, FileText, Upload } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage } from '../../../components/ui/console-page.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormDialog, TextArea } from '../../../components/ui/form-dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { uploadImage } from '../../../lib/api/upload-image.ts';
import { useConsole } from '../../../lib/console-context.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { clockTime, formatDate } from '../../../lib/time.ts';
import {
  completeInvoice,
  consoleInvoiceKeys,
  downloadIssuedPdf,
  invoiceQueryOptions,
  rejectInvoice,
} from '../api/console-invoices-api.ts';
import { canDo, QueueStateBadge, useQueueMoney } from '../components/invoice-parts.tsx';
import { invoiceScreens } from '../console-invoices-screens.ts';

/**
 * `#/console/meetings/:meetingId/invoices/:invoiceId` (DESIGN §7; §3 Invoice; §4 Invoice): one request —
 * what the buyer asked for, its order (paid and refunded now), and, while it is being processed, the
 * two outcomes for invoice.process: complete with the issued PDF and/or the invoice number, or reject
 * with a reason the buyer reads (they may correct and reapply).
 */
function InvoiceReviewRoute() {
  const { t } = useTranslation('console-invoices');
  const { meetingId = '', invoiceId = '' } = useParams();
  const { meeting } = useConsole();
  const query = useQuery(invoiceQueryOptions(meetingId, invoiceId));
  const back = (
    <Link
      to={invoiceScreens.queue(meetingId)}
      className="mb-3 inline-flex items-center gap-1 text-sm text-slate-500 hover:text-primary"
    >
      <ChevronLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
      {t('review.back')}
    </Link>
  );
  return (
    <ConsolePage title={t('review.heading')} testId="console-invoice-review">
      {back}
      {query.isPending ? (
        <div className="space-y-4" aria-busy="true">
          <Skeleton className="h-40 w-full rounded-card" />
          <Skeleton className="h-64 w-full rounded-card" />
        </div>
      ) : query.isError ? (
        <ConsoleErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Review
          invoice={query.data}
          meetingId={meetingId}
          timeZone={meeting?.time_zone ?? 'UTC'}
          canProcess={canDo(meeting?.actions, 'invoice.process')}
        />
      )}
    </ConsolePage>
  );
}

function Review({
  invoice,
  meetingId,
  timeZone,
  canProcess,
}: {
  invoice: ConsoleInvoice;
  meetingId: string;
  timeZone: string;
  canProcess: boolean;
}) {
  const { t } = useTranslation('console-invoices');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const money = useQueueMoney();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'complete' | 'reject' | null>(null);
  const [issuedNumber, setIssuedNumber] = useState('');
  const [file, setFile] = useState<{ key: string; name: string } | null>(null);
  const [isUploading, setUploading] = useState(false);
  const [reason, setReason] = useState('');
  const [isBusy, setBusy] = useState(false);
  const when = (seconds: number) =>
    `${formatDate(seconds * 1000, timeZone, language, { day: 'numeric', month: 'short', year: 'numeric' })} ${clockTime(seconds * 1000, timeZone, language)}`;

  const act = async (work: () => Promise<ConsoleInvoice>, done: string) => {
    setBusy(true);
    try {
      const updated = await work();
      queryClient.setQueryData(consoleInvoiceKeys.item(meetingId, invoice._id.$id), updated);
      await queryClient.invalidateQueries({ queryKey: [...consoleInvoiceKeys.all(meetingId), 'list'] });
      setDialog(null);
      showToast(done);
    } catch (error) {
      if (
        error instanceof ApiError &&
        (error.code === 'conflict.stale' || error.code === 'invoice.wrong_state')
      ) {
        showToast(t('review.changed'));
        setDialog(null);
        await queryClient.invalidateQueries({ queryKey: consoleInvoiceKeys.all(meetingId) });
      } else showToast(apiErrorMessage(error, tc));
    } finally {
      setBusy(false);
    }
  };

  const pickFile = async (picked: File | undefined) => {
    if (!picked) return;
    if (picked.type !== 'application/pdf') {
      showToast(t('complete.pdfOnly'));
      return;
    }
    setUploading(true);
    try {
      const uploaded = await uploadImage(picked, 'attachment');
      setFile({ key: uploaded.key, name: picked.name });
    } catch (error) {
      showToast(apiErrorMessage(error, tc));
    } finally {
      setUploading(false);
    }
  };

  const rows: [string, ReactNode][] = [
    [t('field.type'), t(`type.${invoice.type}`)],
    [t('field.title'), <bdi key="title">{invoice.title}</bdi>],
    [
      t('field.taxpayerNumber'),
      <span key="tax" dir="ltr">
        {invoice.taxpayer_number}
      </span>,
    ],
    [t('field.registeredAddress'), invoice.registered_address || '—'],
    [
      t('field.phone'),
      invoice.phone ? (
        <span key="phone" dir="ltr">
          {invoice.phone}
        </span>
      ) : (
        '—'
      ),
    ],
    [t('field.bank'), invoice.bank || '—'],
    [
      t('field.bankAccount'),
      invoice.bank_account ? (
        <span key="account" dir="ltr">
          {invoice.bank_account}
        </span>
      ) : (
        '—'
      ),
    ],
    [
      t('field.mobile'),
      <span key="mobile" dir="ltr">
        {invoice.mobile}
      </span>,
    ],
    [t('field.email'), invoice.email || '—'],
    [t('field.delivery'), t(`delivery.${invoice.delivery}`)],
    ...(invoice.delivery === 'express'
      ? [[t('field.mailingAddress'), invoice.mailing_address] as [string, ReactNode]]
      : []),
  ];

  return (
    <div className="grid gap-4 desk:grid-cols-[minmax(0,1fr)_320px]">
      <Card className="p-4 desk:p-5" data-testid="console-invoice-fields">
        <div className="mb-3 flex items-center justify-between gap-3">
          <h2 className="text-base font-semibold text-slate-900">{t('review.request')}</h2>
          <QueueStateBadge state={invoice.state} />
        </div>
        <dl className="divide-y divide-slate-100 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="grid grid-cols-[9rem_minmax(0,1fr)] gap-3 py-2">
              <dt className="text-slate-500">{label}</dt>
              <dd className="break-words text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <div className="space-y-4">
        <Card className="space-y-2 p-4 text-sm">
          <h2 className="mb-1 text-base font-semibold text-slate-900">{t('review.order')}</h2>
          <Line label={t('review.orderNumber')} value={<span dir="ltr">{invoice.order_number}</span>} />
          <Line label={t('review.buyer')} value={<bdi>{invoice.buyer_name || '—'}</bdi>} />
          <Line label={t('review.amount')} value={money(invoice.amount, invoice.currency)} strong />
          <Line label={t('review.paid')} value={money(invoice.order_paid_amount, invoice.currency)} />
          <Line label={t('review.refunded')} value={money(invoice.order_refund_amount, invoice.currency)} />
          <Line label={t('review.requested')} value={when(invoice.create_time)} />
          {invoice.order_paid_amount - invoice.order_refund_amount !== invoice.amount ? (
            <p
              className="rounded-lg bg-amber-50 px-3 py-2 text-[13px] text-amber-800"
              data-testid="console-invoice-amount-changed"
            >
              {t('review.amountChanged')}
            </p>
          ) : null}
        </Card>
        {invoice.state === 'completed' ? (
          <Card className="space-y-3 p-4 text-sm">
            <h2 className="text-base font-semibold text-slate-900">{t('review.issued')}</h2>
            {invoice.issued_number ? (
              <Line label={t('complete.number')} value={<span dir="ltr">{invoice.issued_number}</span>} />
            ) : null}
            {invoice.pdf_url ? (
              <Button
                variant="secondary"
                className="w-full"
                onClick={() =>
                  downloadIssuedPdf(invoice).catch((error: unknown) => showToast(apiErrorMessage(error, tc)))
                }
                data-testid="console-invoice-pdf"
              >
                <FileText aria-hidden="true" className="size-4" />
                {t('review.downloadPdf')}
              </Button>
            ) : null}
          </Card>
        ) : null}
        {invoice.state === 'rejected' ? (
          <Card className="p-4 text-sm">
            <h2 className="mb-1 text-base font-semibold text-slate-900">{t('review.rejectedBecause')}</h2>
            <p className="text-red-700">
              <bdi>{invoice.reject_reason}</bdi>
            </p>
          </Card>
        ) : null}
        {invoice.state === 'processing' && canProcess ? (
          <div className="flex gap-3">
            <Button
              className="flex-1"
              onClick={() => setDialog('complete')}
              data-testid="console-invoice-complete"
            >
              {t('review.complete')}
            </Button>
            <Button
              variant="secondary"
              className="flex-1"
              onClick={() => setDialog('reject')}
              data-testid="console-invoice-reject"
            >
              {t('review.reject')}
            </Button>
          </div>
        ) : null}
      </div>

      <FormDialog
        isOpen={dialog === 'complete'}
        title={t('complete.title')}
        submitLabel={t('complete.submit')}
        cancelLabel={tc('actions.cancel')}
        isBusy={isBusy || isUploading || (!file && issuedNumber.trim() === '')}
        onCancel={() => setDialog(null)}
        onSubmit={() =>
          void act(
            () =>
              completeInvoice(meetingId, invoice, {
                fileKey: file?.key,
                issuedNumber: issuedNumber.trim() || undefined,
              }),
            t('complete.done'),
          )
        }
        testId="console-invoice-complete-dialog"
      >
        <p className="text-[13px] text-slate-500">{t('complete.hint')}</p>
        <label className="flex cursor-pointer items-center gap-3 rounded-card px-3 py-3 text-sm ring-1 ring-slate-200 hover:bg-slate-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary">
          <Upload aria-hidden="true" className="size-5 shrink-0 text-primary" />
          <span className="min-w-0 flex-1 truncate">
            {isUploading ? t('complete.uploading') : file ? file.name : t('complete.pdf')}
          </span>
          <input
            type="file"
            accept="application/pdf"
            className="sr-only"
            onChange={(event) => void pickFile(event.target.files?.[0])}
            data-testid="console-invoice-file"
          />
        </label>
        <Field
          label={t('complete.number')}
          value={issuedNumber}
          onChange={(event) => setIssuedNumber(event.target.value)}
          maxLength={64}
          dir="ltr"
          data-testid="console-invoice-number"
        />
      </FormDialog>

      <FormDialog
        isOpen={dialog === 'reject'}
        title={t('reject.title')}
        submitLabel={t('reject.submit')}
        cancelLabel={tc('actions.cancel')}
        isBusy={isBusy || reason.trim() === ''}
        onCancel={() => setDialog(null)}
        onSubmit={() => void act(() => rejectInvoice(meetingId, invoice, reason.trim()), t('reject.done'))}
        testId="console-invoice-reject-dialog"
      >
        <p className="text-[13px] text-slate-500">{t('reject.hint')}</p>
        <TextArea
          label={t('reject.reason')}
          value={reason}
          onChange={setReason}
          maxLength={500}
          isRequired
          testId="console-invoice-reason"
        />
      </FormDialog>
    </div>
  );
}

function Line({ label, value, strong }: { label: string; value: ReactNode; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-3">
      <span className="text-slate-500">{label}</span>
      <span className={strong ? 'font-semibold text-slate-900 tabular-nums' : 'text-slate-900 tabular-nums'}>
        {value}
      </span>
    </div>
  );
}

export const Component = InvoiceReviewRoute;
