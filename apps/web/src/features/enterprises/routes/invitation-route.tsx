import { Download, ImageOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ShareButton } from '../../../components/ui/share-button.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { invitationAttributionParam } from '../../../lib/invitation-attribution.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { paths } from '../../../lib/paths.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useEnterprise } from '../api/get-enterprise.ts';
import { invitationPosterUrl } from '../api/invitation-poster.ts';

/**
 * /meeting/invitation?enterprise_id=… (§2): the enterprise's invitation poster for the meeting, drawn
 * by the server in the display language, with a download button (long-press saves it on phones). A
 * missing or unknown enterprise opens /404, a deleted one /204 (§2).
 */
function InvitationRoute() {
  const [enterpriseId] = useSearchState('enterprise_id');
  const enterprise = useEnterprise(enterpriseId);
  if (!enterpriseId || enterprise.data === null) return <Navigate to={paths.notFound()} replace />;
  if (enterprise.data?.deleted === 1) return <Navigate to={paths.deleted({ replace: true })} replace />;
  // The poster loads beside the enterprise: a failed check leaves the poster to say so.
  return <InvitationPoster key={enterpriseId} enterpriseId={enterpriseId} />;
}

function InvitationPoster({ enterpriseId }: { enterpriseId: string }) {
  const { t, ready } = useTranslation(['exhibitors', 'common']);
  const language = useLanguage();
  const meetingId = useMeeting()._id.$id;
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const src = invitationPosterUrl(meetingId, enterpriseId, { lang: language });
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 pt-4 pb-8 desk:pt-8">
      {status === 'failed' ? (
        <EmptyState
          icon={<ImageOff aria-hidden="true" className="size-7" />}
          title={ready ? t('common:states.errorTitle') : ''}
          action={
            <button type="button" className={buttonClass('secondary')} onClick={() => setStatus('loading')}>
              {t('common:actions.retry')}
            </button>
          }
        />
      ) : (
        <div className="relative aspect-[750/1334] w-full overflow-hidden rounded-card bg-slate-200/80 shadow-md">
          {status === 'loading' ? (
            <div aria-hidden="true" className="absolute inset-0 animate-pulse" />
          ) : null}
          <img
            key={status === 'loading' ? 'loading' : 'shown'}
            src={src}
            alt={ready ? t('pages.invitation') : ''}
            className="relative size-full object-cover"
            data-testid="invitation-poster"
            onLoad={() => setStatus('ready')}
            onError={() => setStatus('failed')}
          />
        </div>
      )}
      {status === 'ready' && ready ? (
        <>
          <a
            href={invitationPosterUrl(meetingId, enterpriseId, { lang: language, download: true })}
            download
            className={buttonClass('primary', 'md', 'w-full')}
          >
            <Download aria-hidden="true" className="size-5" />
            {t('invitation.download')}
          </a>
          <ShareButton
            link={{
              type: 'invitation',
              meetingId,
              id: enterpriseId,
              extra: { [invitationAttributionParam]: enterpriseId },
            }}
            title={t('pages.invitation')}
            className="w-full"
          />
          <p className="text-center text-[13px] text-slate-500 desk:hidden">{t('invitation.hint')}</p>
        </>
      ) : null}
    </div>
  );
}

export { InvitationRoute as Component };
