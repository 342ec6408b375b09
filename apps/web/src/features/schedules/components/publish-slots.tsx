import type { AppointmentWindowRefusal } from '@app/domain/appointments';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, CircleAlert, Loader2 } from 'lucide-react';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { Field } from '../../../components/ui/field.tsx';
import { deviceTimeZone } from '../../../lib/device-time.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { zoneLabel } from '../../../lib/time.ts';
import { createSlot } from '../api/create-slot.ts';
import { schedulesKey } from '../api/list-schedules.ts';
import { refusalMessage, scheduleErrorMessage } from './schedule-errors.ts';
import {
  type PlannedSlot,
  planSlots,
  type SlotLength,
  type SlotPlanRefusal,
  slotLengths,
} from './slot-plan.ts';

/** Every IANA zone the browser knows, with the device's first in line when the list lacks it. */
function timeZones(device: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  return zones.includes(device) ? zones : [device, ...zones];
}

type SlotResult = PlannedSlot & { status: 'waiting' | 'sending' | 'published' | 'failed'; message?: string };

type Run = { results: SlotResult[]; isRunning: boolean };

/** The field a refusal belongs to. */
function fieldOf(refusal: SlotPlanRefusal): 'date' | 'from' | 'to' | 'zone' {
  if (refusal === 'date_required') return 'date';
  if (refusal === 'time_zone_invalid') return 'zone';
  if (refusal === 'start_past' || refusal === 'time_nonexistent' || refusal === 'time_required')
    return 'from';
  return 'to';
}

/**
 * The 'Publish slots' form (§7 Enterprises schedules): a date, from, to, a slot length and a
 * time zone (the device's by default). The range is checked first with the booking rules (§5), then cut
 * into consecutive slots sent one by one (POST /enterprises/{id}/schedules) with a progress line; a
 * slot overlapping one already published (409 schedule.overlap) is reported and the others go on.
 */
export function PublishSlots({
  enterpriseId,
  meetingId,
  onClose,
}: {
  enterpriseId: string;
  meetingId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('schedules');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const device = useMemo(deviceTimeZone, []);
  const zones = useMemo(() => timeZones(device), [device]);
  const zoneId = useId();
  const [date, setDate] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [length, setLength] = useState<SlotLength>(30);
  const [timeZone, setTimeZone] = useState(device);
  const [isSubmitted, setSubmitted] = useState(false);
  const [run, setRun] = useState<Run | null>(null);

  const now = Math.floor(Date.now() / 1000);
  const plan = planSlots({ date, from, to, lengthMinutes: length, timeZone, now });
  const refusal = isSubmitted && !plan.ok ? plan.refusal : undefined;
  const errorFor = (field: ReturnType<typeof fieldOf>) =>
    refusal && fieldOf(refusal) === field ? refusalMessage(refusal, t) : undefined;

  const publish = async (slots: PlannedSlot[]) => {
    let results: SlotResult[] = slots.map((slot) =>
      slot.refusal
        ? { ...slot, status: 'failed', message: refusalMessage(slot.refusal as AppointmentWindowRefusal, t) }
        : { ...slot, status: 'waiting' },
    );
    const update = (index: number, patch: Partial<SlotResult>) => {
      results = results.map((result, i) => (i === index ? { ...result, ...patch } : result));
      setRun({ results, isRunning: true });
    };
    setRun({ results, isRunning: true });
    for (const [index, slot] of slots.entries()) {
      if (slot.refusal) continue;
      update(index, { status: 'sending' });
      try {
        await createSlot(enterpriseId, {
          meeting_id: meetingId,
          date,
          start_time: slot.startTime,
          end_time: slot.endTime,
          timezone: timeZone,
        });
        update(index, { status: 'published' });
      } catch (error) {
        update(index, { status: 'failed', message: scheduleErrorMessage(error, t, tc) });
      }
    }
    setRun({ results, isRunning: false });
    void queryClient.invalidateQueries({ queryKey: schedulesKey });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const fresh = planSlots({
      date,
      from,
      to,
      lengthMinutes: length,
      timeZone,
      now: Math.floor(Date.now() / 1000),
    });
    if (fresh.ok) void publish(fresh.slots);
  };

  if (run) {
    const published = run.results.filter((result) => result.status === 'published').length;
    const processed = run.results.filter(
      (result) => result.status === 'published' || result.status === 'failed',
    ).length;
    const total = run.results.length;
    return (
      <Card className="p-4" data-testid="publish-progress">
        <p className="font-semibold text-slate-900" role="status" aria-live="polite">
          {t(run.isRunning ? 'publish.progress' : 'publish.finished', { done: published, total })}
        </p>
        <div
          className="mt-3 h-1.5 overflow-hidden rounded-full bg-slate-100"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={processed}
        >
          <div
            className="h-full rounded-full bg-primary transition-[width]"
            style={{ width: `${total === 0 ? 0 : (processed / total) * 100}%` }}
          />
        </div>
        <ul className="mt-3 max-h-72 space-y-1.5 overflow-y-auto text-sm">
          {run.results.map((result) => (
            <li key={result.startTime} className="flex items-start gap-2" data-testid="publish-result">
              {result.status === 'published' ? (
                <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
              ) : result.status === 'failed' ? (
                <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
              ) : (
                <Loader2
                  aria-hidden="true"
                  className={cx(
                    'mt-0.5 size-4 shrink-0 text-slate-400',
                    result.status === 'sending' && 'animate-spin',
                  )}
                />
              )}
              <span dir="ltr" className="shrink-0 font-medium text-slate-800 tabular-nums">
                {result.startTime} – {result.endTime}
              </span>
              <span
                className={cx('min-w-0', result.status === 'failed' ? 'text-amber-700' : 'text-slate-500')}
              >
                {result.status === 'published'
                  ? t('publish.published')
                  : result.status === 'failed'
                    ? t('publish.skipped', { reason: result.message ?? '' })
                    : null}
              </span>
            </li>
          ))}
        </ul>
        {run.isRunning ? null : (
          <div className="mt-4 flex gap-3">
            <Button variant="secondary" className="flex-1" onClick={onClose}>
              {t('publish.close')}
            </Button>
            <Button
              className="flex-1"
              onClick={() => {
                setRun(null);
                setSubmitted(false);
              }}
            >
              {t('publish.again')}
            </Button>
          </div>
        )}
      </Card>
    );
  }

  return (
    <Card className="p-4">
      <form onSubmit={onSubmit} noValidate className="space-y-4" data-testid="publish-form">
        <div>
          <h3 className="font-semibold text-slate-900">{t('publish.title')}</h3>
          <p className="mt-1 text-[13px] text-slate-500">{t('publish.description')}</p>
        </div>
        <Field
          label={t('publish.date')}
          type="date"
          name="date"
          value={date}
          onChange={(event) => setDate(event.target.value)}
          error={errorFor('date')}
        />
        <div className="grid grid-cols-2 gap-3">
          <Field
            label={t('publish.from')}
            type="time"
            name="from"
            step={300}
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            error={errorFor('from')}
          />
          <Field
            label={t('publish.to')}
            type="time"
            name="to"
            step={300}
            value={to}
            onChange={(event) => setTo(event.target.value)}
            error={errorFor('to')}
          />
        </div>
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-700">{t('publish.length')}</legend>
          <div className="flex flex-wrap gap-2">
            {slotLengths.map((minutes) => (
              <button
                key={minutes}
                type="button"
                aria-pressed={length === minutes}
                onClick={() => setLength(minutes)}
                data-testid={`slot-length-${minutes}`}
                className={cx(
                  'h-9 rounded-full px-3.5 text-sm font-medium transition-colors',
                  length === minutes
                    ? 'bg-primary text-on-primary'
                    : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50',
                )}
              >
                {t('publish.minutes', { count: minutes })}
              </button>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={zoneId} className="text-sm font-medium text-slate-700">
            {t('publish.timeZone')}
          </label>
          <select
            id={zoneId}
            name="timezone"
            value={timeZone}
            onChange={(event) => setTimeZone(event.target.value)}
            dir="ltr"
            className="h-12 rounded-card bg-white px-3 text-[16px] text-slate-900 ring-1 ring-slate-200 outline-none focus:ring-2 focus:ring-primary"
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
          <p className="text-[13px] text-slate-500">{zoneLabel(timeZone, Date.now(), language)}</p>
          {errorFor('zone') ? (
            <p role="alert" className="text-[13px] text-red-600">
              {errorFor('zone')}
            </p>
          ) : null}
        </div>
        {plan.ok ? (
          <p className="text-sm font-medium text-primary" data-testid="publish-preview">
            {t('publish.preview', { count: plan.slots.length })}
          </p>
        ) : null}
        <div className="flex gap-3">
          <Button variant="secondary" className="flex-1" onClick={onClose}>
            {tc('actions.cancel')}
          </Button>
          <Button type="submit" className="flex-1" data-testid="publish-submit">
            {t('publish.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
