import type { ConsoleSpeakerInvitation } from '@app/contracts';
import { textLimits } from '@app/contracts/wire/limits.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, Mail, Mic, RotateCw, Smartphone, XCircle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AreaCodeSelect } from '../../../components/ui/area-code-select.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { copyText } from '../../../components/ui/copy-text.ts';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { useConsole } from '../../../lib/console-context.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatDate } from '../../../lib/time.ts';
import {
  invitationsKey,
  invitationsQueryOptions,
  inviteSpeaker,
  programmeSpeakersQueryOptions,
  resendInvitation,
  revokeInvitation,
} from '../api/console-speakers-api.ts';

type Status = ConsoleSpeakerInvitation['status'];
const statusClass: Record<Status, string> = {
  pending: 'bg-sky-50 text-sky-700 ring-sky-200',
  accepted: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  declined: 'bg-slate-100 text-slate-600 ring-slate-200',
  revoked: 'bg-slate-100 text-slate-500 ring-slate-200',
  expired: 'bg-amber-50 text-amber-800 ring-amber-200',
};

/**
 * `#/console/meetings/:meetingId/speaker-invitations` (DESIGN §7; §2 /meeting/speaker/invite, §6):
 * the invite form (speaker, e-mail or phone) and the table of invitations with their state, the
 * answering account, resend and revoke. The link is shown once after sending, to copy.
 */
function InvitationsRoute() {
  const { t } = useTranslation('console-speakers');
  return (
    <ConsolePage
      title={t('invitations.title')}
      description={t('invitations.intro')}
      testId="console-speakers"
    >
      <div className="space-y-6">
        <InviteForm />
        <InvitationsTable />
      </div>
    </ConsolePage>
  );
}

function InviteForm() {
  const { t } = useTranslation('console-speakers');
  const language = useLanguage();
  const { meetingId = '' } = useParams();
  const queryClient = useQueryClient();
  const programmeSpeakers = useQuery(programmeSpeakersQueryOptions(meetingId));
  const speakerSelectId = useId();
  const [speakerId, setSpeakerId] = useState('');
  const [channel = 'email', setChannel] = useState<string | undefined>('email');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [areaCode, setAreaCode] = useState('86');
  const [link, setLink] = useState<string | null>(null);
  const invite = useMutation({
    mutationFn: () =>
      inviteSpeaker(meetingId, speakerId, {
        ...(channel === 'email' ? { email } : { phone, area_code: areaCode }),
        lang: language,
      }),
    onSuccess: async (created) => {
      setLink(created.link);
      showToast(t('form.sentTo', { contact: created.email ?? created.phone ?? '' }));
      setEmail('');
      setPhone('');
      await queryClient.invalidateQueries({ queryKey: invitationsKey(meetingId) });
    },
  });
  const failure = invite.error instanceof ApiError ? invite.error : null;
  const errorText = !failure
    ? undefined
    : failure.status === 409
      ? t('form.alreadyLinked')
      : failure.code === 'phone.invalid'
        ? t('form.invalidPhone')
        : t('form.invalidEmail');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (speakerId) invite.mutate();
  };
  const speakers = programmeSpeakers.data ?? [];
  return (
    <Card className="p-4 desk:p-5">
      <form className="space-y-4" onSubmit={onSubmit} data-testid="invite-form">
        <h2 className="font-semibold text-slate-900">{t('form.title')}</h2>
        <div className="grid gap-4 desk:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={speakerSelectId} className="text-sm font-medium text-slate-700">
              {t('form.speaker')}
            </label>
            <select
              id={speakerSelectId}
              value={speakerId}
              onChange={(event) => setSpeakerId(event.target.value)}
              required
              data-testid="invite-speaker"
              className="h-12 w-full min-w-0 rounded-card bg-white px-3 text-[15px] ring-1 ring-slate-200 outline-none focus:ring-2 focus:ring-primary"
            >
              <option value="">{t('form.chooseSpeaker')}</option>
              {speakers.map((speaker) => (
                <option key={speaker._id.$id} value={speaker._id.$id}>
                  {speaker.name}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <span className="text-sm font-medium text-slate-700">{t('form.channel')}</span>
            <Tabs
              label={t('form.channel')}
              value={channel}
              onChange={setChannel}
              items={[
                { value: 'email', label: t('form.email') },
                { value: 'phone', label: t('form.phone') },
              ]}
            />
          </div>
        </div>
        {channel === 'email' ? (
          <Field
            label={t('form.email')}
            type="email"
            value={email}
            required
            maxLength={textLimits.email}
            autoComplete="off"
            onChange={(event) => setEmail(event.target.value)}
            error={errorText}
            data-testid="invite-email"
          />
        ) : (
          <Field
            label={t('form.phone')}
            type="tel"
            value={phone}
            required
            maxLength={textLimits.phone}
            onChange={(event) => setPhone(event.target.value)}
            start={<AreaCodeSelect value={areaCode} onChange={setAreaCode} label={t('form.areaCode')} />}
            error={errorText}
            data-testid="invite-phone"
          />
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={invite.isPending || !speakerId} data-testid="invite-submit">
            {invite.isPending ? t('form.sending') : t('form.submit')}
          </Button>
          {link ? (
            <Button
              type="button"
              variant="secondary"
              onClick={() => void copyText(link).then((ok) => ok && showToast(t('invitations.copied')))}
            >
              <Copy aria-hidden="true" className="size-4" />
              {t('invitations.copyLink')}
            </Button>
          ) : null}
        </div>
      </form>
    </Card>
  );
}

function InvitationsTable() {
  const { t } = useTranslation('console-speakers');
  const language = useLanguage();
  const { meeting } = useConsole();
  const timeZone = meeting?.time_zone ?? 'UTC';
  const { meetingId = '' } = useParams();
  const queryClient = useQueryClient();
  const [skip] = useState(0);
  const [toRevoke, setToRevoke] = useState<ConsoleSpeakerInvitation | null>(null);
  const list = useQuery(invitationsQueryOptions(meetingId, skip));
  const refresh = () => queryClient.invalidateQueries({ queryKey: invitationsKey(meetingId) });
  const revoke = useMutation({
    mutationFn: (id: string) => revokeInvitation(meetingId, id),
    onSuccess: async () => {
      setToRevoke(null);
      showToast(t('invitations.revoked'));
      await refresh();
    },
  });
  const resend = useMutation({
    mutationFn: (id: string) => resendInvitation(meetingId, id, language),
    onSuccess: async () => {
      showToast(t('invitations.resent'));
      await refresh();
    },
  });
  const date = (seconds: number) =>
    formatDate(seconds * 1000, timeZone, language, {
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    });

  const columns: DataColumn<ConsoleSpeakerInvitation>[] = [
    {
      id: 'speaker',
      header: t('invitations.speaker'),
      cell: (row) => <bdi className="font-medium text-slate-900">{row.speaker_name}</bdi>,
    },
    {
      id: 'contact',
      header: t('invitations.contact'),
      cell: (row) => (
        <span className="inline-flex items-center gap-1.5 text-sm" dir="ltr">
          {row.email ? (
            <Mail aria-hidden="true" className="size-4 text-slate-400" />
          ) : (
            <Smartphone aria-hidden="true" className="size-4 text-slate-400" />
          )}
          {row.email ?? row.phone}
        </span>
      ),
    },
    {
      id: 'status',
      header: t('invitations.status'),
      cell: (row) => (
        <span
          data-testid="invitation-status"
          className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ${statusClass[row.status]}`}
        >
          {t(`invitations.statuses.${row.status}`)}
        </span>
      ),
    },
    {
      id: 'answered',
      header: t('invitations.answeredBy'),
      cell: (row) => <bdi className="text-sm">{row.responded_username ?? '—'}</bdi>,
    },
    {
      id: 'sent',
      header: t('invitations.sent'),
      cell: (row) => <span className="text-sm whitespace-nowrap text-slate-600">{date(row.created)}</span>,
    },
    {
      id: 'expires',
      header: t('invitations.expires'),
      cell: (row) => <span className="text-sm whitespace-nowrap text-slate-600">{date(row.expires)}</span>,
    },
    {
      id: 'actions',
      header: '',
      cell: (row) =>
        row.status === 'pending' || row.status === 'expired' ? (
          <span className="flex gap-1">
            <Button
              size="sm"
              variant="secondary"
              disabled={resend.isPending}
              onClick={() => resend.mutate(row._id.$id)}
            >
              <RotateCw aria-hidden="true" className="size-4" />
              {t('invitations.resend')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setToRevoke(row)}>
              <XCircle aria-hidden="true" className="size-4" />
              {t('invitations.revoke')}
            </Button>
          </span>
        ) : null,
    },
  ];

  return (
    <Card className="overflow-hidden">
      {list.isPending ? (
        <TableSkeleton />
      ) : list.isError ? (
        <ConsoleErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState
          icon={<Mic aria-hidden="true" className="size-7" />}
          title={t('invitations.empty')}
          description={t('invitations.emptyHint')}
        />
      ) : (
        <DataTable
          columns={columns}
          rows={list.data.items}
          rowKey={(row) => row._id.$id}
          caption={t('invitations.title')}
          testId="speaker-invitations-table"
        />
      )}
      <ConfirmDialog
        isOpen={toRevoke !== null}
        title={t('invitations.revokeTitle')}
        body={t('invitations.revokeBody')}
        confirmLabel={t('invitations.revoke')}
        cancelLabel={t('form.cancel')}
        onConfirm={() => toRevoke && revoke.mutate(toRevoke._id.$id)}
        onCancel={() => setToRevoke(null)}
        isBusy={revoke.isPending}
      />
    </Card>
  );
}

export { InvitationsRoute as Component };
