import { consoleShellRoutes } from '../../features/console/console-shell-routes.ts';
import { consoleActivitiesRoutes } from '../../features/console-activities/console-activities-routes.ts';
import { consoleCommerceRoutes } from '../../features/console-commerce/console-commerce-routes.ts';
import { consoleCopilotRoutes } from '../../features/console-copilot/console-copilot-routes.ts';
import { consoleCredentialsRoutes } from '../../features/console-credentials/console-credentials-routes.ts';
import { consoleCreditsRoutes } from '../../features/console-credits/console-credits-routes.ts';
import { consoleDemandsRoutes } from '../../features/console-demands/console-demands-routes.ts';
import { consoleDocumentsRoutes } from '../../features/console-documents/console-documents-routes.ts';
import { consoleExhibitorsRoutes } from '../../features/console-exhibitors/console-exhibitors-routes.ts';
import { consoleFriendsRoutes } from '../../features/console-friends/console-friends-routes.ts';
import { consoleInvoicesRoutes } from '../../features/console-invoices/console-invoices-routes.ts';
import { consoleLivesRoutes } from '../../features/console-lives/console-lives-routes.ts';
import { consoleMeetingsRoutes } from '../../features/console-meetings/console-meetings-routes.ts';
import { consoleModerationRoutes } from '../../features/console-moderation/console-moderation-routes.ts';
import { consoleNewsRoutes } from '../../features/console-news/console-news-routes.ts';
import { consolePagesRoutes } from '../../features/console-pages/console-pages-routes.ts';
import { consolePeopleRoutes } from '../../features/console-people/console-people-routes.ts';
import { consoleQuestionsRoutes } from '../../features/console-questions/console-questions-routes.ts';
import { consoleReceptionRoutes } from '../../features/console-reception/console-reception-routes.ts';
import { consoleRegistrationsRoutes } from '../../features/console-registrations/console-registrations-routes.ts';
import { consoleSearchRoutes } from '../../features/console-search/console-search-routes.ts';
import { consoleSpeakersRoutes } from '../../features/console-speakers/console-speakers-routes.ts';
import { consoleThreadsRoutes } from '../../features/console-threads/console-threads-routes.ts';
import { consoleVotesRoutes } from '../../features/console-votes/console-votes-routes.ts';
import { consoleWechatRoutes } from '../../features/console-wechat/console-wechat-routes.ts';
import type { ConsoleRoute } from '../../lib/console-route.ts';

/**
 * Every console screen (DESIGN §7): the shell's and each area's. Loaded only with the console
 * (router.tsx imports the console lazily), so no public route's first script carries it.
 */
export const consoleRoutes: ConsoleRoute[] = [
  ...consoleShellRoutes,
  ...consoleMeetingsRoutes,
  ...consoleActivitiesRoutes,
  ...consoleRegistrationsRoutes,
  ...consoleCommerceRoutes,
  ...consoleExhibitorsRoutes,
  ...consoleInvoicesRoutes,
  ...consoleNewsRoutes,
  ...consoleDocumentsRoutes,
  ...consolePagesRoutes,
  ...consoleQuestionsRoutes,
  ...consolePeopleRoutes,
  ...consoleFriendsRoutes,
  ...consoleSearchRoutes,
  ...consoleDemandsRoutes,
  ...consoleThreadsRoutes,
  ...consoleModerationRoutes,
  ...consoleSpeakersRoutes,
  ...consoleVotesRoutes,
  ...consoleLivesRoutes,
  ...consoleCopilotRoutes,
  ...consoleCredentialsRoutes,
  ...consoleCreditsRoutes,
  ...consoleReceptionRoutes,
  ...consoleWechatRoutes,
];
