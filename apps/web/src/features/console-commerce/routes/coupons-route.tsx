import type { CommerceOptions, ConsoleCoupon, ConsoleDiscount } from '@app/contracts';
import { localize } from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, TicketPercent, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormDialog } from '../../../components/ui/form-dialog.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import {
  commerceKey,
  couponsQuery,
  deleteCoupon,
  deleteDiscount,
  discountsQuery,
  optionsQuery,
  type RuleInput,
  saveCoupon,
  saveDiscount,
} from '../api/console-commerce-api.ts';
import {
  centsOf,
  dayOf,
  dayStartSeconds,
  daysBefore,
  errorKey,
  formatMoney,
  SelectField,
  yuanText,
} from '../components/parts.tsx';

type Kind = 'coupons' | 'discounts';
type Rule = ConsoleCoupon | ConsoleDiscount;
const isCoupon = (rule: Rule): rule is ConsoleCoupon => 'code' in rule;

/** The form's values as the inputs hold them (money as yuan text, dates as YYYY-MM-DD). */
type RuleForm = {
  code: string;
  title: string;
  type: '1' | '2' | '3';
  rate: string;
  amount: string;
  threshold: string;
  promotion: string;
  activity_id: string;
  price_ids: string[];
  starts: string;
  ends: string;
  total_limit: string;
  per_user_limit: string;
  is_public: boolean;
  enabled: boolean;
};

/**
 * Validity days in the meeting's time zone: 'from' is the start of its day, 'until' includes its
 * whole day (stored as the start of the next day, shown as the day before that instant).
 */
const startText = (seconds: number | null, zone: string) => (seconds ? dayOf(seconds, zone) : '');
const endText = (seconds: number | null, zone: string) => (seconds ? dayOf(seconds - 1, zone) : '');
const startSeconds = (date: string, zone: string) => (date ? dayStartSeconds(date, zone) : 0);
const endSeconds = (date: string, zone: string) => (date ? dayStartSeconds(daysBefore(date, -1), zone) : 0);

function formOf(rule: Rule | null, language: string, zone: string): RuleForm {
  return {
    code: rule && isCoupon(rule) ? rule.code : '',
    title: rule ? localize(rule.title, language) : '',
    type: String(rule?.type ?? 1) as RuleForm['type'],
    rate: rule?.discount_rate ? String(rule.discount_rate) : '',
    amount: rule?.discount_amount ? yuanText(rule.discount_amount) : '',
    threshold: rule ? yuanText(rule.promotion_threshold) : '0.00',
    promotion: rule?.promotion_amount ? yuanText(rule.promotion_amount) : '',
    activity_id: rule?.activity_id?.$id ?? '',
    price_ids: rule?.price_ids ?? [],
    starts: startText(rule?.starts_at ?? null, zone),
    ends: endText(rule?.ends_at ?? null, zone),
    total_limit: rule && isCoupon(rule) ? String(rule.total_limit) : '0',
    per_user_limit: rule && isCoupon(rule) ? String(rule.per_user_limit) : '0',
    is_public: rule && isCoupon(rule) ? rule.is_public === 1 : false,
    enabled: rule && !isCoupon(rule) ? rule.enabled === 1 : true,
  };
}

/** The body of a form (cents, unix seconds): money that is not a number goes as -1 so the server names it. */
/**
 * The title as sent: the edited text in the reader's language, merged into the stored language map
 * (so editing in Chinese keeps the English title), or the plain text of a new rule.
 */
function titleOf(form: RuleForm, rule: Rule | null, language: string): RuleInput[string] {
  const text = form.title.trim();
  const stored = rule?.title;
  if (stored && typeof stored === 'object') return { ...stored, [language]: text };
  return text || undefined;
}

function bodyOf(kind: Kind, form: RuleForm, zone: string, title: RuleInput[string]): RuleInput {
  const cents = (text: string) => (text.trim() === '' ? undefined : (centsOf(text) ?? -1));
  const type = Number(form.type);
  return {
    ...(kind === 'coupons'
      ? {
          code: form.code.trim(),
          total_limit: form.total_limit || '0',
          per_user_limit: form.per_user_limit || '0',
          is_public: form.is_public ? 1 : 0,
        }
      : { enabled: form.enabled ? 1 : 0 }),
    title,
    type,
    discount_rate: type === 1 ? form.rate : undefined,
    discount_amount: type === 2 ? cents(form.amount) : undefined,
    promotion_threshold: type !== 1 ? cents(form.threshold) : undefined,
    promotion_amount: type === 3 ? cents(form.promotion) : undefined,
    activity_id: form.activity_id,
    price_ids: form.price_ids.join(','),
    starts_at: startSeconds(form.starts, zone),
    ends_at: endSeconds(form.ends, zone),
  };
}

/** What a rule takes off, in words: '10% off', '¥5 off from ¥50', '¥20 off from ¥100'. */
function useRuleText() {
  const { t } = useTranslation('console-commerce');
  const language = useLanguage();
  return (rule: Rule, currency: string) => {
    const money = (cents: number) => formatMoney(cents, currency, language);
    if (rule.type === 1) return t('rules.rateOff', { rate: rule.discount_rate });
    if (rule.type === 2) {
      return t('rules.amountOff', {
        amount: money(rule.discount_amount),
        threshold: money(rule.promotion_threshold),
      });
    }
    return t('rules.promotion', {
      amount: money(rule.promotion_amount),
      threshold: money(rule.promotion_threshold),
    });
  };
}

function RuleDialog({
  kind,
  rule,
  isOpen,
  options,
  onClose,
}: {
  kind: Kind;
  rule: Rule | null;
  isOpen: boolean;
  options: CommerceOptions | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('console-commerce');
  const language = useLanguage();
  const { meetingId = '' } = useParams();
  const queryClient = useQueryClient();
  const zone = options?.time_zone || 'Asia/Shanghai';
  const [form, setForm] = useState<RuleForm>(() => formOf(rule, language, zone));
  const [problem, setProblem] = useState('');
  const set = (patch: Partial<RuleForm>) => setForm((current) => ({ ...current, ...patch }));
  const activities = options?.activities ?? [];
  const chosen = activities.filter((a) => !form.activity_id || a._id.$id === form.activity_id);
  const save = useMutation({
    mutationFn: (): Promise<Rule> =>
      kind === 'coupons'
        ? saveCoupon(
            meetingId,
            rule?._id.$id ?? null,
            bodyOf(kind, form, zone, titleOf(form, rule, language)),
          )
        : saveDiscount(
            meetingId,
            rule?._id.$id ?? null,
            bodyOf(kind, form, zone, titleOf(form, rule, language)),
          ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [...commerceKey(meetingId), kind] });
      showToast(t('rules.saved'));
      onClose();
    },
    onError: (error) => {
      showToast(t(errorKey(error)));
      setProblem(error instanceof ApiError && error.status < 500 ? error.message : '');
    },
  });
  const type = form.type;
  return (
    <FormDialog
      isOpen={isOpen}
      title={rule ? t(`rules.edit.${kind}`) : t(`rules.create.${kind}`)}
      submitLabel={t('rules.save')}
      cancelLabel={t('rules.cancel')}
      isBusy={save.isPending}
      onSubmit={() => save.mutate()}
      onCancel={onClose}
      testId="rule-dialog"
    >
      {kind === 'coupons' ? (
        <Field
          label={t('rules.code')}
          hint={t('rules.codeHint')}
          value={form.code}
          maxLength={32}
          dir="ltr"
          required
          onChange={(e) => set({ code: e.target.value.toUpperCase() })}
          data-testid="rule-code"
        />
      ) : null}
      <Field
        label={t('rules.name')}
        value={form.title}
        maxLength={200}
        onChange={(e) => set({ title: e.target.value })}
      />
      <SelectField
        label={t('rules.type')}
        value={type}
        onChange={(e) => set({ type: e.target.value as RuleForm['type'] })}
        options={(['1', '2', '3'] as const).map((value) => ({ value, label: t(`rules.types.${value}`) }))}
        data-testid="rule-type"
      />
      {type === '1' ? (
        <Field
          label={t('rules.rate')}
          type="number"
          min={1}
          max={100}
          value={form.rate}
          onChange={(e) => set({ rate: e.target.value })}
          data-testid="rule-rate"
        />
      ) : null}
      {type === '2' ? (
        <Field
          label={t('rules.amount', { currency: options?.currency ?? 'CNY' })}
          inputMode="decimal"
          value={form.amount}
          onChange={(e) => set({ amount: e.target.value })}
        />
      ) : null}
      {type !== '1' ? (
        <Field
          label={t('rules.threshold', { currency: options?.currency ?? 'CNY' })}
          inputMode="decimal"
          value={form.threshold}
          onChange={(e) => set({ threshold: e.target.value })}
        />
      ) : null}
      {type === '3' ? (
        <Field
          label={t('rules.promotionAmount', { currency: options?.currency ?? 'CNY' })}
          inputMode="decimal"
          value={form.promotion}
          onChange={(e) => set({ promotion: e.target.value })}
        />
      ) : null}
      <SelectField
        label={t('rules.activity')}
        value={form.activity_id}
        onChange={(e) => set({ activity_id: e.target.value, price_ids: [] })}
        options={[
          { value: '', label: t('rules.allActivities') },
          ...activities.map((a) => ({ value: a._id.$id, label: localize(a.title, language) })),
        ]}
      />
      <fieldset className="space-y-1">
        <legend className="mb-1 text-sm font-medium text-slate-700">{t('rules.ticketTypes')}</legend>
        <p className="text-[12px] text-slate-500">{t('rules.ticketTypesHint')}</p>
        {chosen.flatMap((a) =>
          a.prices.map((p) => (
            <label key={p._id.$id} className="flex items-center gap-2 text-[14px]">
              <input
                type="checkbox"
                checked={form.price_ids.includes(p._id.$id)}
                onChange={(e) =>
                  set({
                    price_ids: e.target.checked
                      ? [...form.price_ids, p._id.$id]
                      : form.price_ids.filter((id) => id !== p._id.$id),
                  })
                }
              />
              <bdi>
                {form.activity_id ? '' : `${localize(a.title, language)} · `}
                {localize(p.title, language)}
              </bdi>
            </label>
          )),
        )}
      </fieldset>
      <div className="grid grid-cols-2 gap-3">
        <Field
          label={t('rules.starts')}
          type="date"
          value={form.starts}
          onChange={(e) => set({ starts: e.target.value })}
        />
        <Field
          label={t('rules.ends')}
          type="date"
          value={form.ends}
          onChange={(e) => set({ ends: e.target.value })}
        />
      </div>
      {kind === 'coupons' ? (
        <>
          <div className="grid grid-cols-2 gap-3">
            <Field
              label={t('rules.totalLimit')}
              hint={t('rules.noLimitHint')}
              type="number"
              min={0}
              value={form.total_limit}
              onChange={(e) => set({ total_limit: e.target.value })}
            />
            <Field
              label={t('rules.perUserLimit')}
              hint={t('rules.noLimitHint')}
              type="number"
              min={0}
              value={form.per_user_limit}
              onChange={(e) => set({ per_user_limit: e.target.value })}
            />
          </div>
          <label className="flex items-center gap-2 text-[15px]">
            <input
              type="checkbox"
              checked={form.is_public}
              onChange={(e) => set({ is_public: e.target.checked })}
            />
            {t('rules.public')}
          </label>
        </>
      ) : (
        <label className="flex items-center gap-2 text-[15px]">
          <input
            type="checkbox"
            checked={form.enabled}
            onChange={(e) => set({ enabled: e.target.checked })}
          />
          {t('rules.enabled')}
        </label>
      )}
      {problem ? (
        <p role="alert" className="text-[13px] text-red-700" dir="ltr">
          {problem}
        </p>
      ) : null}
    </FormDialog>
  );
}

/**
 * `#/console/meetings/:meetingId/commerce/coupons` (DESIGN §7; §3 Discount, §9 types 1–3): the
 * meeting's coupons (code, what it takes off, validity, uses against the limit, public or not) and,
 * on the second tab, its automatic discounts; create, edit and delete (a used coupon is kept,
 * marked deleted). commerce.edit.
 */
function CouponsRoute() {
  const { t } = useTranslation('console-commerce');
  const language = useLanguage();
  const { meetingId = '' } = useParams();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<Kind>('coupons');
  const [editing, setEditing] = useState<{ rule: Rule | null } | null>(null);
  const [deleting, setDeleting] = useState<Rule | null>(null);
  const coupons = useQuery(couponsQuery(meetingId));
  const discounts = useQuery(discountsQuery(meetingId));
  const options = useQuery(optionsQuery(meetingId));
  const list = kind === 'coupons' ? coupons : discounts;
  const currency = options.data?.currency ?? 'CNY';
  const zone = options.data?.time_zone || 'Asia/Shanghai';
  const ruleText = useRuleText();
  const remove = useMutation({
    mutationFn: (rule: Rule) =>
      isCoupon(rule) ? deleteCoupon(meetingId, rule._id.$id) : deleteDiscount(meetingId, rule._id.$id),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: [...commerceKey(meetingId), kind] });
      showToast(
        result.deleted === 'soft' && kind === 'coupons' ? t('rules.softDeleted') : t('rules.deleted'),
      );
      setDeleting(null);
    },
    onError: (error) => showToast(t(errorKey(error))),
  });

  const columns = useMemo((): DataColumn<Rule>[] => {
    const dates = (rule: Rule) =>
      [startText(rule.starts_at, zone) || '…', endText(rule.ends_at, zone) || '…'].join(' – ');
    return [
      {
        id: 'name',
        header: kind === 'coupons' ? t('rules.code') : t('rules.name'),
        cell: (rule) => (
          <div className="min-w-0">
            <p className="font-medium" dir={isCoupon(rule) ? 'ltr' : undefined}>
              <bdi>{isCoupon(rule) ? rule.code : localize(rule.title, language) || '—'}</bdi>
            </p>
            {isCoupon(rule) && localize(rule.title, language) ? (
              <p className="text-[12px] text-slate-500">
                <bdi>{localize(rule.title, language)}</bdi>
              </p>
            ) : null}
          </div>
        ),
      },
      {
        id: 'off',
        header: t('rules.benefit'),
        cell: (rule) => <span className="text-[14px]">{ruleText(rule, currency)}</span>,
      },
      {
        id: 'valid',
        header: t('rules.valid'),
        cell: (rule) => <span className="whitespace-nowrap text-[13px]">{dates(rule)}</span>,
      },
      {
        id: 'state',
        header: kind === 'coupons' ? t('rules.used') : t('rules.state'),
        cell: (rule) =>
          isCoupon(rule) ? (
            <span className="text-[13px]" data-testid="coupon-used">
              {rule.total_limit > 0 ? `${rule.used_total} / ${rule.total_limit}` : rule.used_total}
              {rule.is_public === 1 ? ` · ${t('rules.publicShort')}` : ''}
              {rule.deleted === 1 ? (
                <span className="ms-1 text-red-700">· {t('rules.deletedShort')}</span>
              ) : null}
            </span>
          ) : (
            <span className="text-[13px]">
              {rule.enabled === 1 ? t('rules.enabledShort') : t('rules.disabled')}
            </span>
          ),
      },
      {
        id: 'actions',
        header: t('rules.actions'),
        cell: (rule) =>
          isCoupon(rule) && rule.deleted === 1 ? null : (
            <span className="flex gap-1">
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('rules.editShort')}
                onClick={() => setEditing({ rule })}
              >
                <Pencil aria-hidden="true" className="size-4" />
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('rules.delete')}
                onClick={() => setDeleting(rule)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </span>
          ),
      },
    ];
  }, [t, language, kind, currency, zone, ruleText]);

  const rows: Rule[] = list.data?.items ?? [];
  return (
    <ConsolePage
      title={t('rules.title')}
      description={t('rules.description')}
      actions={
        <Button size="sm" onClick={() => setEditing({ rule: null })} data-testid="rule-create">
          <Plus aria-hidden="true" className="size-4" />
          {t(`rules.create.${kind}`)}
        </Button>
      }
      testId="console-coupons"
    >
      <Tabs
        label={t('rules.title')}
        className="mb-4"
        value={kind}
        onChange={(value) => setKind(value as Kind)}
        items={[
          { value: 'coupons', label: t('rules.tabs.coupons') },
          { value: 'discounts', label: t('rules.tabs.discounts') },
        ]}
      />
      <Card className="overflow-hidden">
        {list.isPending ? (
          <TableSkeleton rows={5} />
        ) : list.isError ? (
          <ConsoleErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={<TicketPercent aria-hidden="true" className="size-7" />}
            title={t(`rules.empty.${kind}`)}
            description={t('rules.emptyHint')}
          />
        ) : (
          <DataTable
            columns={columns}
            rows={rows}
            rowKey={(rule) => rule._id.$id}
            caption={t(`rules.tabs.${kind}`)}
            testId="rules-table"
          />
        )}
      </Card>
      {editing ? (
        <RuleDialog
          key={editing.rule?._id.$id ?? 'new'}
          kind={kind}
          rule={editing.rule}
          isOpen
          options={options.data}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t('rules.deleteTitle')}
        body={
          deleting && isCoupon(deleting) && deleting.used_total > 0
            ? t('rules.deleteUsed')
            : t('rules.deleteBody')
        }
        confirmLabel={t('rules.delete')}
        cancelLabel={t('rules.cancel')}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
        isBusy={remove.isPending}
      />
    </ConsolePage>
  );
}

export { CouponsRoute as Component };
