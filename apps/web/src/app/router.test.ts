import { describe, expect, it } from 'vitest';
import { activityPages } from './activity-routes.tsx';
import { appointmentPages } from './appointment-routes.tsx';
import { exhibitPages } from './exhibit-routes.tsx';
import { newsPages } from './news-routes.tsx';
import type { PageRoute } from './page-route.ts';
import { pagesPages } from './pages-routes.tsx';
import { discoverablePages } from './router.tsx';

/** An address of a route pattern: each parameter filled in, optional ones left out. */
const addressOf = (path: string) =>
  path.replace(/\/:[A-Za-z]+\?/g, '').replace(/:[A-Za-z]+/g, '64656d6f0000000000002019');

const groups: [name: string, table: PageRoute[]][] = [
  ['activity', activityPages],
  ['exhibit', exhibitPages],
  ['appointment', appointmentPages],
  ['news', newsPages],
  ['pages', pagesPages],
];

describe('discoverable route groups (§2 routes outside the first script)', () => {
  it.each(groups)('recognises every address of the %s pages as its own', async (_name, table) => {
    const index = groups.findIndex(([, candidate]) => candidate === table);
    const group = discoverablePages[index];
    expect(await group?.load()).toBe(table);
    const unclaimed = table
      .map((route) => addressOf(route.path))
      .filter((address) => !group?.addresses.test(address));
    expect(unclaimed).toEqual([]);
  });
});
