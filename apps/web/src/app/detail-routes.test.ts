import { describe, expect, it } from 'vitest';
import { activityPages } from './activity-routes.tsx';
import { appointmentPages } from './appointment-routes.tsx';
import { copilotPages } from './copilot-routes.tsx';
import { demandPages } from './demands-routes.tsx';
import { detailRoutes, pagesWithoutItem } from './detail-routes.ts';
import { documentPages } from './documents-routes.tsx';
import { exhibitPages } from './exhibit-routes.tsx';
import { invoicePages } from './invoices-routes.tsx';
import { livePages } from './lives-routes.tsx';
import { micrositePages } from './microsite-routes.tsx';
import { newsPages } from './news-routes.tsx';
import { orderPages } from './orders-routes.tsx';
import type { PageRoute } from './page-route.ts';
import { pagesPages } from './pages-routes.tsx';
import { questionPages } from './questions-routes.tsx';
import { meetingPages } from './router.tsx';
import { searchPages } from './search-routes.tsx';
import { sitePages } from './site-routes.tsx';
import { threadPages } from './threads-routes.tsx';
import { votePages } from './votes-routes.tsx';

/** Every meeting page of the route tables: the first script's and the discoverable groups'. */
const tableRoutes: PageRoute[] = [
  ...meetingPages,
  ...activityPages,
  ...exhibitPages,
  ...appointmentPages,
  ...newsPages,
  ...orderPages,
  ...invoicePages,
  ...documentPages,
  ...pagesPages,
  ...sitePages,
  ...searchPages,
  ...copilotPages,
  ...threadPages,
  ...questionPages,
  ...demandPages,
  ...votePages,
  ...livePages,
  ...micrositePages,
];
const tablePaths = tableRoutes.map((route) => route.path);

describe('detail routes (§2: bad ids open /404, deleted items /204)', () => {
  it('classifies every page of the route tables, once: detail page or page without an item', () => {
    const detail = detailRoutes.map((route) => route.path);
    expect(new Set(detail).size).toBe(detail.length);
    expect(detail.filter((path) => pagesWithoutItem.includes(path))).toEqual([]);
    expect([...detail, ...pagesWithoutItem].sort()).toEqual([...tablePaths].sort());
  });

  it('lists every page with an id in its path as a detail page', () => {
    const withIdParam = tablePaths.filter((path) => /:[a-zA-Z]*Id\b/.test(path));
    expect(withIdParam.length).toBeGreaterThan(0);
    for (const path of withIdParam) {
      expect(detailRoutes.map((route) => route.path)).toContain(path);
    }
  });

  it('says which detail pages need a login as their handles do (redirects: as their targets)', () => {
    for (const route of detailRoutes) {
      const table = tableRoutes.find((candidate) => candidate.path === route.path);
      const handle = table?.handle;
      if (!handle) continue; // a redirect: its target's handle applies
      expect({ path: route.path, requireLogin: Boolean(handle.requireLogin) }).toEqual({
        path: route.path,
        requireLogin: route.requireLogin,
      });
    }
  });

  it('names path ids that the pattern has', () => {
    for (const route of detailRoutes) {
      const params = [...('param' in route.id ? [route.id.param] : []), ...Object.keys(route.with ?? {})];
      for (const param of params.filter((name) => /Id$/.test(name))) {
        expect(route.path).toContain(`:${param}`);
      }
    }
  });
});
