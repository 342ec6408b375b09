import { localize } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { ScanLine, UserCheck } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { cardClass } from '../../../components/ui/card.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { QrScanner } from '../../../components/ui/qr-scanner.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { idParam } from '../../../lib/paths.ts';
import { formatTime } from '../../../lib/time.ts';
import { useTicketActivity } from '../api/activity.ts';
import { checkInTicket, lookUpTicket, useCheckInCounts } from '../api/check-in.ts';
import {
  type CheckInOutcome,
  CheckInResultPanel,
  toneOf,
  useOutcomeText,
} from '../components/check-in-result.tsx';
import { normalizeCode } from '../components/ticket-code.ts';

/** A result stays this long before scanning resumes by itself (a tap resumes at once). */
const resultMs = 2500;
/** The same code is not read again this long after its result went away (it is still in view). */
const sameCodeMs = 4000;
const codePattern = /^[0-9A-Z]{26}$/;
const historySize = 20;

type HistoryEntry = { id: number; outcome: CheckInOutcome; at: number };

/** A one-time key per scan (crypto.randomUUID where the page is a secure context). */
function newScanKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Maps a failed look-up or check-in to what the volunteer is told. */
function failureOutcome(error: unknown, code: string): CheckInOutcome {
  if (error instanceof ApiError) {
    if (error.status === 403) return { kind: 'noPermission', code };
    if (error.status === 404 || error.status === 400) return { kind: 'notFound', code };
    if (error.status === 409) return { kind: 'notApproved', code, ticket: null };
  }
  return { kind: 'failed', code };
}

/**
 * /activity/register?activity_id (§2 'sign-in', login, meeting staff): check tickets in by scanning
 * their QR code with the camera, from a photo, or by typing the code. Each code is looked up (GET
 * /tickets?code=) and checked in with PUT /tickets/{id}/approve carrying a one-time scan key; the
 * result shows big — green checked in, amber already checked in (with the first time), red refused —
 * scanning pauses meanwhile and resumes on a tap or after a moment. A counter shows how many of the
 * activity's tickets are in; recent scans are listed (beside the scanner on a desktop).
 */
function CheckInRoute() {
  const { t, ready } = useTranslation('tickets');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const [search] = useSearchParams();
  const activityId = idParam(search, 'activity_id');
  const activity = useTicketActivity(meetingId, activityId);
  const counts = useCheckInCounts(meetingId, activityId);
  const queryClient = useQueryClient();
  const outcomeText = useOutcomeText();

  const [outcome, setOutcome] = useState<CheckInOutcome | null>(null);
  const [history, setHistory] = useState<HistoryEntry[]>([]);
  const [typed, setTyped] = useState('');
  const lastRef = useRef<{ code: string; until: number } | null>(null);
  const isBusyRef = useRef(false);
  const resumeTimer = useRef(0);
  const nextId = useRef(1);

  const dismiss = useCallback(() => {
    window.clearTimeout(resumeTimer.current);
    setOutcome((current) => {
      if (current && lastRef.current?.code === current.code) {
        lastRef.current = { code: current.code, until: Date.now() + sameCodeMs };
      }
      return null;
    });
  }, []);

  useEffect(() => () => window.clearTimeout(resumeTimer.current), []);

  const check = useCallback(
    async (raw: string, isTyped: boolean) => {
      const code = normalizeCode(raw);
      if (isBusyRef.current) return;
      const last = lastRef.current;
      if (!isTyped && last && last.code === code && Date.now() < last.until) return;
      isBusyRef.current = true;
      lastRef.current = { code, until: Number.POSITIVE_INFINITY };
      window.clearTimeout(resumeTimer.current);
      setOutcome({ kind: 'checking', code });

      let result: CheckInOutcome;
      if (!codePattern.test(code)) {
        result = { kind: 'notFound', code };
      } else {
        try {
          const ticket = await lookUpTicket(meetingId, code);
          if (activityId && ticket.activity_id.$id !== activityId) {
            result = { kind: 'otherActivity', code, ticket };
          } else {
            try {
              const answer = await checkInTicket(ticket._id.$id, code, newScanKey());
              result =
                answer.is_first === 1
                  ? { kind: 'checkedIn', code, ticket: answer.ticket, at: answer.checked_in_at }
                  : { kind: 'already', code, ticket: answer.ticket, at: answer.checked_in_at };
            } catch (error) {
              const failure = failureOutcome(error, code);
              result = failure.kind === 'notApproved' ? { ...failure, ticket } : failure;
            }
          }
        } catch (error) {
          result = failureOutcome(error, code);
        }
      }
      isBusyRef.current = false;
      setOutcome(result);
      setHistory((entries) =>
        [{ id: nextId.current++, outcome: result, at: Date.now() }, ...entries].slice(0, historySize),
      );
      navigator.vibrate?.(result.kind === 'checkedIn' ? 80 : [60, 60, 60]);
      if (result.kind === 'checkedIn') {
        void queryClient.invalidateQueries({ queryKey: ['tickets', 'check-in-counts', meetingId] });
      }
      resumeTimer.current = window.setTimeout(dismiss, resultMs);
    },
    [activityId, dismiss, meetingId, queryClient],
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!typed.trim()) return;
    void check(typed, true);
    setTyped('');
  };

  const activityTitle = activity.data ? localize(activity.data.title, language) : '';
  const countsData = counts.data;
  const isNotStaff = counts.error instanceof ApiError && counts.error.status === 403;

  if (!ready) return null;
  return (
    <div className="mx-auto max-w-[1100px] px-4 pt-4 pb-10 desk:px-0 desk:pt-8">
      <PageHeader
        title={tc('pages.activityRegister')}
        subtitle={<bdi>{activityId ? activityTitle : t('checkIn.allActivities')}</bdi>}
        actions={
          countsData ? (
            <span
              data-testid="check-in-counter"
              className="inline-flex items-center gap-1.5 rounded-full bg-primary/10 px-3 py-1.5 text-[14px] font-semibold text-primary tabular-nums"
            >
              <UserCheck aria-hidden="true" className="size-4" />
              {t('checkIn.counter', {
                checkedIn: countsData.checkedIn,
                total: countsData.checkedIn + countsData.notYet,
              })}
            </span>
          ) : null
        }
      />
      {isNotStaff ? (
        <p
          role="alert"
          className="mt-4 rounded-card bg-red-50 p-3 text-[14px] text-red-800 ring-1 ring-red-200"
        >
          <strong className="font-semibold">{t('checkIn.noPermission')}</strong> —{' '}
          {t('checkIn.noPermissionDetail')}
        </p>
      ) : null}
      <div className="mt-5 grid gap-6 desk:grid-cols-[minmax(0,440px)_minmax(0,1fr)] desk:items-start">
        <div className="space-y-4">
          <div className="relative">
            <QrScanner
              isPaused={outcome !== null}
              onCode={(text) => void check(text, false)}
              onPhotoWithoutCode={() => showToast(t('checkIn.noCodeInPhoto'))}
              labels={{
                hint: t('checkIn.hint'),
                starting: t('checkIn.starting'),
                unavailable: t('checkIn.unavailable'),
                choosePhoto: t('checkIn.choosePhoto'),
                switchCamera: t('checkIn.switchCamera'),
                torch: t('checkIn.torch'),
                paused: t('checkIn.paused'),
              }}
            />
            <section
              aria-label={t('checkIn.resultRegion')}
              aria-live="assertive"
              className="pointer-events-none absolute inset-x-0 top-0 aspect-square"
            >
              {outcome ? (
                <div className="pointer-events-auto size-full">
                  <CheckInResultPanel outcome={outcome} onDismiss={dismiss} />
                </div>
              ) : null}
            </section>
          </div>
          <form onSubmit={onSubmit} className={cx(cardClass, 'space-y-2 p-4')}>
            <label htmlFor="ticket-code" className="block text-sm font-medium text-slate-700">
              {t('checkIn.manualLabel')}
            </label>
            <div className="flex gap-2">
              <input
                id="ticket-code"
                name="code"
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                placeholder={t('checkIn.manualPlaceholder')}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                dir="ltr"
                className="h-11 min-w-0 flex-1 rounded-button bg-white px-3 font-mono text-[16px] uppercase text-slate-900 ring-1 ring-slate-200 outline-none placeholder:font-sans placeholder:normal-case placeholder:text-slate-400 focus:ring-2 focus:ring-primary"
              />
              <Button type="submit" disabled={!typed.trim() || outcome?.kind === 'checking'}>
                {t('checkIn.manualSubmit')}
              </Button>
            </div>
          </form>
        </div>
        <section aria-labelledby="check-in-history" className={cx(cardClass, 'p-4')}>
          <h2 id="check-in-history" className="mb-3 text-[16px] font-semibold text-slate-900">
            {t('checkIn.history')}
          </h2>
          {history.length === 0 ? (
            <p className="flex items-center gap-2 py-6 text-[14px] text-slate-500">
              <ScanLine aria-hidden="true" className="size-5 text-slate-400" />
              {t('checkIn.historyEmpty')}
            </p>
          ) : (
            <ul className="divide-y divide-slate-100" data-testid="check-in-history">
              {history.map((entry) => {
                const text = outcomeText(entry.outcome);
                const tone = toneOf(entry.outcome);
                return (
                  <li key={entry.id} className="flex items-center gap-3 py-2.5">
                    <span
                      aria-hidden="true"
                      className={cx(
                        'size-2.5 shrink-0 rounded-full',
                        tone === 'green'
                          ? 'bg-emerald-500'
                          : tone === 'amber'
                            ? 'bg-amber-400'
                            : 'bg-red-500',
                      )}
                    />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-[14px] font-medium text-slate-900">
                        {text.title}
                      </span>
                      <span className="block truncate text-[13px] text-slate-500">
                        <bdi>{text.detail}</bdi>
                      </span>
                    </span>
                    <span className="shrink-0 text-[12px] text-slate-400 tabular-nums">
                      {formatTime(entry.at, meeting.time_zone, language)}
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

export { CheckInRoute as Component };
