import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { ConsolePage } from '../../../components/ui/console-page.tsx';
import { useConsole } from '../../../lib/console-context.ts';
import { consoleLiveKeys } from '../api/console-lives-api.ts';
import { LiveForm } from '../components/live-form.tsx';
import { livesScreens } from '../console-lives-screens.ts';

/**
 * `#/console/meetings/:meetingId/lives/new` (lives.edit; §3 Live): the live editor for a new live;
 * once created (with its stream key) the live's own screen opens on its overview.
 */
function LiveNewRoute() {
  const { t } = useTranslation('console-lives');
  const { meetingId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const timeZone = useConsole().meeting?.time_zone ?? 'UTC';
  return (
    <ConsolePage
      title={t('newTitle')}
      testId="console-live-new"
      actions={
        <ButtonLink to={livesScreens.list(meetingId)} variant="secondary" size="sm">
          {t('back')}
        </ButtonLink>
      }
    >
      <LiveForm
        meetingId={meetingId}
        timeZone={timeZone}
        live={null}
        onCancel={() => navigate(livesScreens.list(meetingId))}
        onSaved={(saved) => {
          queryClient.setQueryData(consoleLiveKeys.one(meetingId, saved._id.$id), saved);
          void queryClient.invalidateQueries({ queryKey: consoleLiveKeys.all(meetingId), exact: true });
          navigate(livesScreens.live(meetingId, saved._id.$id), { replace: true });
        }}
      />
    </ConsolePage>
  );
}

export { LiveNewRoute as Component };
