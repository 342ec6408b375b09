import type { Invoice } from '@app/contracts';
import { FileText, Receipt } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { invoicePaths } from '../../../lib/invoices-paths.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { orderPaths } from '../../../lib/orders-paths.ts';
import { formatDate } from '../../../lib/time.ts';
import { downloadInvoicePdf } from '../api/invoices.ts';
import {
  InvoiceStateBadge,
  RefusalNotice,
  useInvoiceMoney,
  viewStateOf,
} from '../components/invoice-state.tsx';
import { useOrderInvoicesOfPage } from '../components/order-invoices.tsx';

/**
 * /invoice/detail?checkout=<order id> (§2; §4 Invoice): the order's invoice request and its state —
 * fill in (none yet: request it, or why it cannot be requested), organiser processing, completed
 * (invoice number and the PDF), rejected (the organiser's reason and "correct and apply again").
 * Unknown or malformed order → /404.
 */
function InvoiceDetailRoute() {
  const { t } = useTranslation(['invoices', 'common']);
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const loaded = useOrderInvoicesOfPage(<DetailSkeleton />);
  if ('screen' in loaded) return loaded.screen;
  const { orderId, invoices, eligibility } = loaded;
  const latest = invoices[0];
  const state = viewStateOf(latest);
  const formPath = invoicePaths.form({ meetingId, checkoutId: orderId });
  return (
    <div className="mx-auto max-w-[640px] px-4 pt-4 pb-12 desk:px-0 desk:pt-8">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h1 className="text-xl font-bold text-slate-900 desk:text-2xl">{t('pages.detail')}</h1>
        <InvoiceStateBadge state={state} />
      </div>
      <p className="mb-4 text-sm text-slate-500">{t(`stateHint.${state}`)}</p>
      {latest ? (
        <InvoiceCard invoice={latest} timeZone={meeting.time_zone} formPath={formPath} />
      ) : (
        <Card className="p-2">
          <EmptyState
            icon={<Receipt aria-hidden="true" className="size-6" />}
            title={t('detail.empty')}
            description={t('form.order', { number: eligibility.order_number })}
            action={
              eligibility.refusal ? (
                <RefusalNotice refusal={eligibility.refusal} />
              ) : (
                <ButtonLink to={formPath}>{t('detail.request')}</ButtonLink>
              )
            }
          />
        </Card>
      )}
      <ButtonLink
        to={orderPaths.detail({ meetingId, checkoutId: orderId })}
        variant="ghost"
        className="mt-4 w-full"
      >
        {t('detail.backToOrder')}
      </ButtonLink>
    </div>
  );
}

/** One request: its fields, and per state the number and PDF, or the reason and reapply. */
function InvoiceCard({
  invoice,
  timeZone,
  formPath,
}: {
  invoice: Invoice;
  timeZone: string;
  formPath: string;
}) {
  const { t } = useTranslation(['invoices', 'common']);
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const money = useInvoiceMoney();
  const [isDownloading, setDownloading] = useState(false);
  const rows: [string, string][] = [
    [t('form.type'), t(`form.types.${invoice.type}`)],
    [t('form.title'), invoice.title],
    [t('form.taxpayerNumber'), invoice.taxpayer_number],
    ...(invoice.registered_address
      ? [[t('form.registeredAddress'), invoice.registered_address] as [string, string]]
      : []),
    ...(invoice.phone ? [[t('form.phone'), invoice.phone] as [string, string]] : []),
    ...(invoice.bank ? [[t('form.bank'), invoice.bank] as [string, string]] : []),
    ...(invoice.bank_account ? [[t('form.bankAccount'), invoice.bank_account] as [string, string]] : []),
    [t('form.mobile'), invoice.mobile],
    ...(invoice.email ? [[t('form.email'), invoice.email] as [string, string]] : []),
    [t('form.delivery'), t(`form.deliveries.${invoice.delivery}`)],
    ...(invoice.mailing_address
      ? [[t('form.mailingAddress'), invoice.mailing_address] as [string, string]]
      : []),
    [
      t('detail.requestedAt'),
      formatDate(invoice.create_time * 1000, timeZone, language, {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      }),
    ],
  ];
  const download = async () => {
    setDownloading(true);
    try {
      await downloadInvoicePdf(invoice);
    } catch (error) {
      showToast(apiErrorMessage(error, tc));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Card className="space-y-4 p-4 desk:p-5" data-testid="invoice-card">
      <div className="flex items-baseline justify-between gap-3">
        <span className="text-sm text-slate-500">{t('form.amount')}</span>
        <span className="text-xl font-semibold text-slate-900 tabular-nums">
          {money(invoice.amount, invoice.currency)}
        </span>
      </div>
      {invoice.state === 'rejected' ? (
        <div className="space-y-3">
          <p
            className="rounded-card bg-red-50 px-4 py-3 text-sm text-red-700 ring-1 ring-red-200"
            data-testid="invoice-reject-reason"
          >
            <span className="font-semibold">{t('detail.reason')}: </span>
            <bdi>{invoice.reject_reason}</bdi>
          </p>
          <ButtonLink to={formPath} className="w-full">
            {t('detail.reapply')}
          </ButtonLink>
        </div>
      ) : null}
      {invoice.state === 'completed' ? (
        <div className="space-y-3 rounded-card bg-emerald-50 px-4 py-3 ring-1 ring-emerald-200">
          {invoice.issued_number ? (
            <p className="text-sm text-emerald-800">
              {t('detail.issuedNumber')}:{' '}
              <span className="font-semibold tabular-nums" dir="ltr">
                {invoice.issued_number}
              </span>
            </p>
          ) : null}
          {invoice.pdf_url ? (
            <Button
              variant="secondary"
              className="w-full"
              onClick={download}
              disabled={isDownloading}
              data-testid="invoice-pdf"
            >
              <FileText aria-hidden="true" className="size-4" />
              {t('detail.downloadPdf')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <dl className="divide-y divide-slate-100 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 py-2">
            <dt className="shrink-0 text-slate-500">{label}</dt>
            <dd className="min-w-0 break-words text-end text-slate-900">
              <bdi>{value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function DetailSkeleton() {
  return (
    <div className="mx-auto max-w-[640px] space-y-4 px-4 pt-4 desk:px-0 desk:pt-8" aria-busy="true">
      <Skeleton className="h-7 w-32" />
      <Skeleton className="h-4 w-64" />
      <Skeleton className="h-72 w-full rounded-card" />
    </div>
  );
}

export { InvoiceDetailRoute as Component };
