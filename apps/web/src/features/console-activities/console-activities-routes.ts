import type { ConsoleRoute } from '../../lib/console-route.ts';

/** The console's activities screens (DESIGN §7), composed by app/console/console-routes.ts. */
export const consoleActivitiesRoutes: ConsoleRoute[] = [];
