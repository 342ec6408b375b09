import { type ActivityCredits, CreditsError, type MyUnionCode, type TicketCredits } from '@app/contracts';
import { localize } from '@app/domain';
import { Award, CheckCircle2, Download, Ticket as TicketIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { cardClass } from '../../../components/ui/card.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { Field } from '../../../components/ui/field.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { downloadFile } from '../../../lib/api/download-file.ts';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { formatMoment, intlLocale } from '../../../lib/time.ts';
import {
  certificatePath,
  useActivityCredits,
  useClaimUnionCode,
  useMyUnionCodes,
} from '../api/credits-api.ts';

/**
 * The credits card of a ticket page (§7 GET /activities/{id}/credits): after check-in the credits
 * earned with a "Download certificate" button, before it "You earn N credits after check-in"; and
 * the union code field (§7 PUT /activity/attendees/unioncode) when the activity takes partner codes,
 * with its success, used and unknown states. Renders nothing for an activity without either.
 */
export function TicketCreditsCard({ ticketId, activityId }: { ticketId: string; activityId: string }) {
  const { t, ready } = useTranslation('credits');
  const credits = useActivityCredits(activityId);
  if (!ready || !credits.data) return null;
  const data = credits.data;
  const mine = data.tickets.find((ticket) => ticket.ticket_id.$id === ticketId);
  if (!mine) return null;
  const showsCredits = data.enabled === 1;
  if (!showsCredits && data.union_codes === 0) return null;
  return (
    <section
      className={cx(cardClass, 'mt-4 flex flex-col gap-4 p-5')}
      data-testid="ticket-credits"
      aria-label={t('title')}
    >
      {showsCredits ? <CreditsPart data={data} ticket={mine} activityId={activityId} /> : null}
      {data.union_codes === 1 && mine.approved === 1 ? (
        <UnionCodePart ticketId={ticketId} activityId={activityId} />
      ) : null}
      {data.union_codes === 1 && mine.approved === 0 ? (
        <p className="text-[14px] text-slate-600" data-testid="unioncode-after-approval">
          {t('unionCode.afterApproval')}
        </p>
      ) : null}
    </section>
  );
}

function CreditsPart({
  data,
  ticket,
  activityId,
}: {
  data: ActivityCredits;
  ticket: TicketCredits;
  activityId: string;
}) {
  const { t } = useTranslation('credits');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const meeting = useMeeting();
  const [busy, setBusy] = useState(false);
  const amount = new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 1 }).format(
    data.credits,
  );
  const unit = localize(data.certificate_title, language) || t('unit');
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(
        certificatePath(activityId, ticket.ticket_id.$id, language),
        `${ticket.certificate_number ?? 'certificate'}.pdf`,
      );
    } catch (error) {
      showToast(apiErrorMessage(error, tc));
    } finally {
      setBusy(false);
    }
  };
  if (ticket.earned === 0) {
    return (
      <div className="flex items-start gap-3">
        <Award aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-amber-500" />
        <div>
          <h2 className="text-[15px] font-semibold text-slate-900">{t('title')}</h2>
          <p className="mt-1 text-sm text-slate-600" data-testid="credits-pending">
            {t('earnAfterCheckIn', { amount, unit })}
          </p>
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-start gap-3">
        <Award aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-emerald-600" />
        <div className="min-w-0">
          <h2 className="text-[15px] font-semibold text-slate-900">{t('title')}</h2>
          <p className="mt-1 text-sm text-slate-700" data-testid="credits-earned">
            {t('earned', { amount, unit })}
          </p>
          {ticket.checked_in_at ? (
            <p className="mt-1 text-[13px] text-slate-500">
              {t('checkedInAt', { time: formatMoment(ticket.checked_in_at, meeting.time_zone, language) })}
            </p>
          ) : null}
          {ticket.certificate_number ? (
            <p className="mt-0.5 text-[13px] text-slate-500">
              {t('certificateNumber', { number: ticket.certificate_number })}
            </p>
          ) : null}
        </div>
      </div>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => void download()}
        disabled={busy}
        data-testid="credits-download"
      >
        <Download aria-hidden="true" className="size-4" />
        {busy ? t('downloading') : t('download')}
      </Button>
    </div>
  );
}

function UnionCodePart({ ticketId, activityId }: { ticketId: string; activityId: string }) {
  const { t } = useTranslation('credits');
  const { t: tc } = useTranslation('common');
  const codes = useMyUnionCodes(activityId);
  const claim = useClaimUnionCode(activityId);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const held: MyUnionCode | undefined = codes.data?.find((c) => c.ticket_id.$id === ticketId);
  if (codes.isPending) return null;
  if (held) {
    return (
      <div className="flex items-start gap-3 rounded-xl bg-emerald-50 p-3" data-testid="unioncode-held">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
        <div className="min-w-0 text-sm">
          <p className="font-medium text-slate-900">{t('unionCode.applied')}</p>
          <p className="mt-0.5 text-slate-700">
            <bdi className="font-mono">{held.code}</bdi>
            {held.partner ? (
              <span className="text-slate-500">
                {' · '}
                <bdi>{held.partner}</bdi>
              </span>
            ) : null}
          </p>
        </div>
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = code.trim();
    if (!text) {
      setProblem(t('unionCode.required'));
      return;
    }
    setProblem(undefined);
    claim.mutate(
      { ticketId, code: text },
      {
        onSuccess: () => {
          setCode('');
          showToast(t('unionCode.appliedToast'));
        },
        onError: (error) => {
          const errorCode = error instanceof ApiError ? String(error.code) : '';
          if (errorCode === CreditsError.codeUnknown) setProblem(t('unionCode.unknown'));
          else if (errorCode === CreditsError.codeUsed) setProblem(t('unionCode.used'));
          else if (errorCode === CreditsError.ticketHasCode) setProblem(t('unionCode.ticketHasCode'));
          else setProblem(apiErrorMessage(error, tc));
        },
      },
    );
  };
  return (
    <form className="flex flex-col gap-2" onSubmit={submit} data-testid="unioncode-form" noValidate>
      <div className="flex items-center gap-2 text-[15px] font-semibold text-slate-900">
        <TicketIcon aria-hidden="true" className="size-5 text-primary" />
        {t('unionCode.title')}
      </div>
      <Field
        label={t('unionCode.label')}
        isLabelHidden
        hint={problem ? undefined : t('unionCode.hint')}
        error={problem}
        value={code}
        maxLength={64}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder={t('unionCode.placeholder')}
        onChange={(event) => setCode(event.target.value)}
        name="union_code"
        end={
          <Button type="submit" size="sm" disabled={claim.isPending} className="me-1">
            {t('unionCode.apply')}
          </Button>
        }
      />
    </form>
  );
}
