import { Archive } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page.tsx';

/** /204: the content was deleted (§2); `replace` 1 says this page replaced the one that showed it. */
function DeletedPage() {
  const { t } = useTranslation('common');
  return (
    <StatusPage
      code="204"
      icon={<Archive aria-hidden="true" className="size-9" />}
      title={t('deleted.title')}
      description={t('deleted.description')}
      pageTitle={t('pages.deleted')}
    />
  );
}

export { DeletedPage as Component };
