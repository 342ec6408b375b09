import type { ConsoleActivityCredits } from '@app/contracts';
import { enabledLanguages, type Language, localize } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field.tsx';
import { FormDialog } from '../../../components/ui/form-dialog.tsx';
import { LanguageTabs } from '../../../components/ui/language-tabs.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { languageName, useLanguage } from '../../../lib/i18n.ts';
import { meetingQueryOptions, useSaveCredits } from '../api/console-credits-api.ts';

type Texts = Record<string, string>;

/** A stored language map (or plain string) as per-language texts. */
function textsOf(value: ConsoleActivityCredits['signer'], fallback: string): Texts {
  if (typeof value === 'string') return value ? { [fallback]: value } : {};
  return { ...value };
}

/**
 * The credits editor of one activity: on/off, the amount (one decimal place) and, per enabled
 * language of the meeting (LanguageTabs), what the credits are called and who signs the certificate.
 */
export function CreditsDialog({
  meetingId,
  item,
  onClose,
}: {
  meetingId: string;
  item: ConsoleActivityCredits;
  onClose: () => void;
}) {
  const { t } = useTranslation('console-credits');
  const { t: tc } = useTranslation('common');
  const uiLanguage = useLanguage();
  const meeting = useQuery(meetingQueryOptions(meetingId));
  const languages: Language[] = meeting.data
    ? enabledLanguages(meeting.data.config.language as Record<string, unknown> | undefined)
    : [uiLanguage];
  const first = languages.includes(uiLanguage) ? uiLanguage : (languages[0] ?? uiLanguage);
  const [tab, setTab] = useState<string | null>(null);
  const activeTab = tab && languages.includes(tab as Language) ? tab : first;
  const [enabled, setEnabled] = useState(item.enabled === 1 || item.credits_tenths === 0);
  const [credits, setCredits] = useState(item.credits_tenths > 0 ? String(item.credits) : '');
  const [title, setTitle] = useState<Texts>(() => textsOf(item.certificate_title, first));
  const [signer, setSigner] = useState<Texts>(() => textsOf(item.signer, first));
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const save = useSaveCredits(meetingId);
  const written = (code: string) => Boolean(title[code]?.trim() || signer[code]?.trim());
  const clean = (texts: Texts) =>
    Object.fromEntries(Object.entries(texts).filter(([, text]) => text.trim() !== ''));

  const submit = () => {
    const amount = Number(credits.replace(',', '.'));
    if (credits.trim() === '' || !Number.isFinite(amount) || amount < 0 || amount > 1000) {
      setProblem(t('dialog.creditsInvalid'));
      return;
    }
    if (Math.abs(amount * 10 - Math.round(amount * 10)) > 1e-9) {
      setProblem(t('dialog.oneDecimal'));
      return;
    }
    setProblem(undefined);
    save.mutate(
      {
        activityId: item.activity_id.$id,
        body: {
          enabled: enabled ? 1 : 0,
          credits: amount,
          certificate_title: clean(title),
          signer: clean(signer),
        },
      },
      {
        onSuccess: () => {
          showToast(t('saved'));
          onClose();
        },
        onError: (error) => showToast(apiErrorMessage(error, tc)),
      },
    );
  };

  return (
    <FormDialog
      isOpen
      title={t('dialog.title', { activity: localize(item.activity_title, uiLanguage) })}
      submitLabel={tc('actions.save')}
      cancelLabel={tc('actions.cancel')}
      isBusy={save.isPending}
      onSubmit={submit}
      onCancel={onClose}
      testId="console-credits-dialog"
    >
      <label className="inline-flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="size-4 accent-[var(--color-primary)]"
          checked={enabled}
          onChange={(event) => setEnabled(event.target.checked)}
          name="enabled"
        />
        {t('dialog.enabled')}
      </label>
      <Field
        label={t('dialog.credits')}
        hint={problem ? undefined : t('dialog.creditsHint')}
        error={problem}
        inputMode="decimal"
        value={credits}
        onChange={(event) => setCredits(event.target.value)}
        name="credits"
        required
      />
      {languages.length > 1 ? (
        <LanguageTabs
          languages={languages}
          value={activeTab}
          onChange={setTab}
          labelOf={(code) => languageName(code as Language)}
          isWritten={written}
          label={t('dialog.languages')}
          writtenLabel={t('dialog.written')}
          testIdPrefix="console-credits-lang-"
        />
      ) : null}
      <div className="flex flex-col gap-4" role="tabpanel" lang={activeTab} dir="auto">
        <Field
          label={t('dialog.certificateTitle')}
          hint={t('dialog.certificateTitleHint')}
          value={title[activeTab] ?? ''}
          maxLength={200}
          onChange={(event) => setTitle({ ...title, [activeTab]: event.target.value })}
          name="certificate_title"
        />
        <Field
          label={t('dialog.signer')}
          hint={t('dialog.signerHint')}
          value={signer[activeTab] ?? ''}
          maxLength={200}
          onChange={(event) => setSigner({ ...signer, [activeTab]: event.target.value })}
          name="signer"
        />
      </div>
    </FormDialog>
  );
}
