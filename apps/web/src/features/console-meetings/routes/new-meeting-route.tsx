import type { CreateMeetingBody, ScheduleFileError } from '@app/contracts';
import { textLimits } from '@app/contracts';
import { localize } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ConsolePage } from '../../../components/ui/console-page.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { useConsole } from '../../../lib/console-context.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { currentDeviceZone } from '../../../lib/time.ts';
import { fromZonedInput, isKnownZone } from '../../../lib/zoned-input.ts';
import { createMeeting } from '../api/meetings.ts';
import { Group, Select } from '../components/settings-sections.tsx';

type Source = CreateMeetingBody['source'];
type Errors = Partial<Record<'title' | 'end' | 'timeZone' | 'domain' | 'schedule' | 'copyFrom', string>>;

/**
 * `#/console/meetings/new` (DESIGN §7 platform.meetings, administrators): a meeting made blank, from
 * a frab/pretalx schedule JSON file, or with the settings of a meeting the caller can read. The
 * creator becomes its owner; the settings screen opens next.
 */
export function Component() {
  const { t } = useTranslation('console-meetings');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { me } = useConsole();
  const [source, setSource] = useState<Source>('blank');
  const [title, setTitle] = useState('');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [timeZone, setTimeZone] = useState(currentDeviceZone());
  const [domain, setDomain] = useState('');
  const [copyFrom, setCopyFrom] = useState(me.meetings[0]?._id.$id ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [fileErrors, setFileErrors] = useState<ScheduleFileError[]>([]);
  const [isBusy, setIsBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    const startSeconds = fromZonedInput(start, timeZone);
    const endSeconds = fromZonedInput(end, timeZone);
    if (source !== 'schedule' && title.trim() === '') found.title = t('errors.titleRequired');
    if (!isKnownZone(timeZone)) found.timeZone = t('errors.timeZone');
    if (startSeconds !== null && endSeconds !== null && endSeconds < startSeconds)
      found.end = t('errors.endBeforeStart');
    if (source === 'schedule' && !file) found.schedule = t('errors.fileRequired');
    if (source === 'copy' && !copyFrom) found.copyFrom = t('errors.copyRequired');
    setErrors(found);
    setFileErrors([]);
    if (Object.keys(found).length > 0) return;
    const body: CreateMeetingBody = {
      source,
      ...(title.trim() ? { title: { [language]: title.trim() } } : {}),
      ...(startSeconds !== null ? { start: startSeconds } : {}),
      ...(endSeconds !== null ? { end: endSeconds } : {}),
      ...(source !== 'schedule' || timeZone !== currentDeviceZone() ? { time_zone: timeZone } : {}),
      ...(domain.trim() ? { domain: domain.trim() } : {}),
      ...(source === 'copy' ? { copy_from: copyFrom } : {}),
      ...(source === 'schedule' && file ? { schedule: await file.text() } : {}),
    };
    setIsBusy(true);
    try {
      const created = await createMeeting(body);
      await queryClient.invalidateQueries({ queryKey: ['console', 'me'] });
      showToast(t('create.created'));
      navigate(`/console/meetings/${created._id.$id}/settings`);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'invalid_schedule') {
        const list = error.data?.errors;
        setFileErrors(Array.isArray(list) ? (list as ScheduleFileError[]) : []);
      } else if (error instanceof ApiError && error.code === 'conflict.already_used') {
        setErrors({ domain: t('errors.domainTaken') });
      } else if (error instanceof ApiError && error.status === 400) {
        showToast(t('errors.checkFields'));
      } else showToast(apiErrorMessage(error, tc));
    } finally {
      setIsBusy(false);
    }
  };

  const sources: { value: Source; label: string; hint: string }[] = [
    { value: 'blank', label: t('create.sourceBlank'), hint: t('create.sourceBlankHint') },
    { value: 'schedule', label: t('create.sourceSchedule'), hint: t('create.sourceScheduleHint') },
    { value: 'copy', label: t('create.sourceCopy'), hint: t('create.sourceCopyHint') },
  ];

  return (
    <ConsolePage title={t('create.title')} description={t('create.description')} testId="meeting-create">
      <form className="flex max-w-[720px] flex-col gap-4" onSubmit={(event) => void submit(event)}>
        <Group title={t('create.sourceTitle')}>
          <div role="radiogroup" aria-label={t('create.sourceTitle')} className="grid gap-2 desk:grid-cols-3">
            {sources.map((option) => (
              <label
                key={option.value}
                className={`flex cursor-pointer flex-col gap-1 rounded-card p-3 ring-1 ${
                  source === option.value ? 'bg-primary/5 ring-2 ring-primary' : 'ring-slate-200'
                }`}
              >
                <span className="flex items-center gap-2 text-sm font-medium text-slate-900">
                  <input
                    type="radio"
                    name="source"
                    className="accent-primary"
                    checked={source === option.value}
                    onChange={() => setSource(option.value)}
                  />
                  {option.label}
                </span>
                <span className="text-[13px] text-slate-500">{option.hint}</span>
              </label>
            ))}
          </div>
          {source === 'schedule' ? (
            <div className="flex flex-col gap-1.5">
              <label className="text-sm font-medium text-slate-700" htmlFor="schedule-file">
                {t('create.file')}
              </label>
              <input
                id="schedule-file"
                type="file"
                accept="application/json,.json"
                className="text-sm"
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
              {errors.schedule ? (
                <p role="alert" className="text-[13px] text-red-600">
                  {errors.schedule}
                </p>
              ) : null}
            </div>
          ) : null}
          {source === 'copy' ? (
            me.meetings.length === 0 ? (
              <p className="text-sm text-slate-500">{t('create.noMeetingsToCopy')}</p>
            ) : (
              <Select
                label={t('create.copyFrom')}
                value={copyFrom}
                options={me.meetings.map((meeting) => ({
                  value: meeting._id.$id,
                  label: localize(meeting.title, language) || meeting._id.$id,
                }))}
                onChange={setCopyFrom}
              />
            )
          ) : null}
        </Group>
        <Group title={t('create.detailsTitle')}>
          <Field
            label={source === 'schedule' ? t('create.titleOptional') : t('fields.title')}
            value={title}
            maxLength={textLimits.title}
            error={errors.title}
            onChange={(event) => setTitle(event.target.value)}
          />
          <div className="grid gap-4 desk:grid-cols-2">
            <Field
              label={t('fields.start')}
              type="datetime-local"
              value={start}
              onChange={(event) => setStart(event.target.value)}
            />
            <Field
              label={t('fields.end')}
              type="datetime-local"
              value={end}
              error={errors.end}
              onChange={(event) => setEnd(event.target.value)}
            />
          </div>
          <Field
            label={t('fields.timeZone')}
            value={timeZone}
            dir="ltr"
            error={errors.timeZone}
            onChange={(event) => setTimeZone(event.target.value)}
          />
          <Field
            label={t('fields.domain')}
            hint={t('fields.domainHint')}
            value={domain}
            dir="ltr"
            error={errors.domain}
            onChange={(event) => setDomain(event.target.value)}
          />
        </Group>
        {fileErrors.length > 0 ? (
          <div role="alert" className="rounded-card bg-red-50 p-3 ring-1 ring-red-200">
            <p className="text-sm font-medium text-red-800">
              {t('programme.fileErrors', { name: file?.name ?? '', number: fileErrors.length })}
            </p>
            <ul className="mt-2 max-h-60 list-disc overflow-auto ps-5 text-[13px] text-red-800">
              {fileErrors.map((error) => (
                <li key={`${error.line}-${error.path}-${error.message}`} dir="auto">
                  {error.line > 0 ? t('programme.errorLine', { line: error.line }) : null}{' '}
                  <code className="break-all">{error.path}</code> {error.message}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={isBusy} data-testid="meeting-create-submit">
            {isBusy ? t('create.creating') : t('create.submit')}
          </Button>
        </div>
      </form>
    </ConsolePage>
  );
}
