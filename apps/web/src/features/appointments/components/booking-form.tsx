import type { Appointment, AppointmentMode, Exhibitor, ScheduleEntry } from '@app/contracts';
import { textLimits } from '@app/contracts/wire/limits.ts';
import { localize } from '@app/domain';
import { appointmentWindow, unixToZoned, zonedToUnix } from '@app/domain/appointments';
import { useQueryClient } from '@tanstack/react-query';
import { Globe, MapPin, Store } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { CharacterCount } from '../../../components/ui/character-count.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { NoticeDialog } from '../../../components/ui/notice-dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Thumb } from '../../../components/ui/thumb.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { appointmentPaths } from '../../../lib/appointment-paths.ts';
import { deviceTimeZone, readsDifferentlyOnDevice } from '../../../lib/device-time.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { formatDate, formatTimeRange, intlLocale, zoneLabel, zoneSuffix } from '../../../lib/time.ts';
import { refreshAppointments } from '../api/appointment-actions.ts';
import { bookEnterpriseSlot, createAppointmentRequest } from '../api/book-appointment.ts';
import { useEnterpriseSlots } from '../api/enterprise-slots.ts';
import { groupSlotsByDay, zoneName } from './appointment-view.ts';
import {
  type BookingErrorKey,
  type BookingField,
  bookingProblem,
  refusalProblems,
} from './booking-problems.ts';
import { timeZoneOptions } from './time-zones.ts';

const nowSeconds = () => Math.floor(Date.now() / 1000);

type Errors = Partial<Record<BookingField, BookingErrorKey>>;

/**
 * The booking form (§3 Meeting request, §5): the enterprise card, online or at the booth, one of the
 * exhibitor's published slots (booked ones disabled) or a proposed time — date first, then start and
 * end in a chosen time zone (the device's by default; the device's clock shown when it differs) —,
 * the place (the booth for a booth meeting) and the matter. Checked with `appointmentWindow` before it
 * is sent; a time conflict is shown and can be sent anyway (force=1); a slot taken meanwhile reloads
 * the slots. Success replaces the page with the success page.
 */
export function BookingForm({
  exhibitor,
  meetingId,
  scheduleId,
}: {
  exhibitor: Exhibitor;
  meetingId: string;
  scheduleId: string | undefined;
}) {
  const { t } = useTranslation('appointments');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const meeting = useMeeting();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const enterpriseId = exhibitor.enterprise_id.$id;
  const booth = exhibitor.booth;
  const slots = useEnterpriseSlots(meetingId, enterpriseId, true);
  const device = useMemo(deviceTimeZone, []);
  const ids = { mode: useId(), zone: useId(), matter: useId(), matterCount: useId() };

  const [mode, setMode] = useState<AppointmentMode>('offline');
  const [place, setPlace] = useState(booth);
  const [slotId, setSlotId] = useState(scheduleId);
  const [isProposing, setProposing] = useState(false);
  const [date, setDate] = useState('');
  const [startTime, setStartTime] = useState('');
  const [endTime, setEndTime] = useState('');
  const [timeZone, setTimeZone] = useState(device);
  const [matter, setMatter] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [conflicts, setConflicts] = useState<Appointment[] | null>(null);
  const [notice, setNotice] = useState<BookingErrorKey | null>(null);
  const [isSending, setSending] = useState(false);

  const slotList = slots.data ?? [];
  const days = useMemo(() => groupSlotsByDay(slotList), [slotList]);
  const usesSlot = !isProposing && slotList.length > 0;
  const chosenSlot = usesSlot ? slotList.find((slot) => slot._id.$id === slotId) : undefined;
  const zones = useMemo(() => timeZoneOptions(nowSeconds(), [device, timeZone]), [device, timeZone]);
  const now = nowSeconds();
  const meetingDays = meeting.end > now ? meeting.days.filter((day) => day.end > now) : [];
  const today = useMemo(() => unixToZoned(nowSeconds(), timeZone).date, [timeZone]);

  const clear = (field: BookingField) => setErrors((current) => ({ ...current, [field]: undefined }));

  const changeMode = (next: AppointmentMode) => {
    setMode(next);
    // The booth stands in for the place of a booth meeting; an online one starts without a place.
    if (next === 'offline' && !place.trim()) setPlace(booth);
    if (next === 'online' && place === booth) setPlace('');
  };

  /** §5 checks, in the form's order: the time (slot or window), then the matter. */
  const validate = (): Errors => {
    const found: Errors = {};
    if (usesSlot) {
      if (!chosenSlot) found.slot = 'slotRequired';
    } else {
      const window = appointmentWindow({ date, startTime, endTime, timeZone, now: nowSeconds() });
      if (!window.ok) {
        const problem = refusalProblems[window.refusal];
        found[problem.field] = problem.key;
      }
    }
    if (!matter.trim()) found.matter = 'matterRequired';
    return found;
  };

  const send = async (force: boolean) => {
    setSending(true);
    const details = {
      mode,
      matter: matter.trim(),
      ...(place.trim() ? { booth: place.trim() } : {}),
      ...(force ? { force: '1' as const } : {}),
    };
    try {
      const appointment =
        usesSlot && chosenSlot
          ? await bookEnterpriseSlot(enterpriseId, chosenSlot._id.$id, { meeting_id: meetingId, ...details })
          : await createAppointmentRequest({
              meeting_id: meetingId,
              enterprise_id: enterpriseId,
              date,
              start_time: startTime,
              end_time: endTime,
              timezone: timeZone,
              ...details,
            });
      queryClient.setQueryData(['appointments', 'detail', appointment._id.$id], appointment);
      refreshAppointments(queryClient);
      navigate(appointmentPaths.success({ meetingId, appointmentId: appointment._id.$id }), {
        replace: true,
      });
    } catch (error) {
      setSending(false);
      setConflicts(null);
      const problem = bookingProblem(error);
      if (problem.kind === 'conflict') setConflicts(problem.conflicts);
      else if (problem.kind === 'booked') {
        setNotice('alreadyBooked');
        setSlotId(undefined);
        void slots.refetch();
      } else if (problem.kind === 'field') {
        // A time refusal while a slot was chosen has no field to stand by: say it in a dialog.
        if (usesSlot && problem.field !== 'matter') setNotice(problem.key);
        else setErrors({ [problem.field]: problem.key });
      } else if (problem.kind === 'notice') setNotice(problem.key);
      else showToast(apiErrorMessage(error, tc));
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-invalid="true"]')?.focus());
      return;
    }
    void send(false);
  };

  const message = (field: BookingField) => {
    const key = errors[field];
    return key ? t(`errors.${key}`) : undefined;
  };

  // The proposed time on the device's clock, when the chosen zone reads differently.
  let deviceHint: string | undefined;
  if (!usesSlot && date && startTime && endTime) {
    const start = zonedToUnix(date, startTime, timeZone);
    const end = zonedToUnix(date, endTime, timeZone);
    if (start.ok && end.ok && readsDifferentlyOnDevice(start.at, timeZone, device)) {
      deviceHint = t('apply.deviceTime', {
        zone: zoneName(device, start.at, intlLocale(language)),
        date: formatDate(start.at * 1000, device, language),
        time: formatTimeRange(start.at * 1000, end.at * 1000, device, language),
      });
    }
  }
  if (chosenSlot && readsDifferentlyOnDevice(chosenSlot.start, chosenSlot.timezone, device)) {
    deviceHint = t('apply.deviceTime', {
      zone: zoneName(device, chosenSlot.start, intlLocale(language)),
      date: formatDate(chosenSlot.start * 1000, device, language),
      time: formatTimeRange(chosenSlot.start * 1000, chosenSlot.end * 1000, device, language),
    });
  }

  const title = localize(exhibitor.enterprise.title, language);
  const inputClass =
    'rounded-card bg-white text-[16px] text-slate-900 ring-1 outline-none focus:ring-2 focus:ring-primary';

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" data-testid="booking-form">
      <Card className="flex items-center gap-3 p-4" data-testid="booking-enterprise">
        <Thumb src={exhibitor.enterprise.logo} name={title || '?'} size={56} className="size-14 text-lg" />
        <div className="min-w-0">
          <p className="truncate text-[17px] font-semibold text-slate-900">
            <bdi>{title}</bdi>
          </p>
          {booth ? (
            <p className="mt-0.5 flex items-center gap-1 text-[13px] text-slate-500">
              <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
              <bdi>{t('apply.booth', { booth })}</bdi>
            </p>
          ) : null}
        </div>
      </Card>

      <Card className="space-y-3 p-4">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">{t('mode.label')}</legend>
          <div className="grid grid-cols-2 gap-1 rounded-card bg-slate-100 p-1" id={ids.mode}>
            {(['online', 'offline'] as const).map((value) => (
              <label
                key={value}
                className={cx(
                  'flex h-10 cursor-pointer items-center justify-center gap-2 rounded-lg text-[15px] font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary',
                  mode === value ? 'bg-white text-primary shadow-sm' : 'text-slate-600 hover:text-slate-900',
                )}
              >
                <input
                  type="radio"
                  name="mode"
                  value={value}
                  checked={mode === value}
                  onChange={() => changeMode(value)}
                  className="sr-only"
                  data-testid={`booking-mode-${value}`}
                />
                {value === 'online' ? (
                  <Globe aria-hidden="true" className="size-4" />
                ) : (
                  <Store aria-hidden="true" className="size-4" />
                )}
                {t(`mode.${value}`)}
              </label>
            ))}
          </div>
        </fieldset>
      </Card>

      <Card className="space-y-4 p-4">
        <h2 className="text-[15px] font-semibold text-slate-900">{t('apply.when')}</h2>
        {slots.isPending ? (
          <div className="flex flex-wrap gap-2" aria-busy="true">
            <Skeleton className="h-10 w-28 rounded-full" />
            <Skeleton className="h-10 w-28 rounded-full" />
            <Skeleton className="h-10 w-28 rounded-full" />
          </div>
        ) : usesSlot ? (
          <div className="space-y-4">
            <fieldset className="min-w-0 space-y-4">
              <legend className="mb-4 text-sm font-medium text-slate-700">{t('apply.offeredTimes')}</legend>
              {days.map((day) => (
                <SlotDay
                  key={day.date}
                  heading={formatDate(
                    day.slots[0]?.start ? day.slots[0].start * 1000 : 0,
                    day.slots[0]?.timezone ?? timeZone,
                    language,
                  )}
                  zone={zoneLabel(
                    day.slots[0]?.timezone ?? timeZone,
                    (day.slots[0]?.start ?? 0) * 1000,
                    language,
                  )}
                >
                  {day.slots.map((slot) => (
                    <SlotChip
                      key={slot._id.$id}
                      slot={slot}
                      isChosen={slot._id.$id === slotId}
                      bookedLabel={t('apply.booked')}
                      onChoose={() => {
                        setSlotId(slot._id.$id);
                        clear('slot');
                      }}
                    />
                  ))}
                </SlotDay>
              ))}
              {errors.slot ? (
                <p role="alert" className="text-[13px] text-red-600" data-invalid="true" tabIndex={-1}>
                  {message('slot')}
                </p>
              ) : null}
            </fieldset>
            {deviceHint ? <p className="text-[13px] text-slate-600">{deviceHint}</p> : null}
            <Button
              variant="ghost"
              size="sm"
              className="-ms-3"
              onClick={() => setProposing(true)}
              data-testid="booking-propose"
            >
              {t('apply.proposeOther')}
            </Button>
          </div>
        ) : (
          <div className="space-y-4">
            {slotList.length === 0 ? (
              <p className="text-[13px] text-slate-500">{t('apply.noSlots')}</p>
            ) : null}
            <Field
              label={t('apply.date')}
              type="date"
              name="date"
              min={today}
              value={date}
              onChange={(event) => {
                setDate(event.target.value);
                clear('date');
              }}
              error={message('date')}
              data-invalid={errors.date ? 'true' : undefined}
              data-testid="booking-date"
            />
            {meetingDays.length > 0 ? (
              <div className="-mt-1 flex flex-wrap items-center gap-2">
                <span className="text-[13px] text-slate-500">{t('apply.eventDays')}</span>
                {meetingDays.map((day) => (
                  <button
                    key={day.date}
                    type="button"
                    aria-pressed={date === day.date}
                    onClick={() => {
                      setDate(day.date);
                      clear('date');
                    }}
                    className={cx(
                      'inline-flex h-8 items-center rounded-full px-3 text-sm transition-colors',
                      date === day.date
                        ? 'bg-primary text-on-primary shadow-sm'
                        : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50',
                    )}
                  >
                    {formatDate(day.start * 1000, meeting.time_zone, language, {
                      weekday: 'short',
                      day: 'numeric',
                      month: 'short',
                    })}
                  </button>
                ))}
              </div>
            ) : null}
            <div>
              <div className="grid grid-cols-2 gap-3">
                <Field
                  label={t('apply.start')}
                  type="time"
                  name="start_time"
                  value={startTime}
                  onChange={(event) => {
                    setStartTime(event.target.value);
                    clear('time');
                  }}
                  aria-invalid={errors.time ? true : undefined}
                  data-invalid={errors.time ? 'true' : undefined}
                  data-testid="booking-start"
                />
                <Field
                  label={t('apply.end')}
                  type="time"
                  name="end_time"
                  value={endTime}
                  onChange={(event) => {
                    setEndTime(event.target.value);
                    clear('time');
                  }}
                  aria-invalid={errors.time ? true : undefined}
                  data-testid="booking-end"
                />
              </div>
              {errors.time ? (
                <p role="alert" className="mt-1.5 text-[13px] text-red-600" data-testid="booking-time-error">
                  {message('time')}
                </p>
              ) : null}
            </div>
            <div className="flex flex-col gap-1.5">
              <label htmlFor={ids.zone} className="text-sm font-medium text-slate-700">
                {t('apply.timeZone')}
              </label>
              <select
                id={ids.zone}
                value={timeZone}
                onChange={(event) => {
                  setTimeZone(event.target.value);
                  clear('timezone');
                  clear('time');
                }}
                aria-invalid={errors.timezone ? true : undefined}
                className={cx(inputClass, 'h-12 px-3', errors.timezone ? 'ring-red-400' : 'ring-slate-200')}
                data-testid="booking-timezone"
              >
                {zones.map((zone) => (
                  <option key={zone.value} value={zone.value}>
                    {zone.label}
                  </option>
                ))}
              </select>
              {errors.timezone ? (
                <p role="alert" className="text-[13px] text-red-600">
                  {message('timezone')}
                </p>
              ) : null}
              {deviceHint ? (
                <p className="text-[13px] text-slate-600" data-testid="booking-device-time">
                  {deviceHint}
                </p>
              ) : null}
            </div>
            {slotList.length > 0 ? (
              <Button variant="ghost" size="sm" className="-ms-3" onClick={() => setProposing(false)}>
                {t('apply.useOffered')}
              </Button>
            ) : null}
          </div>
        )}
      </Card>

      <Card className="space-y-4 p-4">
        <Field
          label={mode === 'offline' ? t('apply.place') : t('apply.placeOnline')}
          hint={mode === 'online' ? t('apply.placeOnlineHint') : undefined}
          name="booth"
          maxLength={textLimits.label}
          value={place}
          onChange={(event) => setPlace(event.target.value)}
          data-testid="booking-place"
        />
        <div className="flex flex-col gap-1.5">
          <div className="flex items-baseline justify-between gap-3">
            <label htmlFor={ids.matter} className="text-sm font-medium text-slate-700">
              {t('apply.matter')}
            </label>
            <CharacterCount id={ids.matterCount} length={matter.length} max={textLimits.description} />
          </div>
          <textarea
            id={ids.matter}
            rows={5}
            maxLength={textLimits.description}
            aria-describedby={ids.matterCount}
            value={matter}
            placeholder={t('apply.matterPlaceholder')}
            onChange={(event) => {
              setMatter(event.target.value);
              clear('matter');
            }}
            aria-invalid={errors.matter ? true : undefined}
            data-invalid={errors.matter ? 'true' : undefined}
            className={cx(inputClass, 'p-3', errors.matter ? 'ring-red-400' : 'ring-slate-200')}
            data-testid="booking-matter"
          />
          {errors.matter ? (
            <p role="alert" className="text-[13px] text-red-600">
              {message('matter')}
            </p>
          ) : null}
        </div>
      </Card>

      <Button
        type="submit"
        className="h-12 w-full text-[16px]"
        disabled={isSending}
        data-testid="booking-submit"
      >
        {isSending ? t('apply.sending') : t('apply.submit')}
      </Button>

      <ConfirmDialog
        isOpen={conflicts !== null}
        title={t('apply.conflictTitle')}
        body={<ConflictList conflicts={conflicts ?? []} />}
        confirmLabel={t('apply.bookAnyway')}
        cancelLabel={t('apply.chooseOther')}
        onConfirm={() => {
          setConflicts(null);
          void send(true);
        }}
        onCancel={() => setConflicts(null)}
        isBusy={isSending}
      />
      <NoticeDialog
        isOpen={notice !== null}
        title={notice ? t(`errors.${notice}`) : ''}
        acknowledgeLabel={t('actions.gotIt')}
        onClose={() => setNotice(null)}
      />
    </form>
  );
}

function SlotDay({ heading, zone, children }: { heading: string; zone: string; children: ReactNode }) {
  return (
    <div>
      <p className="text-[14px] font-semibold text-slate-800">{heading}</p>
      <p className="mb-2 text-[12px] text-slate-500">{zone}</p>
      <div className="flex flex-wrap gap-2">{children}</div>
    </div>
  );
}

function SlotChip({
  slot,
  isChosen,
  bookedLabel,
  onChoose,
}: {
  slot: ScheduleEntry;
  isChosen: boolean;
  bookedLabel: string;
  onChoose: () => void;
}) {
  const language = useLanguage();
  const isBooked = slot.is_booked === 1;
  return (
    <button
      type="button"
      aria-pressed={isChosen}
      disabled={isBooked}
      onClick={onChoose}
      data-testid="booking-slot"
      className={cx(
        'inline-flex h-10 items-center gap-1.5 rounded-full px-4 text-sm font-medium transition-colors tabular-nums',
        isBooked
          ? 'cursor-not-allowed bg-slate-100 text-slate-400'
          : isChosen
            ? 'bg-primary text-on-primary shadow-sm'
            : 'bg-white text-slate-800 ring-1 ring-slate-200 hover:bg-slate-50',
      )}
    >
      <bdi dir="ltr">
        {slot.start_time} – {slot.end_time}
        {zoneSuffix(slot.start * 1000, slot.timezone, language)}
      </bdi>
      {isBooked ? <span className="text-xs">· {bookedLabel}</span> : null}
    </button>
  );
}

/** The caller's appointments overlapping the chosen time: enterprise and time. */
function ConflictList({ conflicts }: { conflicts: Appointment[] }) {
  const { t } = useTranslation('appointments');
  const language = useLanguage();
  if (conflicts.length === 0) return null;
  return (
    <div className="space-y-2">
      <p>{t('apply.conflictBody')}</p>
      <ul className="space-y-2" data-testid="booking-conflicts">
        {conflicts.map((conflict) => (
          <li key={conflict._id.$id} className="rounded-lg bg-slate-50 px-3 py-2 text-[14px]">
            <p className="font-medium text-slate-800">
              <bdi>{localize(conflict.enterprise.title, language)}</bdi>
            </p>
            <p className="text-slate-600">
              {formatDate(conflict.start * 1000, conflict.timezone, language)}{' '}
              <bdi dir="ltr">
                {formatTimeRange(conflict.start * 1000, conflict.end * 1000, conflict.timezone, language)}
              </bdi>
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
