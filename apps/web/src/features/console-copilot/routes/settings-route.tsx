import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Plus, Trash2, TriangleAlert } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { CharacterCount } from '../../../components/ui/character-count.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import {
  type CopilotSettings,
  type CopilotSettingsBody,
  copilotSettingsQuery,
  useSaveCopilotSettings,
} from '../api/console-copilot-api.ts';
import { CardTitle, CopilotPreview, CopilotSections } from '../components/copilot-parts.tsx';

/** Field limits (the server checks the same, §1 copilot). */
export const settingsLimits = {
  name: 30,
  title: 60,
  description: 300,
  questions: 6,
  question: 100,
  contact: 200,
  userDaily: 10_000,
  meetingTokens: 1_000_000_000,
};

type Draft = Omit<CopilotSettingsBody, 'input_price_micros' | 'output_price_micros'> & {
  /** Prices as typed, in currency units per million tokens (stored as micros). */
  input_price: string;
  output_price: string;
};

const draftOf = (settings: CopilotSettings): Draft => ({
  enable_copilot: settings.enable_copilot,
  copilot_name: settings.copilot_name,
  copilot_prologue_title: settings.copilot_prologue_title,
  copilot_prologue_description: settings.copilot_prologue_description,
  copilot_prologue_questions: [...settings.copilot_prologue_questions],
  user_daily_requests: settings.user_daily_requests,
  meeting_daily_tokens: settings.meeting_daily_tokens,
  input_price: String(settings.input_price_micros / 1_000_000),
  output_price: String(settings.output_price_micros / 1_000_000),
  currency: settings.currency,
  contact: settings.contact,
});

const pricePattern = /^\d{1,9}(\.\d{1,6})?$/;
const toMicros = (text: string) => Math.round(Number(text) * 1_000_000);
/** The highest price per million tokens, in currency units (consoleCopilotLimits.priceMicrosMax). */
const maxPrice = 10_000;
const isPrice = (text: string) => pricePattern.test(text.trim()) && Number(text) <= maxPrice;

/** The 400 validation_failed `details` as field → message (`body/` prefix dropped). */
function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const details = (error.data?.details ?? []) as { path?: unknown; message?: unknown }[];
  if (!Array.isArray(details)) return {};
  return Object.fromEntries(
    details.map((d) => [
      String(Array.isArray(d.path) ? d.path.join('/') : (d.path ?? '')).replace(/^body[/.]/, ''),
      String(d.message ?? ''),
    ]),
  );
}

/**
 * `#/console/meetings/:meetingId/copilot/settings` (copilot.settings; §1 copilot, §3
 * exhibition.enable_copilot / copilot_name / copilot_prologue_*, §9 default questions): switch the
 * copilot on, its name, prologue and up to six example questions (with a live preview of the card
 * visitors see), the per-visitor and per-meeting daily limits, token prices for the cost column, the
 * contact shown when it cannot answer, and the AI provider's status (read only).
 */
function SettingsRoute() {
  const { t } = useTranslation('console-copilot');
  const { meetingId = '' } = useParams();
  const settings = useQuery(copilotSettingsQuery(meetingId));
  return (
    <ConsolePage title={t('title')} description={t('description')} testId="console-copilot-settings">
      <CopilotSections meetingId={meetingId} />
      {settings.isError ? (
        <ConsoleErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : settings.isPending ? (
        <Card>
          <TableSkeleton rows={6} />
        </Card>
      ) : (
        <SettingsForm meetingId={meetingId} settings={settings.data} />
      )}
    </ConsolePage>
  );
}

function SettingsForm({ meetingId, settings }: { meetingId: string; settings: CopilotSettings }) {
  const { t } = useTranslation('console-copilot');
  const { t: tc } = useTranslation('common');
  const save = useSaveCopilotSettings(meetingId);
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const descriptionCountId = useId();
  useEffect(() => setDraft(draftOf(settings)), [settings]);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const questions = draft.copilot_prologue_questions;
  const setQuestion = (index: number, value: string) =>
    set(
      'copilot_prologue_questions',
      questions.map((q, i) => (i === index ? value : q)),
    );

  const errors: Record<string, string | undefined> = {
    input_price: isPrice(draft.input_price) ? serverErrors.input_price_micros : t('settings.priceInvalid'),
    output_price: isPrice(draft.output_price) ? serverErrors.output_price_micros : t('settings.priceInvalid'),
    currency: /^[A-Z]{3}$/.test(draft.currency) ? serverErrors.currency : t('settings.currencyInvalid'),
    user_daily_requests:
      draft.user_daily_requests >= 0 && draft.user_daily_requests <= settingsLimits.userDaily
        ? serverErrors.user_daily_requests
        : t('settings.rangeInvalid', { max: settingsLimits.userDaily }),
    meeting_daily_tokens:
      draft.meeting_daily_tokens >= 0 && draft.meeting_daily_tokens <= settingsLimits.meetingTokens
        ? serverErrors.meeting_daily_tokens
        : t('settings.rangeInvalid', { max: settingsLimits.meetingTokens }),
  };
  const hasError = Object.entries(errors).some(([key, value]) => value && !serverErrors[key]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (hasError) return;
    setServerErrors({});
    const body: CopilotSettingsBody = {
      enable_copilot: draft.enable_copilot,
      copilot_name: draft.copilot_name.trim(),
      copilot_prologue_title: draft.copilot_prologue_title.trim(),
      copilot_prologue_description: draft.copilot_prologue_description.trim(),
      copilot_prologue_questions: questions.map((q) => q.trim()).filter(Boolean),
      user_daily_requests: draft.user_daily_requests,
      meeting_daily_tokens: draft.meeting_daily_tokens,
      input_price_micros: toMicros(draft.input_price),
      output_price_micros: toMicros(draft.output_price),
      currency: draft.currency,
      contact: draft.contact.trim(),
    };
    save.mutate(body, {
      onSuccess: () => showToast(t('settings.saved')),
      onError: (error) => {
        setServerErrors(serverFieldErrors(error));
        showToast(apiErrorMessage(error, tc));
      },
    });
  };

  const provider = settings.provider;
  return (
    <form onSubmit={onSubmit} data-testid="copilot-settings-form" noValidate>
      <div className="grid gap-5 desk:grid-cols-[minmax(0,1fr)_320px]">
        <div className="min-w-0 space-y-5">
          <Card className="space-y-4 p-4 desk:p-5">
            <CardTitle hint={t('settings.assistantHint')}>{t('settings.assistant')}</CardTitle>
            <label className="flex items-start justify-between gap-3 rounded-card bg-slate-50 p-3 ring-1 ring-slate-200">
              <span className="min-w-0">
                <span className="block text-[14px] font-medium text-slate-800">{t('settings.enable')}</span>
                <span className="block text-[12px] text-slate-500">{t('settings.enableHint')}</span>
              </span>
              <input
                type="checkbox"
                role="switch"
                name="enable_copilot"
                aria-checked={draft.enable_copilot === 1}
                checked={draft.enable_copilot === 1}
                data-testid="copilot-enable"
                onChange={(event) => set('enable_copilot', event.target.checked ? 1 : 0)}
                className="mt-1 size-5 shrink-0 accent-[var(--color-primary)]"
              />
            </label>
            <Field
              label={t('settings.name')}
              name="copilot_name"
              value={draft.copilot_name}
              maxLength={settingsLimits.name}
              placeholder={t('preview.defaultName')}
              hint={t('settings.nameHint')}
              onChange={(event) => set('copilot_name', event.target.value)}
            />
            <Field
              label={t('settings.prologueTitle')}
              name="copilot_prologue_title"
              value={draft.copilot_prologue_title}
              maxLength={settingsLimits.title}
              placeholder={t('preview.defaultTitle')}
              onChange={(event) => set('copilot_prologue_title', event.target.value)}
            />
            <div className="flex flex-col gap-1.5">
              <div className="flex items-center justify-between gap-2">
                <label htmlFor="copilot-description" className="text-sm font-medium text-slate-700">
                  {t('settings.prologueDescription')}
                </label>
                <CharacterCount
                  id={descriptionCountId}
                  length={draft.copilot_prologue_description.length}
                  max={settingsLimits.description}
                />
              </div>
              <textarea
                id="copilot-description"
                name="copilot_prologue_description"
                rows={3}
                maxLength={settingsLimits.description}
                aria-describedby={descriptionCountId}
                value={draft.copilot_prologue_description}
                placeholder={t('preview.defaultDescription')}
                onChange={(event) => set('copilot_prologue_description', event.target.value)}
                className="rounded-card bg-white p-3 text-[16px] text-slate-900 outline-none ring-1 ring-slate-200 placeholder:text-slate-400 focus:ring-2 focus:ring-primary"
              />
            </div>
            <fieldset className="space-y-2" data-testid="copilot-questions">
              <legend className="mb-1 text-sm font-medium text-slate-700">
                {t('settings.questions', { max: settingsLimits.questions })}
              </legend>
              <p className="text-[12px] text-slate-500">{t('settings.questionsHint')}</p>
              {questions.map((question, index) => (
                <div
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place by position
                  key={index}
                  className="flex items-end gap-2"
                >
                  <Field
                    className="min-w-0 flex-1"
                    label={t('settings.question', { n: index + 1 })}
                    isLabelHidden
                    name={`question-${index}`}
                    value={question}
                    maxLength={settingsLimits.question}
                    onChange={(event) => setQuestion(index, event.target.value)}
                  />
                  <Button
                    variant="ghost"
                    className="h-12 w-12 px-0"
                    aria-label={t('settings.removeQuestion', { n: index + 1 })}
                    onClick={() =>
                      set(
                        'copilot_prologue_questions',
                        questions.filter((_, i) => i !== index),
                      )
                    }
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                </div>
              ))}
              {questions.length < settingsLimits.questions ? (
                <Button
                  variant="secondary"
                  size="sm"
                  data-testid="copilot-add-question"
                  onClick={() => set('copilot_prologue_questions', [...questions, ''])}
                >
                  <Plus aria-hidden="true" className="size-4" />
                  {t('settings.addQuestion')}
                </Button>
              ) : null}
            </fieldset>
          </Card>

          <Card className="space-y-4 p-4 desk:p-5">
            <CardTitle hint={t('settings.limitsHint')}>{t('settings.limits')}</CardTitle>
            <div className="grid gap-4 desk:grid-cols-2">
              <Field
                label={t('settings.userDaily')}
                name="user_daily_requests"
                type="number"
                inputMode="numeric"
                min={0}
                max={settingsLimits.userDaily}
                value={String(draft.user_daily_requests)}
                error={errors.user_daily_requests}
                hint={t('settings.userDailyHint')}
                onChange={(event) => set('user_daily_requests', Math.trunc(Number(event.target.value) || 0))}
              />
              <Field
                label={t('settings.meetingTokens')}
                name="meeting_daily_tokens"
                type="number"
                inputMode="numeric"
                min={0}
                max={settingsLimits.meetingTokens}
                value={String(draft.meeting_daily_tokens)}
                error={errors.meeting_daily_tokens}
                hint={t('settings.meetingTokensHint')}
                onChange={(event) => set('meeting_daily_tokens', Math.trunc(Number(event.target.value) || 0))}
              />
            </div>
            <div className="grid gap-4 desk:grid-cols-3">
              <Field
                label={t('settings.inputPrice')}
                name="input_price"
                inputMode="decimal"
                value={draft.input_price}
                error={errors.input_price}
                onChange={(event) => set('input_price', event.target.value)}
              />
              <Field
                label={t('settings.outputPrice')}
                name="output_price"
                inputMode="decimal"
                value={draft.output_price}
                error={errors.output_price}
                onChange={(event) => set('output_price', event.target.value)}
              />
              <Field
                label={t('settings.currency')}
                name="currency"
                value={draft.currency}
                maxLength={3}
                dir="ltr"
                error={errors.currency}
                onChange={(event) => set('currency', event.target.value.toUpperCase())}
              />
            </div>
            <Field
              label={t('settings.contact')}
              name="contact"
              value={draft.contact}
              maxLength={settingsLimits.contact}
              hint={t('settings.contactHint')}
              onChange={(event) => set('contact', event.target.value)}
            />
          </Card>

          <div className="flex justify-end">
            <Button type="submit" disabled={save.isPending} data-testid="copilot-settings-save">
              {save.isPending ? t('saving') : t('save')}
            </Button>
          </div>
        </div>

        <div className="min-w-0 space-y-5">
          <Card className="space-y-2 p-4" data-testid="copilot-provider">
            <CardTitle>{t('provider.title')}</CardTitle>
            {provider.configured ? (
              <p className="flex items-center gap-1.5 text-sm text-emerald-700">
                <CheckCircle2 aria-hidden="true" className="size-4 shrink-0" />
                <span>
                  {t('provider.configured')}{' '}
                  <bdi dir="ltr" className="font-mono text-[13px]" data-testid="copilot-provider-model">
                    {provider.model}
                  </bdi>
                </span>
              </p>
            ) : (
              <p className="flex items-start gap-1.5 text-sm text-amber-800">
                <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <span>{t('provider.builtinOnly')}</span>
              </p>
            )}
            <p className="text-[12px] text-slate-500">
              {provider.can_transcribe ? t('provider.canTranscribe') : t('provider.cannotTranscribe')}
            </p>
          </Card>
          <CopilotPreview
            name={draft.copilot_name}
            title={draft.copilot_prologue_title}
            description={draft.copilot_prologue_description}
            questions={questions}
            isEnabled={draft.enable_copilot === 1}
          />
        </div>
      </div>
    </form>
  );
}

export { SettingsRoute as Component };
