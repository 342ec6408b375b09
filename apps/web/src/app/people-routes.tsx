import { peopleRoutes as routes } from '../lib/people-paths.ts';
import type { PageRoute, RouteHandle } from './page-route.ts';

type TitleKey = 'pages.connection' | 'pages.user' | 'pages.email' | 'pages.settings';

/** A people page titled from the `people` catalogue (`pages.*`); every one needs a login (§2 requireLogin). */
const handle = (key: TitleKey): RouteHandle => ({
  dynamicTitle: { namespace: 'people', compute: (t) => t(key) },
  requireLogin: true,
});

/**
 * The people pages (§2 /meeting/connection, /meeting/user, /my/email; the profile's people settings).
 * router.tsx loads this table when an address of theirs is first visited. /my/email reuses the
 * /account/email form (add and verify an e-mail).
 */
export const peoplePages: PageRoute[] = [
  {
    path: routes.connection,
    handle: handle('pages.connection'),
    lazy: () => import('../features/people/routes/connection-route.tsx'),
  },
  {
    path: routes.user,
    handle: handle('pages.user'),
    // The user page embeds friends' connect button and contact card (§4, §6); composed here (§2).
    lazy: async () => {
      const [{ UserRoute }, { ConnectButton, ContactCard }] = await Promise.all([
        import('../features/people/routes/user-route.tsx'),
        import('../features/friends/components/index.ts'),
      ]);
      return { Component: () => <UserRoute ConnectButton={ConnectButton} ContactCard={ContactCard} /> };
    },
  },
  {
    path: routes.myEmail,
    handle: handle('pages.email'),
    lazy: () => import('../features/auth/routes/account-email-route.tsx'),
  },
  {
    path: routes.profilePeople,
    handle: handle('pages.settings'),
    lazy: () => import('../features/people/routes/people-settings-route.tsx'),
  },
];
