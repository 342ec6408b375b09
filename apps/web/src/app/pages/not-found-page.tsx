import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page.tsx';

function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <StatusPage
      code="404"
      icon={<Compass aria-hidden="true" className="size-9" />}
      title={t('notFound.title')}
      description={t('notFound.description')}
      pageTitle={t('pages.notFound')}
    />
  );
}

export { NotFoundPage as Component };
