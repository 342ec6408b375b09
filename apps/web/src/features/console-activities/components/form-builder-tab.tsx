import {
  type ConsoleActivity,
  type ConsoleForm,
  type FormField,
  type FormQuestionType,
  formFields,
  formQuestionTypes,
  type LocalizedText,
} from '@app/contracts';
import { localize } from '@app/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Plus, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { activitiesQuery, formQuery, saveForm } from '../api/console-activities.ts';
import {
  FlagSwitch,
  inputClass,
  isStale,
  Labelled,
  LocalizedInput,
  Section,
  useSaveError,
} from './editor-parts.tsx';

type Ids = { meetingId: string; activityId: string };

type OptionDraft = { id: string; title: LocalizedText; activity_id?: string | undefined };
type QuestionDraft = {
  key: string;
  scope: 'member' | 'group';
  type: FormQuestionType;
  title: LocalizedText;
  description: LocalizedText;
  is_required: 0 | 1;
  field: FormField | '';
  options: OptionDraft[];
  condition: { question_id: string; option_ids: string[]; price_ids: string[] };
};

/** Types whose answer is one of the question's options. */
const optionTypes: readonly FormQuestionType[] = ['radio', 'checkbox', 'activity'];
let counter = 0;
const freshId = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

function draftsOf(form: ConsoleForm): QuestionDraft[] {
  return form.questions.map((question) => ({
    key: question._id.$id,
    scope: question.scope,
    type: question.type,
    title: question.title,
    description: question.description,
    is_required: question.is_required,
    field: question.field ?? '',
    options: question.options.map(({ id, title, activity_id }) => ({ id, title, activity_id })),
    condition: {
      question_id: question.condition?.question_id ?? '',
      option_ids: question.condition?.option_ids ?? [],
      price_ids: question.condition?.price_ids ?? [],
    },
  }));
}

/** The wire body of the form (§5): conditions by option or price id; empty ones left out. */
function bodyOf(questions: QuestionDraft[], updatedAtMs: number) {
  return {
    updated_at_ms: updatedAtMs,
    questions: questions.map((question) => {
      const hasOptions = optionTypes.includes(question.type);
      const byOption = question.condition.question_id && question.condition.option_ids.length > 0;
      const byPrice = question.condition.price_ids.length > 0;
      return {
        key: question.key,
        scope: question.scope,
        type: question.type,
        title: question.title,
        description: question.description,
        is_required: question.is_required,
        field: question.field || undefined,
        options: hasOptions
          ? question.options.map((option) => ({
              id: option.id,
              title: option.title,
              activity_id: question.type === 'activity' ? option.activity_id : undefined,
            }))
          : [],
        condition:
          byOption || byPrice
            ? {
                question_id: byOption ? question.condition.question_id : undefined,
                option_ids: byOption ? question.condition.option_ids : [],
                price_ids: question.condition.price_ids,
              }
            : undefined,
      };
    }),
  };
}

/** A checkbox chip (an option or a ticket type a condition names). */
function Pick({
  label,
  isChecked,
  onChange,
}: {
  label: string;
  isChecked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-1.5 rounded-full bg-slate-50 px-3 py-1.5 text-[13px] text-slate-700 ring-1 ring-slate-200">
      <input type="checkbox" checked={isChecked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}

type QuestionEditorProps = {
  question: QuestionDraft;
  index: number;
  count: number;
  all: QuestionDraft[];
  activity: ConsoleActivity;
  linkable: ConsoleActivity[];
  onChange: (question: QuestionDraft) => void;
  onMove: (delta: number) => void;
  onRemove: () => void;
};

/** One question: type, scope, title, description, required, ticket field, options, condition. */
function QuestionEditor({
  question,
  index,
  count,
  all,
  activity,
  linkable,
  onChange,
  onMove,
  onRemove,
}: QuestionEditorProps) {
  const { t } = useTranslation('console-activities');
  const language = useLanguage();
  const set = (patch: Partial<QuestionDraft>) => onChange({ ...question, ...patch });
  const hasOptions = optionTypes.includes(question.type);
  const conditionSources = all.filter(
    (other) => other.key !== question.key && optionTypes.includes(other.type),
  );
  const target = all.find((other) => other.key === question.condition.question_id);
  const setOption = (at: number, patch: Partial<OptionDraft>) =>
    set({ options: question.options.map((option, i) => (i === at ? { ...option, ...patch } : option)) });

  return (
    <Section
      title={`${index + 1}. ${localize(question.title, language) || t('form.untitled')}`}
      description={t(`types.${question.type}` as 'types.text')}
      actions={
        <>
          <Button
            size="sm"
            variant="ghost"
            aria-label={t('form.moveUp')}
            disabled={index === 0}
            onClick={() => onMove(-1)}
          >
            <ArrowUp aria-hidden="true" className="size-4" />
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={t('form.moveDown')}
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          >
            <ArrowDown aria-hidden="true" className="size-4" />
          </Button>
          <Button size="sm" variant="ghost" aria-label={t('form.remove')} onClick={onRemove}>
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        </>
      }
    >
      <div className="grid gap-4 desk:grid-cols-3">
        <Labelled label={t('form.type')}>
          {(id) => (
            <select
              id={id}
              className={inputClass}
              value={question.type}
              onChange={(event) => set({ type: event.target.value as FormQuestionType })}
            >
              {formQuestionTypes.map((type) => (
                <option key={type} value={type}>
                  {t(`types.${type}` as 'types.text')}
                </option>
              ))}
            </select>
          )}
        </Labelled>
        <Labelled label={t('form.scope')}>
          {(id) => (
            <select
              id={id}
              className={inputClass}
              value={question.scope}
              onChange={(event) => set({ scope: event.target.value === 'group' ? 'group' : 'member' })}
            >
              <option value="member">{t('form.scopeMember')}</option>
              <option value="group">{t('form.scopeGroup')}</option>
            </select>
          )}
        </Labelled>
        <Labelled label={t('form.field')} hint={t('form.fieldHint')}>
          {(id) => (
            <select
              id={id}
              className={inputClass}
              value={question.field}
              onChange={(event) => set({ field: event.target.value as FormField | '' })}
            >
              <option value="">{t('form.fieldNone')}</option>
              {formFields.map((field) => (
                <option key={field} value={field}>
                  {t(`fieldNames.${field}` as 'fieldNames.name')}
                </option>
              ))}
            </select>
          )}
        </Labelled>
        <div className="desk:col-span-2">
          <LocalizedInput
            label={t('form.title')}
            value={question.title}
            maxLength={200}
            onChange={(title) => set({ title })}
          />
        </div>
        <FlagSwitch
          label={t('form.required')}
          value={question.is_required}
          onChange={(is_required) => set({ is_required })}
        />
        <div className="desk:col-span-3">
          <LocalizedInput
            label={t('form.description')}
            value={question.description}
            maxLength={500}
            onChange={(description) => set({ description })}
          />
        </div>
      </div>

      {hasOptions ? (
        <div className="mt-4 flex flex-col gap-3 border-t border-slate-100 pt-4">
          <h3 className="text-[14px] font-semibold text-slate-800">{t('form.options')}</h3>
          {question.options.map((option, at) => (
            <div
              key={option.id}
              className="flex flex-col gap-2 rounded-md bg-slate-50 p-3 desk:flex-row desk:items-start"
            >
              <div className="min-w-0 flex-1">
                <LocalizedInput
                  label={t('form.optionN', { n: at + 1 })}
                  value={option.title}
                  maxLength={200}
                  onChange={(title) => setOption(at, { title })}
                />
              </div>
              {question.type === 'activity' ? (
                <Labelled label={t('form.linkedActivity')} className="desk:w-64">
                  {(id) => (
                    <select
                      id={id}
                      className={inputClass}
                      value={option.activity_id ?? ''}
                      onChange={(event) => setOption(at, { activity_id: event.target.value || undefined })}
                    >
                      <option value="">{t('form.chooseActivity')}</option>
                      {linkable.map((other) => (
                        <option key={other._id.$id} value={other._id.$id}>
                          {localize(other.title, language) || other._id.$id}
                        </option>
                      ))}
                    </select>
                  )}
                </Labelled>
              ) : null}
              <Button
                size="sm"
                variant="ghost"
                className="self-end desk:self-start"
                aria-label={t('form.removeOption', { n: at + 1 })}
                onClick={() => set({ options: question.options.filter((_, i) => i !== at) })}
              >
                <X aria-hidden="true" className="size-4" />
              </Button>
            </div>
          ))}
          <Button
            size="sm"
            variant="secondary"
            className="self-start"
            onClick={() => set({ options: [...question.options, { id: freshId('o'), title: { en: '' } }] })}
          >
            <Plus aria-hidden="true" className="size-4" />
            {t('form.addOption')}
          </Button>
        </div>
      ) : null}

      <div className="mt-4 flex flex-col gap-3 border-t border-slate-100 pt-4">
        <h3 className="text-[14px] font-semibold text-slate-800">{t('form.condition')}</h3>
        <p className="text-[12px] text-slate-500">{t('form.conditionHint')}</p>
        <Labelled label={t('form.conditionQuestion')}>
          {(id) => (
            <select
              id={id}
              className={inputClass}
              value={question.condition.question_id}
              onChange={(event) =>
                set({ condition: { ...question.condition, question_id: event.target.value, option_ids: [] } })
              }
            >
              <option value="">{t('form.conditionNone')}</option>
              {conditionSources.map((other) => (
                <option key={other.key} value={other.key}>
                  {localize(other.title, language) || t('form.untitled')}
                </option>
              ))}
            </select>
          )}
        </Labelled>
        {target ? (
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">{t('form.conditionOptions')}</legend>
            {target.options.map((option) => (
              <Pick
                key={option.id}
                label={localize(option.title, language) || option.id}
                isChecked={question.condition.option_ids.includes(option.id)}
                onChange={(on) =>
                  set({
                    condition: {
                      ...question.condition,
                      option_ids: on
                        ? [...question.condition.option_ids, option.id]
                        : question.condition.option_ids.filter((id) => id !== option.id),
                    },
                  })
                }
              />
            ))}
          </fieldset>
        ) : null}
        {activity.prices.length > 0 ? (
          <div className="flex flex-col gap-2">
            <span className="text-sm font-medium text-slate-700">{t('form.conditionPrices')}</span>
            <div className="flex flex-wrap gap-2">
              {activity.prices.map((price) => (
                <Pick
                  key={price._id.$id}
                  label={localize(price.title, language) || price._id.$id}
                  isChecked={question.condition.price_ids.includes(price._id.$id)}
                  onChange={(on) =>
                    set({
                      condition: {
                        ...question.condition,
                        price_ids: on
                          ? [...question.condition.price_ids, price._id.$id]
                          : question.condition.price_ids.filter((id) => id !== price._id.$id),
                      },
                    })
                  }
                />
              ))}
            </div>
          </div>
        ) : null}
      </div>
    </Section>
  );
}

/** How the registrant sees the member questions: titles, required marks and a stand-in control. */
function Preview({ questions }: { questions: QuestionDraft[] }) {
  const { t } = useTranslation('console-activities');
  const language = useLanguage();
  const shown = questions.filter((question) => question.scope === 'member');
  return (
    <Section title={t('form.preview')} description={t('form.previewHint')}>
      <ol className="flex flex-col gap-3" data-testid="form-preview">
        {shown.map((question) => (
          <li key={question.key} className="flex flex-col gap-1.5">
            <span className="text-[14px] font-medium text-slate-800">
              {localize(question.title, language) || t('form.untitled')}
              {question.is_required ? <span className="ms-1 text-red-500">*</span> : null}
              {question.condition.question_id || question.condition.price_ids.length > 0 ? (
                <span className="ms-2 rounded bg-amber-50 px-1.5 text-[11px] text-amber-700">
                  {t('form.conditional')}
                </span>
              ) : null}
            </span>
            {optionTypes.includes(question.type) ? (
              <div className="flex flex-wrap gap-2">
                {question.options.map((option) => (
                  <span
                    key={option.id}
                    className="rounded-full px-3 py-1 text-[13px] text-slate-600 ring-1 ring-slate-200"
                  >
                    {localize(option.title, language) || option.id}
                  </span>
                ))}
              </div>
            ) : (
              <span className="h-10 rounded-card bg-slate-50 ring-1 ring-slate-200" aria-hidden="true" />
            )}
          </li>
        ))}
      </ol>
    </Section>
  );
}

/**
 * The registration form builder tab (§5): add, reorder and remove questions of every type the
 * registration form renders, with required flags, options, conditions by option or price id and
 * linked activities; saves the whole form at once (409 when someone else saved since).
 */
export function FormBuilderTab({ ids, activity }: { ids: Ids; activity: ConsoleActivity }) {
  const { t } = useTranslation('console-activities');
  const form = useQuery(formQuery(ids));
  const activities = useQuery(activitiesQuery(ids.meetingId));
  if (form.isPending) return <Skeleton className="h-64 w-full" />;
  if (form.isError) return <ErrorState onRetry={() => form.refetch()} />;
  const linkable = (activities.data ?? []).filter((other) => other._id.$id !== ids.activityId);
  return (
    <FormBuilder
      key={form.data.updated_at_ms}
      ids={ids}
      form={form.data}
      activity={activity}
      linkable={linkable}
      emptyLabel={t('form.empty')}
    />
  );
}

function FormBuilder({
  ids,
  form,
  activity,
  linkable,
  emptyLabel,
}: {
  ids: Ids;
  form: ConsoleForm;
  activity: ConsoleActivity;
  linkable: ConsoleActivity[];
  emptyLabel: string;
}) {
  const { t } = useTranslation('console-activities');
  const queryClient = useQueryClient();
  const saveError = useSaveError();
  const [questions, setQuestions] = useState(() => draftsOf(form));
  const [isBusy, setIsBusy] = useState(false);
  const [isStaleShown, setIsStaleShown] = useState(false);

  const add = () =>
    setQuestions((all) => [
      ...all,
      {
        key: freshId('q'),
        scope: 'member',
        type: 'text',
        title: { en: '' },
        description: '',
        is_required: 0,
        field: '',
        options: [],
        condition: { question_id: '', option_ids: [], price_ids: [] },
      },
    ]);
  const move = (index: number, delta: number) =>
    setQuestions((all) => {
      const next = [...all];
      const [item] = next.splice(index, 1);
      if (item) next.splice(index + delta, 0, item);
      return next;
    });
  const save = async () => {
    setIsBusy(true);
    try {
      const saved = await saveForm(ids, bodyOf(questions, form.updated_at_ms));
      queryClient.setQueryData(formQuery(ids).queryKey, saved);
      showToast(t('states.saved'));
    } catch (error) {
      if (isStale(error)) setIsStaleShown(true);
      showToast(saveError(error));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-4 desk:flex-row desk:items-start" data-testid="form-tab">
      <div className="flex min-w-0 flex-1 flex-col gap-4">
        {isStaleShown ? (
          <div
            role="alert"
            className="flex flex-wrap items-center justify-between gap-2 rounded-card bg-amber-50 p-3 text-[14px] text-amber-800"
          >
            {t('errors.stale')}
            <Button
              size="sm"
              variant="secondary"
              onClick={() => queryClient.invalidateQueries({ queryKey: formQuery(ids).queryKey })}
            >
              {t('actions.reload')}
            </Button>
          </div>
        ) : null}
        {questions.length === 0 ? <EmptyState title={emptyLabel} description={t('form.emptyHint')} /> : null}
        {questions.map((question, index) => (
          <QuestionEditor
            key={question.key}
            question={question}
            index={index}
            count={questions.length}
            all={questions}
            activity={activity}
            linkable={linkable}
            onChange={(next) => setQuestions((all) => all.map((item, i) => (i === index ? next : item)))}
            onMove={(delta) => move(index, delta)}
            onRemove={() =>
              setQuestions((all) =>
                all
                  .filter((_, i) => i !== index)
                  .map((item) =>
                    item.condition.question_id === question.key
                      ? { ...item, condition: { ...item.condition, question_id: '', option_ids: [] } }
                      : item,
                  ),
              )
            }
          />
        ))}
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={add}>
            <Plus aria-hidden="true" className="size-4" />
            {t('form.addQuestion')}
          </Button>
          <Button onClick={save} disabled={isBusy} data-testid="form-save">
            {t('form.save')}
          </Button>
        </div>
      </div>
      {questions.length > 0 ? (
        <div className="desk:sticky desk:top-4 desk:w-80">
          <Preview questions={questions} />
        </div>
      ) : null}
    </div>
  );
}
