import type { FormAnswers, RegistrationOptions, RegistrationQuestion } from '@app/contracts';
import { localize } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { addByHand, registrationsKey } from '../api/console-registrations.ts';
import { errorKey, SelectField, WideDialog } from './parts.tsx';

type Activity = RegistrationOptions['activities'][number];
type Answer = FormAnswers[string];

/**
 * Adding a registrant by hand (§6 input_by_admin): the activity, ticket type, channel and seat, then
 * the activity's form questions. The server checks it like a registration (required answers, phone,
 * e-mail, capacity, one phone per activity) and stores it approved.
 */
export function AddRegistrantDialog({
  meetingId,
  activities,
  isOpen,
  onClose,
}: {
  meetingId: string;
  activities: Activity[];
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('console-registrations');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [activityId, setActivityId] = useState('');
  const [priceId, setPriceId] = useState('');
  const [sourceId, setSourceId] = useState('');
  const [seat, setSeat] = useState('');
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const activity = activities.find((a) => a._id.$id === activityId);
  const close = () => {
    setActivityId('');
    setPriceId('');
    setSourceId('');
    setSeat('');
    setAnswers({});
    setProblem(null);
    onClose();
  };
  const save = useMutation({
    mutationFn: () =>
      addByHand(meetingId, {
        activity_id: activityId,
        price_id: priceId || undefined,
        source_id: sourceId || undefined,
        seat_number: seat.trim() || undefined,
        data: answers,
      }),
    onSuccess: () => {
      showToast(t('add.added'));
      void queryClient.invalidateQueries({ queryKey: registrationsKey(meetingId) });
      close();
    },
    onError: (error) => setProblem(t(errorKey(error))),
  });
  const setAnswer = (id: string, value: Answer | undefined) =>
    setAnswers((current) => {
      const next = { ...current };
      if (value === undefined || value === '') delete next[id];
      else next[id] = value;
      return next;
    });

  return (
    <WideDialog
      isOpen={isOpen}
      onDismiss={close}
      title={t('add.title')}
      testId="add-registrant-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('review.cancel')}
          </Button>
          <Button
            onClick={() => save.mutate()}
            disabled={!activity || save.isPending}
            data-testid="add-registrant-submit"
          >
            {t('add.submit')}
          </Button>
        </>
      }
    >
      <form
        className="grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          // Enter in a lone text answer submits even while the first save runs.
          if (activity && !save.isPending) save.mutate();
        }}
      >
        <SelectField
          label={t('add.activity')}
          value={activityId}
          onChange={(event) => {
            setActivityId(event.target.value);
            setPriceId('');
            setSourceId('');
            setAnswers({});
          }}
          options={[
            { value: '', label: t('add.chooseActivity') },
            ...activities.map((a) => ({ value: a._id.$id, label: localize(a.title, language) })),
          ]}
          data-testid="add-activity"
        />
        {activity ? (
          <>
            <div className="grid gap-3 desk:grid-cols-3">
              <SelectField
                label={t('add.ticketType')}
                value={priceId}
                onChange={(event) => setPriceId(event.target.value)}
                options={[
                  { value: '', label: '—' },
                  ...activity.prices.map((p) => ({ value: p._id.$id, label: localize(p.title, language) })),
                ]}
              />
              <SelectField
                label={t('add.source')}
                value={sourceId}
                onChange={(event) => setSourceId(event.target.value)}
                options={[
                  { value: '', label: t('add.none') },
                  ...activity.sources.map((s) => ({ value: s._id.$id, label: s.title })),
                ]}
              />
              <Field
                label={t('add.seat')}
                value={seat}
                onChange={(e) => setSeat(e.target.value)}
                maxLength={64}
              />
            </div>
            {activity.questions.map((question) => (
              <QuestionInput
                key={question._id}
                question={question}
                value={answers[question._id]}
                onChange={(value) => setAnswer(question._id, value)}
                prices={activity.prices}
              />
            ))}
          </>
        ) : null}
        {problem ? (
          <p role="alert" className="text-[14px] text-red-600" data-testid="add-problem">
            {problem}
          </p>
        ) : null}
      </form>
    </WideDialog>
  );
}

/** One form question as an input of its type (§5): text, phone with area code, choice, checkboxes. */
function QuestionInput({
  question,
  value,
  onChange,
  prices,
}: {
  question: RegistrationQuestion;
  value: Answer | undefined;
  onChange: (value: Answer | undefined) => void;
  prices: Activity['prices'];
}) {
  const { t } = useTranslation('console-registrations');
  const language = useLanguage();
  const label = `${localize(question.title, language)}${question.is_required ? ' *' : ''}`;
  const testId = `add-question-${question.field ?? question._id}`;
  switch (question.type) {
    case 'phone': {
      const phone = (value && typeof value === 'object' && !Array.isArray(value) ? value : null) as {
        area_code: string;
        number: string;
      } | null;
      return (
        <div className="grid grid-cols-[6rem_1fr] gap-2">
          <Field
            label={t('add.areaCode')}
            value={phone?.area_code ?? '86'}
            inputMode="numeric"
            dir="ltr"
            onChange={(e) => onChange({ area_code: e.target.value, number: phone?.number ?? '' })}
          />
          <Field
            label={label}
            value={phone?.number ?? ''}
            inputMode="tel"
            dir="ltr"
            onChange={(e) =>
              onChange(
                e.target.value ? { area_code: phone?.area_code ?? '86', number: e.target.value } : undefined,
              )
            }
            data-testid={testId}
          />
        </div>
      );
    }
    case 'radio':
    case 'activity':
    case 'price': {
      const options =
        question.type === 'price'
          ? prices.map((p) => ({ value: p._id.$id, label: localize(p.title, language) }))
          : question.options.map((o) => ({ value: o.id, label: localize(o.title, language) }));
      return (
        <SelectField
          label={label}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value || undefined)}
          options={[{ value: '', label: '—' }, ...options]}
          data-testid={testId}
        />
      );
    }
    case 'checkbox': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <fieldset className="space-y-1.5">
          <legend className="text-sm font-medium text-slate-700">{label}</legend>
          {question.options.map((option) => (
            <label key={option.id} className="flex items-center gap-2 text-[15px]">
              <input
                type="checkbox"
                checked={chosen.includes(option.id)}
                onChange={(e) => {
                  const next = e.target.checked
                    ? [...chosen, option.id]
                    : chosen.filter((id) => id !== option.id);
                  onChange(next.length > 0 ? next : undefined);
                }}
              />
              <bdi>{localize(option.title, language)}</bdi>
            </label>
          ))}
        </fieldset>
      );
    }
    default:
      return (
        <Field
          label={label}
          type={question.type === 'date' ? 'date' : question.type === 'email' ? 'email' : 'text'}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
          data-testid={testId}
        />
      );
  }
}
