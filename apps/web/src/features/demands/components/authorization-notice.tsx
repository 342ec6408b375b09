import type { DemandAuthorization } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { activityPaths } from '../../../lib/activity-paths.ts';
import { paths } from '../../../lib/paths.ts';
import { demandKeys, recheckDemandAuthorization } from '../api/demands.ts';

/**
 * Why the caller may not post or comment (§6, GET /demand/meetings/authorization): log in first, or
 * register as a participant (a link to the meeting's registrations, then "I have registered" asks
 * POST /demand/meetings/authorization again), or the organiser's ban.
 */
export function AuthorizationNotice({
  meetingId,
  authorization,
}: {
  meetingId: string;
  authorization: DemandAuthorization;
}) {
  const { t } = useTranslation(['demands', 'moderation']);
  const location = useLocation();
  const queryClient = useQueryClient();
  const [isChecking, setChecking] = useState(false);
  const reason = authorization.reason ?? 'participant';
  const recheck = async () => {
    setChecking(true);
    try {
      const fresh = await recheckDemandAuthorization(meetingId);
      queryClient.setQueryData(demandKeys.authorization(meetingId), fresh);
    } finally {
      setChecking(false);
    }
  };
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-card bg-white px-6 py-10 text-center ring-1 ring-slate-900/[0.06]"
      role="status"
      data-testid="demand-authorization"
    >
      <ShieldAlert aria-hidden="true" className="size-8 text-amber-500" />
      <h2 className="text-base font-semibold text-slate-900">
        {reason === 'login'
          ? t('authorization.loginTitle')
          : reason === 'banned'
            ? t('authorization.bannedTitle')
            : t('authorization.participantTitle')}
      </h2>
      <p className="max-w-sm text-sm text-slate-600">
        {reason === 'login'
          ? t('authorization.loginBody')
          : reason === 'banned'
            ? t('moderation:banned')
            : t('authorization.participantBody')}
      </p>
      {reason === 'login' ? (
        <ButtonLink to={paths.login({ meetingId, redirect: `${location.pathname}${location.search}` })}>
          {t('authorization.login')}
        </ButtonLink>
      ) : reason === 'participant' ? (
        <div className="flex flex-wrap justify-center gap-2">
          <ButtonLink to={activityPaths.activity.list({ meetingId })}>
            {t('authorization.register')}
          </ButtonLink>
          <Button variant="secondary" onClick={() => void recheck()} disabled={isChecking}>
            {t('authorization.recheck')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
