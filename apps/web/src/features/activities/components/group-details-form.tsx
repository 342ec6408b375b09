import type { Activity, Agent } from '@app/contracts';
import { textLimits } from '@app/contracts/wire/limits.ts';
import { isOptionalEmailValid, normalisePhone } from '@app/domain/contact';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AreaCodeSelect } from '../../../components/ui/area-code-select.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { NoticeDialog } from '../../../components/ui/notice-dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { tooLongFields } from '../../../lib/text-limits.ts';
import { newAgentId, saveAgent } from '../api/agents.ts';
import { useFormQuestions } from '../api/forms.ts';
import { AnswersFields } from './answers-fields.tsx';
import { scrollToFirstProblem, useAnswers } from './form-model.ts';
import { useValidationToast } from './question-field.tsx';
import { useProblemHandler } from './use-problem-handler.ts';

type Details = { name: string; liaison: string; phone: string; areaCode: string; email: string };
/** The limits of PUT /activities/{id}/agents/{agent_id} (PutAgentBody). */
const detailLimits: Partial<Record<keyof Details, number>> = {
  name: textLimits.name,
  liaison: textLimits.name,
  phone: textLimits.phone,
  email: textLimits.email,
};
type DetailErrors = Partial<Record<keyof Details, string>>;

/**
 * The group's details (§3 Group, §5 "group info completed before adding members"): group name,
 * liaison, mobile with area code, e-mail, and the form's group questions. Saving is PUT
 * /activities/{id}/agents/{agent_id}, with a new client-made id for a new group (a retry creates one).
 */
export function GroupDetailsForm({
  activity,
  agent,
  onSaved,
}: {
  activity: Activity;
  agent: Agent | undefined;
  onSaved: (agent: Agent) => void;
}) {
  const questions = useFormQuestions(activity.form_id?.$id ?? null, 'group');
  if (questions.isPending) {
    return (
      <div className="space-y-3" aria-busy="true">
        <Skeleton className="h-12 w-full rounded-card" />
        <Skeleton className="h-12 w-full rounded-card" />
      </div>
    );
  }
  return (
    <DetailsForm
      activity={activity}
      agent={agent}
      questions={questions.data ?? []}
      onSaved={onSaved}
      onRefetch={() => void questions.refetch()}
    />
  );
}

function DetailsForm({
  activity,
  agent,
  questions,
  onSaved,
  onRefetch,
}: {
  activity: Activity;
  agent: Agent | undefined;
  questions: NonNullable<ReturnType<typeof useFormQuestions>['data']>;
  onSaved: (agent: Agent) => void;
  onRefetch: () => void;
}) {
  const { t } = useTranslation('activities');
  const { t: tc } = useTranslation('common');
  const queryClient = useQueryClient();
  const [details, setDetails] = useState<Details>({
    name: agent?.name ?? '',
    liaison: agent?.liaison ?? '',
    phone: agent?.phone ?? '',
    areaCode: agent?.area_code || '86',
    email: agent?.email ?? '',
  });
  const [errors, setErrors] = useState<DetailErrors>({});
  const [isBusy, setBusy] = useState(false);
  const answers = useAnswers({ questions, prices: [], initial: agent?.data });
  const problems = useProblemHandler(onRefetch);
  const validationToast = useValidationToast();
  const formRef = useRef<HTMLFormElement>(null);
  const set = (key: keyof Details) => (value: string) => {
    setDetails((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: DetailErrors = {};
    const required = t('problem.required');
    if (!details.name.trim()) found.name = required;
    if (!details.liaison.trim()) found.liaison = required;
    if (!details.phone.trim()) found.phone = required;
    else if (!normalisePhone(details.phone, details.areaCode)) found.phone = t('problem.phone');
    if (!isOptionalEmailValid(details.email)) found.email = t('problem.email');
    for (const [key, max] of Object.entries(tooLongFields(details, detailLimits))) {
      found[key as keyof Details] ??= tc('text.tooLong', { max });
    }
    setErrors(found);
    const areAnswersValid = answers.validate();
    if (Object.keys(found).length > 0 || !areAnswersValid) {
      const isMissing = Object.values(found).includes(required);
      if (isMissing || answers.lastProblems().length > 0) {
        validationToast(isMissing ? ['form.required'] : answers.lastProblems());
      } else {
        showToast(Object.values(found)[0] ?? t('errors.formRequired'));
      }
      scrollToFirstProblem(formRef.current);
      return;
    }
    setBusy(true);
    try {
      const saved = await saveAgent(activity._id.$id, agent?._id.$id ?? newAgentId(), {
        name: details.name.trim(),
        liaison: details.liaison.trim(),
        phone: details.phone.trim(),
        area_code: details.areaCode,
        email: details.email.trim(),
        data: answers.payload(),
      });
      await queryClient.invalidateQueries({ queryKey: ['activities', 'agents', activity._id.$id] });
      onSaved(saved);
    } catch (error) {
      problems.handle(error, answers);
    } finally {
      setBusy(false);
    }
  };

  const problem = (key: keyof Details) => (errors[key] ? 'true' : undefined);
  return (
    <form ref={formRef} noValidate onSubmit={submit} data-testid="group-details-form">
      <Card className="space-y-5 p-4 desk:p-5">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">{t('group.detailsTitle')}</h2>
          <p className="mt-0.5 text-sm text-slate-500">{t('group.detailsIntro')}</p>
        </div>
        <div data-problem={problem('name')}>
          <Field
            label={t('group.name')}
            name="group-name"
            value={details.name}
            maxLength={detailLimits.name}
            onChange={(event) => set('name')(event.target.value)}
            error={errors.name}
            autoComplete="organization"
          />
        </div>
        <div data-problem={problem('liaison')}>
          <Field
            label={t('group.liaison')}
            name="group-liaison"
            value={details.liaison}
            maxLength={detailLimits.liaison}
            onChange={(event) => set('liaison')(event.target.value)}
            error={errors.liaison}
            autoComplete="name"
          />
        </div>
        <div data-problem={problem('phone')}>
          <Field
            label={t('group.phone')}
            name="group-phone"
            type="tel"
            inputMode="tel"
            dir="ltr"
            autoComplete="tel-national"
            value={details.phone}
            maxLength={detailLimits.phone}
            onChange={(event) => set('phone')(event.target.value)}
            error={errors.phone}
            start={
              <AreaCodeSelect
                label={t('form.areaCode')}
                value={details.areaCode}
                onChange={set('areaCode')}
              />
            }
          />
        </div>
        <div data-problem={problem('email')}>
          <Field
            label={t('group.email')}
            name="group-email"
            type="email"
            inputMode="email"
            dir="ltr"
            autoComplete="email"
            value={details.email}
            maxLength={detailLimits.email}
            onChange={(event) => set('email')(event.target.value)}
            error={errors.email}
          />
        </div>
        {questions.length > 0 ? <AnswersFields state={answers} prices={[]} scope="group" /> : null}
        <Button type="submit" className="w-full" disabled={isBusy} data-testid="group-details-save">
          {isBusy ? t('group.saving') : t('group.saveDetails')}
        </Button>
      </Card>
      <NoticeDialog
        isOpen={problems.notice !== null}
        title={problems.notice ? t(`errors.${problems.notice}`) : ''}
        acknowledgeLabel={t('actions.gotIt')}
        onClose={() => problems.setNotice(null)}
      />
    </form>
  );
}
