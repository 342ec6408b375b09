import type { ScheduleEntry } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { NoticeDialog } from '../../../components/ui/notice-dialog.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { appointmentPaths } from '../../../lib/appointment-paths.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatDate, formatTimeRange } from '../../../lib/time.ts';
import { deleteSlot } from '../api/delete-slot.ts';
import { schedulesKey } from '../api/list-schedules.ts';
import { EntryTime, OwnZoneLine, personName } from './entry-parts.tsx';
import { isErrorCode, scheduleErrorMessage } from './schedule-errors.ts';
import { groupByDay, noonOfDate, relativeDay } from './schedule-model.ts';

type SlotDaysProps = {
  slots: readonly ScheduleEntry[];
  meetingId: string;
  enterpriseId: string | null;
  /** The viewer's (device's) zone. */
  timeZone: string;
  /** Epoch milliseconds. */
  now: number;
  /** Ended slots: no withdrawing. */
  isHistory: boolean;
};

/**
 * The exhibitor's published slots by day: Free or Booked (with who asked, linking to the request), and
 * 'Withdraw' behind a confirmation; a slot a live request holds answers 409 schedule.booked, shown as
 * a notice (answer that request first).
 */
export function SlotDays({ slots, meetingId, enterpriseId, timeZone, now, isHistory }: SlotDaysProps) {
  const { t } = useTranslation('schedules');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [withdrawing, setWithdrawing] = useState<ScheduleEntry | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [isBookedNotice, setBookedNotice] = useState(false);

  const withdraw = async () => {
    if (!withdrawing || !enterpriseId) return;
    setBusy(true);
    try {
      await deleteSlot(enterpriseId, withdrawing._id.$id);
      showToast(t('exhibitor.withdrawn'));
    } catch (error) {
      if (isErrorCode(error, 'schedule.booked')) setBookedNotice(true);
      else if (isErrorCode(error, 'not_found')) showToast(t('errors.notFound'));
      else showToast(scheduleErrorMessage(error, t, tc));
    } finally {
      setBusy(false);
      setWithdrawing(null);
      void queryClient.invalidateQueries({ queryKey: schedulesKey });
    }
  };

  return (
    <>
      <ol className="space-y-6" data-testid="slot-days">
        {groupByDay(slots, timeZone).map((group) => {
          const relative = relativeDay(group.date, now, timeZone);
          return (
            <li key={group.date}>
              <h3 className="mb-2 flex items-baseline gap-2 text-[15px] font-bold text-slate-900">
                {relative ? <span className="text-primary">{t(`entry.${relative}`)}</span> : null}
                <span className={relative ? 'font-medium text-slate-500' : undefined}>
                  {formatDate(noonOfDate(group.date), 'UTC', language, {
                    weekday: 'long',
                    day: 'numeric',
                    month: 'long',
                  })}
                </span>
              </h3>
              <ul className="divide-y divide-slate-100 overflow-hidden rounded-card bg-white ring-1 ring-slate-900/[0.06]">
                {group.entries.map((slot) => (
                  <li key={slot._id.$id} className="flex items-center gap-3 p-3 ps-4" data-testid="slot-row">
                    <div className="min-w-0 flex-1">
                      <div className="flex flex-wrap items-center gap-2">
                        <EntryTime entry={slot} timeZone={timeZone} />
                        <SlotBadge isBooked={slot.is_booked === 1} />
                      </div>
                      {slot.is_booked === 1 && slot.appointment ? (
                        <Link
                          to={appointmentPaths.detail({ meetingId, appointmentId: slot.appointment._id.$id })}
                          className="mt-1 block truncate text-[13px] font-medium text-primary hover:underline"
                          data-testid="slot-requester"
                        >
                          <bdi>
                            {t('exhibitor.requestedBy', {
                              name: personName(slot.appointment.requester, t('entry.visitor')),
                            })}
                          </bdi>
                        </Link>
                      ) : null}
                      <OwnZoneLine entry={slot} />
                    </div>
                    {isHistory ? null : (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="shrink-0 text-slate-600"
                        onClick={() => setWithdrawing(slot)}
                        data-testid="slot-withdraw"
                      >
                        {t('exhibitor.withdraw')}
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
      <ConfirmDialog
        isOpen={withdrawing !== null}
        title={t('exhibitor.withdrawTitle')}
        body={
          withdrawing
            ? t('exhibitor.withdrawBody', {
                time: `${formatDate(withdrawing.start * 1000, timeZone, language, {
                  weekday: 'short',
                  day: 'numeric',
                  month: 'short',
                })} ${formatTimeRange(withdrawing.start * 1000, withdrawing.end * 1000, timeZone, language)}`,
              })
            : undefined
        }
        confirmLabel={t('exhibitor.withdraw')}
        cancelLabel={tc('actions.cancel')}
        onConfirm={() => void withdraw()}
        onCancel={() => setWithdrawing(null)}
        isBusy={isBusy}
      />
      <NoticeDialog
        isOpen={isBookedNotice}
        title={t('exhibitor.bookedTitle')}
        body={t('errors.booked')}
        acknowledgeLabel={t('exhibitor.gotIt')}
        onClose={() => setBookedNotice(false)}
      />
    </>
  );
}

function SlotBadge({ isBooked }: { isBooked: boolean }) {
  const { t } = useTranslation('schedules');
  return isBooked ? (
    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-semibold text-amber-800">
      {t('exhibitor.booked')}
    </span>
  ) : (
    <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-[11px] font-semibold text-emerald-700">
      {t('exhibitor.free')}
    </span>
  );
}
