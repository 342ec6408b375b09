import type { ConsoleActivity, ConsoleActivityPrice, LocalizedText } from '@app/contracts';
import { localize } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { activityKey, createPrice, deletePrice, updatePrice } from '../api/console-activities.ts';
import {
  centsOf,
  formatCents,
  inputClass,
  isStale,
  Labelled,
  LocalizedInput,
  NumberInput,
  Section,
  useSaveError,
} from './editor-parts.tsx';

type Ids = { meetingId: string; activityId: string };

type PriceDraft = { title: LocalizedText; amount: string; total: number | null; max_per_agent: number };

const draftOf = (price?: ConsoleActivityPrice): PriceDraft => ({
  title: price?.title ?? { en: '' },
  amount: price ? (price.amount / 100).toFixed(2) : '0.00',
  total: price?.total ?? null,
  max_per_agent: price?.max_per_agent ?? 0,
});

/** The editable part of one ticket type: title, price (yuan, sent as cents), stock, per-group limit. */
function PriceForm({
  draft,
  onChange,
  sold,
}: {
  draft: PriceDraft;
  onChange: (draft: PriceDraft) => void;
  sold: number | null;
}) {
  const { t } = useTranslation('console-activities');
  const isAmountValid = centsOf(draft.amount) !== null;
  return (
    <div className="grid gap-4 desk:grid-cols-4">
      <div className="desk:col-span-4">
        <LocalizedInput
          label={t('prices.title')}
          value={draft.title}
          maxLength={200}
          onChange={(title) => onChange({ ...draft, title })}
        />
      </div>
      <Labelled
        label={t('prices.amount')}
        hint={isAmountValid ? formatCents(centsOf(draft.amount) ?? 0) : t('prices.amountInvalid')}
      >
        {(id) => (
          <input
            id={id}
            inputMode="decimal"
            dir="ltr"
            aria-invalid={!isAmountValid}
            className={inputClass}
            value={draft.amount}
            onChange={(event) => onChange({ ...draft, amount: event.target.value })}
          />
        )}
      </Labelled>
      <NumberInput
        label={t('prices.total')}
        hint={sold !== null ? t('prices.totalHintSold', { sold }) : t('prices.totalHint')}
        value={draft.total}
        min={0}
        onChange={(total) => onChange({ ...draft, total })}
      />
      <NumberInput
        label={t('prices.maxPerAgent')}
        hint={t('prices.maxPerAgentHint')}
        value={draft.max_per_agent}
        onChange={(value) => onChange({ ...draft, max_per_agent: value ?? 0 })}
      />
      {sold !== null ? (
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium text-slate-700">{t('prices.sold')}</span>
          <span className="flex h-11 items-center text-[15px] text-slate-900" dir="ltr">
            {sold}
          </span>
        </div>
      ) : null}
    </div>
  );
}

/** One ticket type with its own save and delete (soft delete; sold tickets keep their type). */
function PriceCard({ ids, price }: { ids: Ids; price: ConsoleActivityPrice }) {
  const { t } = useTranslation('console-activities');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const saveError = useSaveError();
  const [draft, setDraft] = useState(() => draftOf(price));
  const [isBusy, setIsBusy] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: activityKey(ids) });

  const save = async () => {
    const amount = centsOf(draft.amount);
    if (amount === null) return showToast(t('prices.amountInvalid'));
    setIsBusy(true);
    try {
      await updatePrice(ids, price._id.$id, {
        title: draft.title,
        amount,
        total: draft.total ?? undefined,
        max_per_agent: draft.max_per_agent,
        weight: price.weight,
        updated_at_ms: price.updated_at_ms,
      });
      showToast(t('states.saved'));
      await refresh();
    } catch (error) {
      showToast(saveError(error));
      // 'Changed by someone else, reload': the card remounts on their version (keyed by
      // updated_at_ms); with the held one every retry would be refused again.
      if (isStale(error)) await refresh();
    } finally {
      setIsBusy(false);
    }
  };
  const remove = async () => {
    setIsBusy(true);
    try {
      await deletePrice(ids, price._id.$id);
      setIsConfirming(false);
      await refresh();
    } catch (error) {
      showToast(saveError(error));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Section
      title={localize(price.title, language) || t('prices.untitled')}
      description={`${formatCents(price.amount)} · ${t('prices.soldOf', { sold: price.sold_total, total: price.total ?? '∞' })}`}
      actions={
        <>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setIsConfirming(true)}
            aria-label={t('prices.delete')}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
          <Button size="sm" onClick={save} disabled={isBusy}>
            {t('actions.save')}
          </Button>
        </>
      }
    >
      <PriceForm draft={draft} onChange={setDraft} sold={price.sold_total} />
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('prices.deleteTitle')}
        body={
          price.sold_total > 0
            ? t('prices.deleteSoldBody', { sold: price.sold_total })
            : t('prices.deleteBody')
        }
        confirmLabel={t('prices.delete')}
        cancelLabel={t('actions.cancel')}
        onConfirm={remove}
        onCancel={() => setIsConfirming(false)}
        isBusy={isBusy}
      />
    </Section>
  );
}

/** The ticket types tab: each type with price (cents shown as money), stock and sold; add one. */
export function PricesTab({ ids, activity }: { ids: Ids; activity: ConsoleActivity }) {
  const { t } = useTranslation('console-activities');
  const queryClient = useQueryClient();
  const saveError = useSaveError();
  const [draft, setDraft] = useState<PriceDraft | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const add = async () => {
    if (!draft) return;
    const amount = centsOf(draft.amount);
    if (amount === null) return showToast(t('prices.amountInvalid'));
    setIsBusy(true);
    try {
      await createPrice(ids, {
        title: draft.title,
        amount,
        total: draft.total ?? undefined,
        max_per_agent: draft.max_per_agent,
      });
      setDraft(null);
      await queryClient.invalidateQueries({ queryKey: activityKey(ids) });
    } catch (error) {
      showToast(saveError(error));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-4" data-testid="prices-tab">
      {activity.prices.length === 0 && !draft ? <EmptyState title={t('prices.empty')} /> : null}
      {activity.prices.map((price) => (
        <PriceCard key={`${price._id.$id}-${price.updated_at_ms}`} ids={ids} price={price} />
      ))}
      {draft ? (
        <Section
          title={t('prices.new')}
          actions={
            <>
              <Button size="sm" variant="secondary" onClick={() => setDraft(null)}>
                {t('actions.cancel')}
              </Button>
              <Button size="sm" onClick={add} disabled={isBusy}>
                {t('actions.add')}
              </Button>
            </>
          }
        >
          <PriceForm draft={draft} onChange={setDraft} sold={null} />
        </Section>
      ) : (
        <Button variant="secondary" className="self-start" onClick={() => setDraft(draftOf())}>
          <Plus aria-hidden="true" className="size-4" />
          {t('prices.add')}
        </Button>
      )}
    </div>
  );
}
