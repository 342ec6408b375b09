import { Archive } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { StatusPage } from './status-page.tsx';

/**
 * /204: the content was deleted (§2 "The /204 page shows deleted content (query replace 0 or 1)").
 * `replace=1`: this page replaced the deleted item's page in the history (§2 "opens /204 without
 * adding history"), so going back would skip it and leave the app — only "home" is offered.
 * `replace=0` (or none): the item's page is still behind this one, so "Go back" returns to where
 * the visitor came from (one step further back than the item's page, which would open /204 again).
 */
function DeletedPage() {
  const { t } = useTranslation(['common', 'share']);
  const [search] = useSearchParams();
  const isReplaced = search.get('replace') === '1';
  const canGoBack = !isReplaced && typeof history !== 'undefined' && history.length > 2;
  return (
    <StatusPage
      code="204"
      icon={<Archive aria-hidden="true" className="size-9" />}
      title={t('deleted.title')}
      description={t('deleted.description')}
      pageTitle={t('pages.deleted')}
      secondaryAction={
        canGoBack ? (
          <button
            type="button"
            className={buttonClass('ghost', 'md', 'mt-3 w-full')}
            onClick={() => history.go(-2)}
            data-testid="deleted-back"
          >
            {t('share:deleted.back')}
          </button>
        ) : null
      }
    />
  );
}

export { DeletedPage as Component };
