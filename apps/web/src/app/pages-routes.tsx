import { pagesRoutes as routes } from '../lib/pages-paths.ts';
import type { PageRoute, RouteHandle } from './page-route.ts';

type PageTitle = 'introduction' | 'branch' | 'contact' | 'conference' | 'preview';

/** A content page's handle: titled from the `pages` namespace, which loads with the page (§2 title rule). */
const handle = (page: PageTitle): RouteHandle => ({
  dynamicTitle: { namespace: 'pages', compute: (t) => t(`titles.${page}`) },
});

const contentPage = () => import('./content-page.tsx');

/**
 * The content pages built of blocks and the draft preview (§2 /meeting/introduction, /meeting/branch,
 * /meeting/contact, /conference, /preview), pages of the meeting area. router.tsx loads this table
 * when an address of theirs is first visited.
 */
export const pagesPages: PageRoute[] = [
  { path: routes.introduction, handle: handle('introduction'), lazy: contentPage },
  { path: routes.branch, handle: handle('branch'), lazy: contentPage },
  { path: routes.contact, handle: handle('contact'), lazy: contentPage },
  { path: routes.conference, handle: handle('conference'), lazy: contentPage },
  { path: routes.preview, handle: handle('preview'), lazy: () => import('./preview-page.tsx') },
];
