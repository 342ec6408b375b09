import type { ConsoleActivity } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AreaCodeSelect } from '../../../components/ui/area-code-select.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { ShareLink } from '../../../components/ui/share-link.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatDate, formatTime } from '../../../lib/time.ts';
import {
  addInvite,
  type InvitationLink,
  invitesQuery,
  mintInvitationLink,
  removeInvite,
} from '../api/console-activities.ts';
import { inputClass, Labelled, Section, useSaveError } from './editor-parts.tsx';

type Ids = { meetingId: string; activityId: string };

/** Lifetimes offered for an invitation link, in seconds (0 = no expiry). */
const lifetimes = [
  { seconds: 86_400, key: 'invites.expires1d' },
  { seconds: 7 * 86_400, key: 'invites.expires7d' },
  { seconds: 30 * 86_400, key: 'invites.expires30d' },
  { seconds: 0, key: 'invites.expiresNever' },
] as const;

/**
 * The invitations tab of a private activity (§6): the invite list (phones with area code, or
 * e-mails) and invitation links with an expiry, each shown with its QR code.
 */
export function InvitationsTab({ ids, activity }: { ids: Ids; activity: ConsoleActivity }) {
  const { t } = useTranslation('console-activities');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const saveError = useSaveError();
  const invites = useQuery(invitesQuery(ids));
  const [kind, setKind] = useState<'phone' | 'email'>('phone');
  const [areaCode, setAreaCode] = useState('86');
  const [address, setAddress] = useState('');
  const [lifetime, setLifetime] = useState(7 * 86_400);
  const [link, setLink] = useState<InvitationLink | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const timeZone = activity.meeting.time_zone;

  const run = async (work: () => Promise<void>) => {
    setIsBusy(true);
    try {
      await work();
    } catch (error) {
      showToast(saveError(error));
    } finally {
      setIsBusy(false);
    }
  };
  const add = () =>
    run(async () => {
      if (!address.trim()) return;
      await addInvite(
        ids,
        kind === 'phone' ? { phone: address.trim(), area_code: areaCode } : { email: address.trim() },
      );
      setAddress('');
      await queryClient.invalidateQueries({ queryKey: invitesQuery(ids).queryKey });
    });

  return (
    <div className="flex flex-col gap-4" data-testid="invites-tab">
      {activity.privacy === 0 ? (
        <p role="note" className="rounded-card bg-amber-50 p-3 text-[14px] text-amber-800">
          {t('invites.notPrivate')}
        </p>
      ) : null}
      <Section title={t('invites.listTitle')} description={t('invites.listHint')}>
        <form
          className="flex flex-col gap-3 desk:flex-row desk:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
        >
          <Labelled label={t('invites.kind')} className="desk:w-40">
            {(id) => (
              <select
                id={id}
                className={inputClass}
                value={kind}
                onChange={(event) => setKind(event.target.value === 'email' ? 'email' : 'phone')}
              >
                <option value="phone">{t('invites.phone')}</option>
                <option value="email">{t('invites.email')}</option>
              </select>
            )}
          </Labelled>
          <Labelled label={kind === 'phone' ? t('invites.phone') : t('invites.email')} className="flex-1">
            {(id) => (
              <div className="flex items-center gap-2">
                {kind === 'phone' ? (
                  <AreaCodeSelect label={t('invites.areaCode')} value={areaCode} onChange={setAreaCode} />
                ) : null}
                <input
                  id={id}
                  dir="ltr"
                  type={kind === 'phone' ? 'tel' : 'email'}
                  className={inputClass}
                  value={address}
                  onChange={(event) => setAddress(event.target.value)}
                />
              </div>
            )}
          </Labelled>
          <Button type="submit" disabled={isBusy || !address.trim()}>
            {t('actions.add')}
          </Button>
        </form>
        <div className="mt-4">
          {invites.isPending ? (
            <Skeleton className="h-20 w-full" />
          ) : invites.isError ? (
            <ErrorState onRetry={() => invites.refetch()} />
          ) : invites.data.length === 0 ? (
            <EmptyState title={t('invites.empty')} />
          ) : (
            <ul className="divide-y divide-slate-100">
              {invites.data.map((invite) => (
                <li key={invite._id.$id} className="flex items-center justify-between gap-2 py-2">
                  <span className="min-w-0 truncate text-[14px] text-slate-800" dir="ltr">
                    {invite.phone ?? invite.email}
                  </span>
                  <span className="ms-auto text-[12px] text-slate-500">
                    {formatDate(invite.created * 1000, timeZone, language)}
                  </span>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t('invites.remove', { address: invite.phone ?? invite.email ?? '' })}
                    onClick={() =>
                      run(async () => {
                        await removeInvite(ids, invite._id.$id);
                        await queryClient.invalidateQueries({ queryKey: invitesQuery(ids).queryKey });
                      })
                    }
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </Section>
      <Section title={t('invites.linkTitle')} description={t('invites.linkHint')}>
        <div className="flex flex-col gap-3 desk:flex-row desk:items-end">
          <Labelled label={t('invites.expiry')} className="desk:w-56">
            {(id) => (
              <select
                id={id}
                className={inputClass}
                value={lifetime}
                onChange={(event) => setLifetime(Number(event.target.value))}
              >
                {lifetimes.map((option) => (
                  <option key={option.seconds} value={option.seconds}>
                    {t(option.key)}
                  </option>
                ))}
              </select>
            )}
          </Labelled>
          <Button
            disabled={isBusy}
            onClick={() => run(async () => setLink(await mintInvitationLink(ids, lifetime || undefined)))}
            data-testid="mint-link"
          >
            {t('invites.mint')}
          </Button>
        </div>
        {link ? (
          <div className="mt-4 flex flex-col gap-2">
            <p className="text-[13px] text-slate-600">
              {link.expires
                ? t('invites.validUntil', {
                    time: `${formatDate(link.expires * 1000, timeZone, language)} ${formatTime(link.expires * 1000, timeZone, language)}`,
                  })
                : t('invites.noExpiry')}
            </p>
            <ShareLink
              url={link.url}
              label={t('invites.linkTitle')}
              fileName={`invitation-${ids.activityId}.png`}
            />
          </div>
        ) : null}
      </Section>
    </div>
  );
}
