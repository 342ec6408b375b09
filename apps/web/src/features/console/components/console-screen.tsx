import { type ComponentType, lazy, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { ConsolePage, NoPermissionState } from '../../../components/ui/console-page.tsx';
import { useConsole } from '../../../lib/console-context.ts';
import type { ConsoleRoute } from '../../../lib/console-route.ts';
import { canOpen } from '../console-nav.ts';
import { ConsoleNavContext } from './console-nav-context.ts';

/** Each screen's lazy component, made once; a screen whose code failed is made again after a retry. */
const screens = new Map<ConsoleRoute['lazy'], ComponentType>();
const failedScreens = new Set<ConsoleRoute['lazy']>();

function screenComponent(load: ConsoleRoute['lazy']): ComponentType {
  let component = screens.get(load);
  if (!component) {
    component = lazy(async () => {
      try {
        return { default: (await load()).Component };
      } catch (error) {
        failedScreens.add(load);
        throw error;
      }
    });
    screens.set(load, component);
  }
  return component;
}

/** Forgets the screens whose code failed to arrive (the error boundary's retry). */
export function forgetFailedScreens(): void {
  for (const load of failedScreens) screens.delete(load);
  failedScreens.clear();
}

/**
 * One console screen behind its permission (DESIGN §7): a meeting the caller holds no role in (or
 * that does not exist), or an action their role lacks, shows 'no permission' instead of the screen —
 * the server would answer 403 no_permission anyway, and that must not log anyone out.
 */
export function ConsoleScreen({ route }: { route: ConsoleRoute }) {
  const { t } = useTranslation('console');
  const { me, meeting } = useConsole();
  const { meetingId } = useParams();
  const nav = useContext(ConsoleNavContext);
  const isAllowed = (!meetingId || meeting !== undefined) && canOpen(route.action, me, meeting);
  // A meeting's address without a screen (invitations link there) opens the first screen the role
  // has when the dashboard is not one of them (check-in or reception staff).
  const firstScreen = nav.find((entry) => entry.section === 'meeting');
  if (!isAllowed && route.path === 'meetings/:meetingId' && meeting && firstScreen) {
    return <Navigate to={`/console/${firstScreen.path}`} replace />;
  }
  if (!isAllowed) {
    return (
      <ConsolePage title={t('states.noPermissionHeading')}>
        <NoPermissionState />
      </ConsolePage>
    );
  }
  const Screen = screenComponent(route.lazy);
  return <Screen />;
}
