import type { ConsoleRoute } from '../../lib/console-route.ts';

/** The console's own screens (DESIGN §7): meetings overview, dashboard, team, audit log, administrators. */
export const consoleShellRoutes: ConsoleRoute[] = [];
