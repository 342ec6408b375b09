import { Navigate, useParams } from 'react-router';
import { useConsole } from '../../../lib/console-context.ts';
import { copilotScreens } from '../console-copilot-screens.ts';

/**
 * `#/console/meetings/:meetingId/copilot` (copilot.review): the area's entry opens its first screen
 * the caller may use — settings for owners and organisers, the conversations for editors.
 */
function CopilotHomeRoute() {
  const { meetingId = '' } = useParams();
  const { meeting } = useConsole();
  const canConfigure = meeting?.actions.includes('copilot.settings') ?? false;
  return (
    <Navigate
      replace
      to={canConfigure ? copilotScreens.settings(meetingId) : copilotScreens.conversations(meetingId)}
    />
  );
}

export { CopilotHomeRoute as Component };
