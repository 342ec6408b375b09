import { Route, Routes, useLocation } from 'react-router';
import { ConsoleScreen, forgetFailedScreens } from '../../features/console/components/console-screen.tsx';
import { ConsoleShell } from '../../features/console/components/console-shell.tsx';
import type { ConsoleRoute } from '../../lib/console-route.ts';
import { MeetingErrorBoundary } from '../meeting-layout.tsx';
import { consoleRoutes } from './console-routes.ts';

/**
 * The organiser console (DESIGN §7) at `#/console/…`: the shell (login gate, navigation, meeting
 * switcher) around every area's screens, each route of `consoleRoutes` lazily loaded. router.tsx
 * imports this module lazily, so none of it is in a public route's first script. An address no
 * table has opens the console's landing page.
 */
export function ConsoleApp() {
  const { pathname } = useLocation();
  return (
    <Routes>
      <Route element={<ConsoleShell routes={consoleRoutes} />}>
        {consoleRoutes.map((route) =>
          route.path === '' ? (
            <Route key="index" index element={<GuardedScreen route={route} pathname={pathname} />} />
          ) : (
            <Route
              key={route.path}
              path={route.path}
              element={<GuardedScreen route={route} pathname={pathname} />}
            />
          ),
        )}
        <Route path="*" element={<ConsoleNotFound />} />
      </Route>
    </Routes>
  );
}

/** A screen behind an error boundary: code that failed to arrive shows 'failed to load' with retry. */
function GuardedScreen({ route, pathname }: { route: ConsoleRoute; pathname: string }) {
  return (
    <MeetingErrorBoundary resetKey={pathname} onRetry={forgetFailedScreens}>
      <ConsoleScreen route={route} />
    </MeetingErrorBoundary>
  );
}

function ConsoleNotFound() {
  const landing = consoleRoutes.find((route) => route.path === '');
  return landing ? <ConsoleScreen route={landing} /> : null;
}

export default ConsoleApp;
