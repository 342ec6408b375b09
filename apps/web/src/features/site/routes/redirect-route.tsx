import { Link2Off, Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { paths } from '../../../lib/paths.ts';
import { siteApi } from '../../../lib/site-paths.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';

/**
 * /etc/redirect?hash=… (§2): follows a short link. The server answers 302 only to a target it
 * validated (this site or an allowed web-view domain, §7 short links); the page asks first without
 * following, so an unknown or refused hash shows a message here instead of the API's JSON 404.
 */
function RedirectRoute() {
  const { t, ready } = useTranslation(['share', 'common']);
  const [hash] = useSearchState('hash');
  const [isFailed, setFailed] = useState(false);
  useEffect(() => {
    if (!hash || !/^[A-Za-z0-9_-]{6,32}$/.test(hash)) {
      setFailed(true);
      return;
    }
    const url = siteApi.shortLink(hash);
    let isCancelled = false;
    fetch(url, { redirect: 'manual' })
      .then((response) => {
        if (isCancelled) return;
        // A redirect answers opaquely to a manual fetch; anything else (404) is a dead link.
        if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
          location.replace(url);
        } else setFailed(true);
      })
      .catch(() => {
        if (!isCancelled) setFailed(true);
      });
    return () => {
      isCancelled = true;
    };
  }, [hash]);

  return (
    <main id="main" className="flex min-h-dvh items-center justify-center px-6" data-testid="redirect-page">
      {!ready ? null : isFailed ? (
        <EmptyState
          icon={<Link2Off aria-hidden="true" className="size-7" />}
          title={t('redirect.notFoundTitle')}
          description={t('redirect.notFoundBody')}
          action={
            <ButtonLink to={paths.home()} replace>
              {t('common:actions.goHome')}
            </ButtonLink>
          }
        />
      ) : (
        <p className="inline-flex items-center gap-2 text-[15px] text-slate-500" aria-live="polite">
          <Loader2 aria-hidden="true" className="size-5 animate-spin" />
          {t('redirect.title')}
        </p>
      )}
    </main>
  );
}

export { RedirectRoute as Component };
