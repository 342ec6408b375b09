import type { CommerceSettings } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { TextArea } from '../../../components/ui/form-dialog.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { useConsole } from '../../../lib/console-context.ts';
import { type SettingsInput, saveSettings, settingsQuery } from '../api/console-commerce-api.ts';
import { canDo, errorKey, SelectField } from '../components/parts.tsx';

/** Credential fields per provider, in the order the form shows them (write-only). */
const credentialFields: Record<string, readonly string[]> = {
  sandbox: [],
  wechatpay: [
    'mchid',
    'appid',
    'serial_no',
    'private_key',
    'apiv3_key',
    'platform_public_key',
    'platform_public_key_id',
    'platform_certificate',
  ],
  alipay: ['app_id', 'private_key', 'alipay_public_key', 'gateway'],
  stripe: ['secret_key', 'webhook_secret'],
};
/** Fields holding a PEM block: a text area. */
const multiline = new Set([
  'private_key',
  'platform_public_key',
  'platform_certificate',
  'alipay_public_key',
]);

function formOf(settings: CommerceSettings): SettingsInput {
  return {
    payment_provider: settings.payment_provider,
    currency: settings.currency,
    payment_window_minutes: settings.payment_window_minutes,
    enable_invoice: settings.enable_invoice,
    seller: { ...settings.seller },
    credentials: {},
    version: settings.version,
  };
}

/**
 * `#/console/meetings/:meetingId/commerce/settings` (DESIGN §7; §3 Invoice config): the payment
 * provider, currency, payment window (1–1440 minutes), invoices on or off, the seller on receipts,
 * and the provider's credentials — write-only: a field already stored shows 'set' and stays as it is
 * when left empty. Read with finance.read; saved with finance.settings (others see it read-only).
 */
function SettingsRoute() {
  const { t } = useTranslation('console-commerce');
  const { meetingId = '' } = useParams();
  const { meeting } = useConsole();
  const canSave = canDo(meeting?.actions, 'finance.settings');
  const queryClient = useQueryClient();
  const query = useQuery(settingsQuery(meetingId));
  const [form, setForm] = useState<SettingsInput | null>(null);
  const [problems, setProblems] = useState<string>('');
  useEffect(() => {
    if (query.data && !form) setForm(formOf(query.data));
  }, [query.data, form]);

  const save = useMutation({
    mutationFn: (input: SettingsInput) => saveSettings(meetingId, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsQuery(meetingId).queryKey, saved);
      setForm(formOf(saved));
      setProblems('');
      showToast(t('settings.saved'));
    },
    onError: (error) => {
      showToast(t(errorKey(error)));
      setProblems(error instanceof ApiError && error.status === 400 ? error.message : '');
    },
  });

  const set = (patch: Partial<SettingsInput>) =>
    setForm((current) => (current ? { ...current, ...patch } : current));
  const setsOf = query.data?.credentials_set ?? {};

  return (
    <ConsolePage
      title={t('settings.title')}
      description={t('settings.description')}
      testId="console-commerce-settings"
    >
      {query.isPending || (!form && !query.isError) ? (
        <Card className="p-4">
          <TableSkeleton rows={6} />
        </Card>
      ) : query.isError || !form ? (
        <Card>
          <ConsoleErrorState error={query.error} onRetry={() => void query.refetch()} />
        </Card>
      ) : (
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(form);
          }}
        >
          <fieldset disabled={!canSave || save.isPending} className="space-y-4">
            <Card className="grid gap-4 p-4 desk:grid-cols-2">
              <SelectField
                label={t('settings.provider')}
                value={form.payment_provider}
                onChange={(e) => set({ payment_provider: e.target.value, credentials: {} })}
                options={Object.keys(credentialFields).map((name) => ({
                  value: name,
                  label: t(`provider.${name}` as 'provider.sandbox'),
                }))}
                data-testid="settings-provider"
              />
              <Field
                label={t('settings.currency')}
                value={form.currency}
                maxLength={3}
                onChange={(e) => set({ currency: e.target.value.toUpperCase() })}
                dir="ltr"
              />
              <Field
                label={t('settings.window')}
                hint={t('settings.windowHint')}
                type="number"
                min={1}
                max={1440}
                value={String(form.payment_window_minutes)}
                onChange={(e) => set({ payment_window_minutes: Number(e.target.value) })}
                data-testid="settings-window"
              />
              <label className="flex items-center gap-2 self-end pb-3 text-[15px]">
                <input
                  type="checkbox"
                  checked={form.enable_invoice === 1}
                  onChange={(e) => set({ enable_invoice: e.target.checked ? 1 : 0 })}
                />
                {t('settings.invoice')}
              </label>
            </Card>
            <Card className="space-y-4 p-4">
              <h2 className="text-[16px] font-semibold">{t('settings.seller')}</h2>
              <div className="grid gap-4 desk:grid-cols-3">
                <Field
                  label={t('settings.sellerName')}
                  value={form.seller.name}
                  maxLength={200}
                  onChange={(e) => set({ seller: { ...form.seller, name: e.target.value } })}
                />
                <Field
                  label={t('settings.taxpayer')}
                  value={form.seller.taxpayer_number}
                  maxLength={32}
                  dir="ltr"
                  onChange={(e) => set({ seller: { ...form.seller, taxpayer_number: e.target.value } })}
                />
                <Field
                  label={t('settings.address')}
                  value={form.seller.address}
                  maxLength={500}
                  onChange={(e) => set({ seller: { ...form.seller, address: e.target.value } })}
                />
              </div>
            </Card>
            {(credentialFields[form.payment_provider] ?? []).length > 0 ? (
              <Card className="space-y-4 p-4" data-testid="settings-credentials">
                <div>
                  <h2 className="text-[16px] font-semibold">{t('settings.credentials')}</h2>
                  <p className="text-[13px] text-slate-500">{t('settings.credentialsHint')}</p>
                </div>
                {(credentialFields[form.payment_provider] ?? []).map((field) => {
                  const isSet =
                    query.data?.payment_provider === form.payment_provider &&
                    setsOf[form.payment_provider]?.[field];
                  const name = t(`settings.fields.${field}` as 'settings.fields.mchid');
                  const label = isSet ? `${name} · ${t('settings.isSet')}` : name;
                  const value = form.credentials[field] ?? '';
                  const change = (next: string) =>
                    set({ credentials: { ...form.credentials, [field]: next } });
                  return multiline.has(field) ? (
                    <TextArea key={field} label={label} value={value} maxLength={20_000} onChange={change} />
                  ) : (
                    <Field
                      key={field}
                      label={label}
                      type="password"
                      autoComplete="off"
                      dir="ltr"
                      value={value}
                      placeholder={isSet ? '••••••••' : ''}
                      onChange={(e) => change(e.target.value)}
                      end={
                        isSet ? (
                          <CheckCircle2 aria-hidden="true" className="me-3 size-4 text-emerald-600" />
                        ) : null
                      }
                    />
                  );
                })}
              </Card>
            ) : null}
          </fieldset>
          {problems ? (
            <p role="alert" className="text-[14px] text-red-700" dir="ltr">
              {problems}
            </p>
          ) : null}
          {canSave ? (
            <Button type="submit" disabled={save.isPending} data-testid="settings-save">
              {t('settings.save')}
            </Button>
          ) : (
            <p className="text-[14px] text-slate-500">{t('settings.readOnly')}</p>
          )}
        </form>
      )}
    </ConsolePage>
  );
}

export { SettingsRoute as Component };
