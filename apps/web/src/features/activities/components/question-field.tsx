import type { ActivityPrice, FormAnswerValue, FormQuestion, PhoneAnswer } from '@app/contracts';
import { localize } from '@app/domain';
import { answerMaxLength } from '@app/domain/forms';
import { Check, FileUp, Loader2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AreaCodeSelect } from '../../../components/ui/area-code-select.tsx';
import { CharacterCount } from '../../../components/ui/character-count.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { uploadImage } from '../../../lib/api/upload-image.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import type { FieldProblem } from './form-model.ts';
import { TicketChoice } from './ticket-choice.tsx';

/** Catalogue keys (`activities`, under `problem.`) of each problem shown beside a question. */
const problemKeys: Record<string, string> = {
  'form.required': 'problem.required',
  'phone.invalid': 'problem.phone',
  'email.invalid': 'problem.email',
  'id_number.invalid': 'problem.idNumber',
  'option.invalid': 'problem.option',
  'option.disabled': 'problem.optionDisabled',
  'date.invalid': 'problem.date',
  'price.invalid': 'problem.price',
  'price.required': 'problem.priceRequired',
  'text.too_long': 'problem.tooLong',
};

/** The message of a problem: a rules key, or an `errors.*` key of a server answer. */
export function useProblemText(): (problem: FieldProblem | undefined) => string | undefined {
  const { t } = useTranslation('activities');
  return (problem) => {
    if (!problem) return undefined;
    const key = problemKeys[problem] ?? `errors.${problem}`;
    return t(key as 'problem.required');
  };
}

/**
 * The toast after a refused submit: 'Please fill out all required fields in the form.' when a
 * required answer is missing (§5), else the first problem's own message (an invalid ID number …).
 */
export function useValidationToast(): (problems: readonly (FieldProblem | undefined)[]) => void {
  const { t } = useTranslation('activities');
  const problemText = useProblemText();
  return (problems) => {
    const found = problems.filter((problem): problem is FieldProblem => Boolean(problem));
    const isMissing =
      found.length === 0 || found.some((p) => p === 'form.required' || p === 'price.required');
    showToast(isMissing ? t('errors.formRequired') : (problemText(found[0]) ?? t('errors.formRequired')));
  };
}

type QuestionFieldProps = {
  question: FormQuestion;
  value: FormAnswerValue | undefined;
  onChange: (value: FormAnswerValue | undefined) => void;
  problem: FieldProblem | undefined;
  prices: readonly ActivityPrice[];
  anchor: string;
};

const inputBox = (hasError: boolean) =>
  cx(
    'flex min-h-12 items-center gap-2 rounded-card bg-white px-3 ring-1 transition-shadow focus-within:ring-2',
    hasError ? 'ring-red-400 focus-within:ring-red-500' : 'ring-slate-200 focus-within:ring-primary',
  );
const inputClass =
  'h-12 min-w-0 flex-1 bg-transparent text-[16px] text-slate-900 outline-none placeholder:text-slate-400';

/**
 * One form question of any registration type (§5, §7 Forms): text, textarea, radio, checkbox,
 * phone (with area code), e-mail, ID number, date, file (uploaded, the answer is its URL), ticket
 * choice and linked activity (disabled options greyed with the reason).
 */
export function QuestionField({ question, value, onChange, problem, prices, anchor }: QuestionFieldProps) {
  const { t } = useTranslation('activities');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  /** The longest answer this question takes (§5: 500 for a text answer, 64 for a name …). */
  const maxLength = answerMaxLength(question) ?? undefined;
  const genericProblemText = useProblemText()(problem);
  const problemText =
    problem === 'text.too_long' && maxLength !== undefined
      ? tc('text.tooLong', { max: maxLength })
      : genericProblemText;
  const inputId = useId();
  const messageId = `${inputId}-message`;
  const countId = `${inputId}-count`;
  const title = localize(question.title, language);
  const description = localize(question.description, language);
  const isRequired = question.is_required === 1;
  const describedBy = problemText ? messageId : undefined;
  const text = typeof value === 'string' ? value : '';
  const isGroup = ['radio', 'checkbox', 'price', 'activity'].includes(question.type);

  let control: ReactNode;
  switch (question.type) {
    case 'textarea':
      control = (
        <div className={cx(inputBox(Boolean(problemText)), 'py-2')}>
          <textarea
            id={inputId}
            rows={4}
            value={text}
            maxLength={maxLength}
            aria-invalid={problemText ? true : undefined}
            aria-describedby={describedBy ? `${describedBy} ${countId}` : countId}
            onChange={(event) => onChange(event.target.value)}
            className="min-h-24 w-full resize-y bg-transparent text-[16px] text-slate-900 outline-none"
          />
        </div>
      );
      break;
    case 'phone': {
      const phone: PhoneAnswer =
        value && typeof value === 'object' && !Array.isArray(value) ? value : { area_code: '86', number: '' };
      control = (
        <div className={inputBox(Boolean(problemText))}>
          <AreaCodeSelect
            label={t('form.areaCode')}
            value={phone.area_code}
            onChange={(area_code) => onChange({ ...phone, area_code })}
          />
          <input
            id={inputId}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            dir="ltr"
            value={phone.number}
            maxLength={maxLength}
            aria-invalid={problemText ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange({ ...phone, number: event.target.value })}
            className={cx(inputClass, 'text-start rtl:text-end')}
          />
        </div>
      );
      break;
    }
    case 'radio':
    case 'checkbox':
    case 'activity':
      control = (
        <Options
          question={question}
          value={value}
          onChange={onChange}
          describedBy={describedBy}
          isInvalid={Boolean(problemText)}
        />
      );
      break;
    case 'price':
      control = (
        <TicketChoice
          name={question._id.$id}
          prices={prices}
          value={text || undefined}
          onChange={(id) => onChange(id)}
          isInvalid={Boolean(problemText)}
        />
      );
      break;
    case 'file':
      control = <FileAnswer inputId={inputId} value={text} onChange={onChange} />;
      break;
    default: {
      const types: Record<string, { type: string; inputMode?: 'email' | 'text'; autoComplete?: string }> = {
        email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
        date: { type: 'date' },
        id_number: { type: 'text', autoComplete: 'off' },
        text: { type: 'text' },
      };
      const kind = types[question.type] ?? { type: 'text' };
      const autoComplete =
        question.field === 'name'
          ? 'name'
          : question.field === 'company'
            ? 'organization'
            : question.field === 'job'
              ? 'organization-title'
              : kind.autoComplete;
      control = (
        <div className={inputBox(Boolean(problemText))}>
          <input
            id={inputId}
            type={kind.type}
            inputMode={kind.inputMode}
            autoComplete={autoComplete}
            dir={question.type === 'email' || question.type === 'id_number' ? 'ltr' : undefined}
            value={text}
            maxLength={maxLength}
            aria-invalid={problemText ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.target.value)}
            className={cx(inputClass, question.type !== 'text' && 'text-start rtl:text-end')}
          />
        </div>
      );
    }
  }

  const heading = (
    <>
      <span>{title}</span>
      {isRequired ? (
        <span className="ms-0.5 text-red-500" aria-hidden="true">
          *
        </span>
      ) : null}
      {isRequired ? <span className="sr-only">{t('form.requiredMark')}</span> : null}
    </>
  );
  return (
    <div
      id={anchor}
      data-problem={problemText ? 'true' : undefined}
      data-question-type={question.type}
      className="scroll-mt-20"
    >
      {isGroup ? (
        <fieldset aria-describedby={describedBy}>
          <legend className="mb-1.5 text-sm font-medium text-slate-700">{heading}</legend>
          {description ? <p className="mb-2 text-[13px] text-slate-500">{description}</p> : null}
          {control}
        </fieldset>
      ) : (
        <>
          <div className="mb-1.5 flex items-baseline justify-between gap-3">
            <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
              {heading}
            </label>
            {question.type === 'textarea' && maxLength !== undefined ? (
              <CharacterCount id={countId} length={text.length} max={maxLength} />
            ) : null}
          </div>
          {description ? <p className="mb-2 text-[13px] text-slate-500">{description}</p> : null}
          {control}
        </>
      )}
      {problemText ? (
        <p id={messageId} role="alert" className="mt-1.5 text-[13px] text-red-600">
          {problemText}
        </p>
      ) : null}
    </div>
  );
}

function Options({
  question,
  value,
  onChange,
  describedBy,
  isInvalid,
}: {
  question: FormQuestion;
  value: FormAnswerValue | undefined;
  onChange: (value: FormAnswerValue | undefined) => void;
  describedBy: string | undefined;
  isInvalid: boolean;
}) {
  const { t } = useTranslation('activities');
  const language = useLanguage();
  const isMultiple = question.type === 'checkbox';
  const chosen = Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : [];
  const name = useId();
  return (
    <div className="grid gap-2 sm:grid-cols-2" aria-describedby={describedBy}>
      {question.options.map((option) => {
        const isChecked = chosen.includes(option.id);
        const isDisabled = option.is_disabled === 1;
        return (
          <label
            key={option.id}
            className={cx(
              'flex min-h-12 items-center gap-3 rounded-card px-3 py-2.5 ring-1 transition-colors',
              isDisabled
                ? 'cursor-not-allowed bg-slate-50 text-slate-400 ring-slate-200'
                : isChecked
                  ? 'cursor-pointer bg-primary/5 text-slate-900 ring-2 ring-primary'
                  : cx(
                      'cursor-pointer bg-white text-slate-800 hover:bg-slate-50',
                      isInvalid ? 'ring-red-300' : 'ring-slate-200',
                    ),
            )}
          >
            <input
              type={isMultiple ? 'checkbox' : 'radio'}
              name={name}
              value={option.id}
              checked={isChecked}
              disabled={isDisabled}
              onChange={(event) => {
                if (!isMultiple) onChange(option.id);
                else if (event.target.checked) onChange([...chosen, option.id]);
                else {
                  const rest = chosen.filter((id) => id !== option.id);
                  onChange(rest.length > 0 ? rest : undefined);
                }
              }}
              className="size-4.5 shrink-0 accent-[var(--app-primary)]"
            />
            <span className="min-w-0 flex-1">
              <span className="block text-[15px]">{localize(option.title, language)}</span>
              {isDisabled ? (
                <span className="block text-xs text-slate-400">{t('form.optionUnavailable')}</span>
              ) : null}
            </span>
          </label>
        );
      })}
    </div>
  );
}

/** A file answer: upload through the image storage (§7 Upload); the answer is the stored URL. */
function FileAnswer({
  inputId,
  value,
  onChange,
}: {
  inputId: string;
  value: string;
  onChange: (value: FormAnswerValue | undefined) => void;
}) {
  const { t } = useTranslation('activities');
  const { t: tc } = useTranslation('common');
  const [progress, setProgress] = useState<number | null>(null);
  const isImage = /\.(png|jpe?g|gif|webp|bmp)(\?|$)/i.test(value);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <label
        htmlFor={inputId}
        className="inline-flex h-11 cursor-pointer items-center gap-2 rounded-button bg-white px-4 text-sm font-medium text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50"
      >
        {progress !== null ? (
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <FileUp aria-hidden="true" className="size-4" />
        )}
        {progress !== null
          ? t('form.uploading', { percent: Math.round(progress * 100) })
          : value
            ? t('form.replaceFile')
            : t('form.chooseFile')}
      </label>
      <input
        id={inputId}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        className="sr-only"
        disabled={progress !== null}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          setProgress(0);
          uploadImage(file, 'image', setProgress)
            .then((uploaded) => onChange(uploaded.url))
            .catch((error: unknown) => showToast(apiErrorMessage(error, tc)))
            .finally(() => setProgress(null));
        }}
      />
      {value ? (
        <span className="inline-flex items-center gap-2 text-sm text-slate-600">
          {isImage ? (
            <img src={value} alt="" className="size-11 rounded-lg object-cover ring-1 ring-slate-200" />
          ) : (
            <Check aria-hidden="true" className="size-4 text-emerald-600" />
          )}
          {t('form.fileUploaded')}
        </span>
      ) : null}
    </div>
  );
}
