import { decideWebview } from '@app/domain/webview';
import { Copy, ExternalLink, Link2Off, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button.tsx';
import { copyText } from '../../../components/ui/copy-text.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { currentEnvironment } from '../../../lib/environment.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useWebviewDomains } from '../api/webview-domains.ts';

/**
 * /webview?link=… (§2): an allowed link embedded in a sandboxed frame that fills the page below the
 * header; a link without a scheme gets the page's protocol. Outside the allowed web-view domains (or
 * an http page inside https) the page offers to copy the link, and, outside the mini-program, to
 * open it in a new tab. The rule is packages/domain's decideWebview.
 */
function WebviewRoute() {
  const { t, ready } = useTranslation('share');
  const [link] = useSearchState('link');
  const domains = useWebviewDomains();
  if (!ready || domains.isPending) return <Skeleton className="m-4 h-[60dvh] rounded-card" />;
  if (domains.isError) return <ErrorState className="py-24" onRetry={() => void domains.refetch()} />;
  const decision = decideWebview({
    link,
    protocol: location.protocol,
    allowedDomains: domains.data,
    environment: currentEnvironment(),
  });

  if (decision.action === 'embed') {
    const host = new URL(decision.url).host;
    return (
      <iframe
        src={decision.url}
        title={t('webview.frameTitle', { host })}
        // Scripts and forms run for the embedded site, in its own origin; it may not navigate our page.
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads"
        referrerPolicy="strict-origin-when-cross-origin"
        allow="fullscreen; clipboard-write"
        className="block h-[calc(100dvh-56px)] w-full border-0 bg-white desk:h-[calc(100dvh-64px)]"
        data-testid="webview-frame"
      />
    );
  }

  if (decision.action === 'invalid') {
    return (
      <EmptyState
        className="py-24"
        icon={<Link2Off aria-hidden="true" className="size-7" />}
        title={t('webview.invalidTitle')}
        description={t('webview.invalidBody')}
      />
    );
  }

  const host = new URL(decision.url).host;
  const copy = async () => {
    showToast((await copyText(decision.url)) ? t('sheet.copied') : t('sheet.copyFailed'));
  };
  return (
    <div className="mx-auto max-w-md px-4 py-16" data-testid="webview-offer">
      <EmptyState
        className="py-0"
        icon={<ShieldAlert aria-hidden="true" className="size-7" />}
        title={decision.reason === 'insecure' ? t('webview.insecureTitle') : t('webview.notAllowedTitle')}
        description={
          decision.reason === 'insecure'
            ? t('webview.insecureBody', { host })
            : t('webview.notAllowedBody', { host })
        }
      />
      <p
        className="mt-6 rounded-card bg-slate-100 px-4 py-3 text-start text-[13px] break-all text-slate-600"
        dir="ltr"
        data-testid="webview-link"
      >
        {decision.url}
      </p>
      <div className="mt-4 grid gap-2">
        <button
          type="button"
          className={buttonClass('primary', 'md', 'w-full')}
          onClick={copy}
          data-testid="webview-copy"
        >
          <Copy aria-hidden="true" className="size-5" />
          {t('webview.copy')}
        </button>
        {decision.canOpenInNewTab ? (
          <a
            href={decision.url}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass('secondary', 'md', 'w-full')}
            data-testid="webview-open"
          >
            <ExternalLink aria-hidden="true" className="size-5" />
            {t('webview.openNewTab')}
          </a>
        ) : null}
      </div>
    </div>
  );
}

export { WebviewRoute as Component };
