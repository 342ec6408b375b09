import type { Category } from '@app/contracts';
import { localize } from '@app/domain';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cx } from '../../../components/ui/cx.ts';
import { NavIcon } from '../../../components/ui/nav-icon.tsx';
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton.tsx';
import { useClientEnvironment } from '../../../lib/environment-context.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { pageKey, withMeetingId } from '../../../lib/links.ts';
import { navigationLink } from '../../../lib/navigation-link.ts';

type NavigationGridProps = {
  items: Category[] | undefined;
  isLoading: boolean;
  meetingId: string;
  isGrid9: boolean;
};

/**
 * The home entries (GET /navigation/categories), each led by the §3 link rule (navigation-link.ts:
 * mobile_link on phones, raw links as written, in-frame links inside /webview): app routes open in
 * place, URLs in a new tab. Two
 * entries that open the same page (`/agenda` and `/meeting/agenda/schedule`) show once, the first
 * (heaviest) one's title and icon.
 */
export function NavigationGrid({ items, isLoading, meetingId, isGrid9 }: NavigationGridProps) {
  const { t } = useTranslation(['meetings', 'common']);
  const language = useLanguage();
  const environment = useClientEnvironment();
  const isPhone = environment !== 'browser';
  const columns = cx('grid gap-2.5 desk:grid-cols-8 desk:gap-4', isGrid9 ? 'grid-cols-3' : 'grid-cols-4');

  if (isLoading) {
    return (
      <div className={columns} aria-busy="true">
        {placeholderKeys(4).map((key) => (
          <Skeleton key={key} className="h-[84px] rounded-card" />
        ))}
      </div>
    );
  }
  const seen = new Set<string>();
  const entries = (items ?? []).flatMap((item) => {
    const link = navigationLink(item, { isPhone, protocol: window.location.protocol });
    if (link.kind === 'route') {
      const key = pageKey(link.to);
      if (seen.has(key)) return [];
      seen.add(key);
    }
    return [{ item, link }];
  });
  if (entries.length === 0) return null;

  const tile =
    'group flex h-full flex-col items-center justify-center gap-2 rounded-card bg-white px-1 py-3.5 text-center ring-1 ring-slate-900/[0.06] transition hover:shadow-md hover:ring-primary/30 active:scale-[0.98]';
  const iconBox = cx(
    'flex items-center justify-center rounded-2xl bg-primary/10 text-primary transition group-hover:bg-primary group-hover:text-on-primary',
    isGrid9 ? 'size-12' : 'size-11',
  );

  return (
    <nav aria-label={t('meetings:home.explore')}>
      <ul className={columns}>
        {entries.map(({ item, link }) => {
          const label = localize(item.title, language);
          const content = (
            <>
              <span className={iconBox}>
                <NavIcon name={item.icon} className="size-[22px]" />
              </span>
              <span className="line-clamp-2 text-[13px] leading-tight font-medium text-slate-700">
                {label}
              </span>
            </>
          );
          return (
            <li key={item._id.$id}>
              {link.kind === 'route' ? (
                <Link to={withMeetingId(link.to, meetingId)} className={tile}>
                  {content}
                </Link>
              ) : link.kind === 'external' ? (
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={tile}
                  title={t('common:links.external')}
                >
                  {content}
                  <ExternalLink aria-hidden="true" className="sr-only" />
                </a>
              ) : (
                <span className={tile}>{content}</span>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
