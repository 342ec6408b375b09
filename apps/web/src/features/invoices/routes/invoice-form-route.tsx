import type { Invoice, InvoiceRefusal } from '@app/contracts';
import {
  type InvoiceDelivery,
  type InvoiceType,
  invoiceDeliveries,
  invoiceFieldMax,
  invoiceTypes,
  validateInvoiceRequest,
} from '@app/domain/commerce';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { Field } from '../../../components/ui/field.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { invoicePaths } from '../../../lib/invoices-paths.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { type InvoiceFormValues, invoicesKey, submitInvoice } from '../api/invoices.ts';
import { type FieldErrors, fieldErrorsOf, serverFieldErrors } from '../components/invoice-errors.ts';
import { InvoiceStateBadge, RefusalNotice, useInvoiceMoney } from '../components/invoice-state.tsx';
import { useOrderInvoicesOfPage } from '../components/order-invoices.tsx';

const emptyValues: InvoiceFormValues = {
  type: 'regular',
  title: '',
  taxpayer_number: '',
  registered_address: '',
  phone: '',
  bank: '',
  bank_account: '',
  mobile: '',
  email: '',
  delivery: 'electronic',
  mailing_address: '',
};

/** The values of a rejected request, to correct and reapply (§4). */
function valuesOf(invoice: Invoice): InvoiceFormValues {
  return {
    type: invoice.type,
    title: invoice.title,
    taxpayer_number: invoice.taxpayer_number,
    registered_address: invoice.registered_address,
    phone: invoice.phone,
    bank: invoice.bank,
    bank_account: invoice.bank_account,
    mobile: invoice.mobile,
    email: invoice.email,
    delivery: invoice.delivery,
    mailing_address: invoice.mailing_address,
  };
}

/**
 * /invoice/form?checkout=<order id> (§2; §3 Invoice; §4 Invoice: fill in, reapply after rejection; §5):
 * the invoice request of a paid order. Mobile-first single column; each field's problem is shown at
 * the field (checked in the browser with the server's own rules, then by the server). An order with
 * a live request goes to /invoice/detail; an order that may not have one says why (§4: once approved
 * and every ticket allocated). Unknown or malformed order → /404.
 */
function InvoiceFormRoute() {
  const meeting = useMeeting();
  const loaded = useOrderInvoicesOfPage(<FormSkeleton />);
  if ('screen' in loaded) return loaded.screen;
  const { orderId, invoices, eligibility } = loaded;
  const latest = invoices[0];
  const detail = invoicePaths.detail({ meetingId: meeting._id.$id, checkoutId: orderId });
  if (latest && latest.state !== 'rejected') return <Navigate to={detail} replace />;
  const rejected = latest?.state === 'rejected' ? latest : undefined;
  return (
    <InvoiceForm
      key={rejected ? `${rejected._id.$id}:${rejected.version}` : 'new'}
      orderId={orderId}
      orderNumber={eligibility.order_number}
      amount={eligibility.amount}
      currency={eligibility.currency}
      refusal={eligibility.refusal}
      rejected={rejected}
      detailPath={detail}
    />
  );
}

function InvoiceForm({
  orderId,
  orderNumber,
  amount,
  currency,
  refusal,
  rejected,
  detailPath,
}: {
  orderId: string;
  orderNumber: string;
  amount: number;
  currency: string;
  refusal: InvoiceRefusal | null;
  rejected: Invoice | undefined;
  detailPath: string;
}) {
  const { t } = useTranslation(['invoices', 'common']);
  const { t: tc } = useTranslation('common');
  const money = useInvoiceMoney();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<InvoiceFormValues>(() =>
    rejected ? valuesOf(rejected) : emptyValues,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const isSpecial = values.type === 'special';

  const set = (name: keyof InvoiceFormValues) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  };
  const text = (
    name: keyof typeof invoiceFieldMax,
    label: string,
    options: {
      hint?: string;
      isRequired?: boolean;
      inputMode?: 'tel' | 'email' | 'numeric';
      autoComplete?: string;
    } = {},
  ) => (
    <Field
      label={options.isRequired ? label : `${label} (${t('form.optional')})`}
      name={name}
      value={values[name]}
      onChange={(event) => set(name)(event.target.value)}
      error={errors[name] ? t(errors[name] as 'errors.required') : undefined}
      hint={options.hint}
      maxLength={name === 'taxpayer_number' ? 24 : invoiceFieldMax[name]}
      required={options.isRequired}
      inputMode={options.inputMode}
      autoComplete={options.autoComplete ?? 'off'}
      data-testid={`invoice-field-${name}`}
    />
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    const checked = validateInvoiceRequest(values);
    if (!checked.ok) {
      setErrors(fieldErrorsOf(checked.errors));
      showToast(t('form.fixFields'));
      // After React has drawn the new errors: the first bad field, scrolled into view.
      setTimeout(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
      return;
    }
    setSubmitting(true);
    try {
      await submitInvoice(
        orderId,
        values,
        rejected ? { id: rejected._id.$id, version: rejected.version } : null,
      );
      await queryClient.invalidateQueries({ queryKey: invoicesKey });
      showToast(t('form.submitted'));
      navigate(detailPath, { replace: true });
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) setErrors(fields);
      else if (error instanceof ApiError && error.code === 'invoice.not_allowed') {
        await queryClient.invalidateQueries({ queryKey: invoicesKey });
      } else if (
        error instanceof ApiError &&
        (error.code === 'invoice.exists' || error.code === 'conflict.stale')
      ) {
        showToast(t(error.code === 'invoice.exists' ? 'errors.exists' : 'errors.stale'));
        await queryClient.invalidateQueries({ queryKey: invoicesKey });
      } else showToast(apiErrorMessage(error, tc));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="mx-auto max-w-[640px] px-4 pt-4 pb-10 desk:px-0 desk:pt-8 desk:pb-12">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h1 className="text-xl font-bold text-slate-900 desk:text-2xl">{t('pages.form')}</h1>
        <InvoiceStateBadge state={rejected ? 'rejected' : 'fillIn'} />
      </div>
      <Card className="mb-4 flex items-center justify-between gap-3 p-4 text-sm">
        <span className="text-slate-500">{t('form.order', { number: orderNumber })}</span>
        <span className="text-end">
          <span className="block text-xs text-slate-500">{t('form.amount')}</span>
          <span className="text-lg font-semibold text-slate-900 tabular-nums" data-testid="invoice-amount">
            {money(amount, currency)}
          </span>
        </span>
      </Card>
      {rejected ? (
        <p
          className="mb-4 rounded-card bg-red-50 px-4 py-3 text-sm text-red-700 ring-1 ring-red-200"
          data-testid="invoice-reject-reason"
        >
          <span className="font-semibold">{t('detail.reason')}: </span>
          <bdi>{rejected.reject_reason}</bdi>
        </p>
      ) : null}
      {refusal ? (
        <RefusalNotice refusal={refusal} />
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4" data-testid="invoice-form">
          <Card className="space-y-4 p-4 desk:p-5">
            <Choice
              label={t('form.type')}
              name="type"
              value={values.type}
              options={invoiceTypes.map((type: InvoiceType) => ({
                value: type,
                label: t(`form.types.${type}`),
              }))}
              onChange={set('type')}
            />
            {text('title', t('form.title'), { isRequired: true, autoComplete: 'organization' })}
            {text('taxpayer_number', t('form.taxpayerNumber'), {
              isRequired: true,
              hint: t('form.taxpayerNumberHint'),
            })}
          </Card>
          <Card className="space-y-4 p-4 desk:p-5">
            <h2 className="text-base font-semibold text-slate-900">{t('form.companySection')}</h2>
            {isSpecial ? <p className="text-[13px] text-slate-500">{t('form.specialHint')}</p> : null}
            {text('registered_address', t('form.registeredAddress'), { isRequired: isSpecial })}
            {text('phone', t('form.phone'), { isRequired: isSpecial, inputMode: 'tel' })}
            {text('bank', t('form.bank'), { isRequired: isSpecial })}
            {text('bank_account', t('form.bankAccount'), { isRequired: isSpecial, inputMode: 'numeric' })}
          </Card>
          <Card className="space-y-4 p-4 desk:p-5">
            <h2 className="text-base font-semibold text-slate-900">{t('form.contactSection')}</h2>
            {text('mobile', t('form.mobile'), {
              isRequired: true,
              inputMode: 'tel',
              autoComplete: 'tel-national',
              hint: t('form.mobileHint'),
            })}
            {text('email', t('form.email'), { inputMode: 'email', autoComplete: 'email' })}
            <Choice
              label={t('form.delivery')}
              name="delivery"
              value={values.delivery}
              options={invoiceDeliveries.map((delivery: InvoiceDelivery) => ({
                value: delivery,
                label: t(`form.deliveries.${delivery}`),
              }))}
              onChange={set('delivery')}
            />
            {values.delivery === 'express'
              ? text('mailing_address', t('form.mailingAddress'), {
                  isRequired: true,
                  autoComplete: 'street-address',
                })
              : null}
          </Card>
          <Button type="submit" className="w-full" disabled={isSubmitting} data-testid="invoice-submit">
            {isSubmitting ? t('form.submitting') : rejected ? t('form.reapply') : t('form.submit')}
          </Button>
        </form>
      )}
    </div>
  );
}

/** A required single choice drawn as segmented buttons (radio semantics, keyboard friendly). */
function Choice({
  label,
  name,
  value,
  options,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}): ReactNode {
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-slate-700">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cx(
              'inline-flex min-h-10 cursor-pointer items-center rounded-full px-4 text-sm ring-1 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary',
              value === option.value
                ? 'bg-primary text-on-primary ring-primary'
                : 'bg-white text-slate-700 ring-slate-200 hover:bg-slate-50',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
              data-testid={`invoice-${name}-${option.value}`}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function FormSkeleton() {
  return (
    <div className="mx-auto max-w-[640px] space-y-4 px-4 pt-4 desk:px-0 desk:pt-8" aria-busy="true">
      <Skeleton className="h-7 w-40" />
      <Skeleton className="h-16 w-full rounded-card" />
      <Skeleton className="h-56 w-full rounded-card" />
      <Skeleton className="h-40 w-full rounded-card" />
    </div>
  );
}

export { InvoiceFormRoute as Component };
