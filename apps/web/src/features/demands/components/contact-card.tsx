import type { DemandContact } from '@app/contracts';
import { Mail, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** A contact (§6): phone with its calling code and e-mail, as links; only what the server gave. */
export function ContactLines({ contact, testId }: { contact: DemandContact; testId?: string }) {
  const { t } = useTranslation('demands');
  const phone = contact.phone ? `+${contact.area_code} ${contact.phone}` : '';
  return (
    <dl className="flex flex-col gap-1 text-sm" data-testid={testId}>
      {phone ? (
        <div className="flex items-center gap-2">
          <dt className="inline-flex items-center gap-1 text-slate-500">
            <Phone aria-hidden="true" className="size-3.5" />
            {t('detail.phone')}
          </dt>
          <dd>
            <a href={`tel:${phone.replace(/\s/g, '')}`} className="text-primary" dir="ltr">
              {phone}
            </a>
          </dd>
        </div>
      ) : null}
      {contact.email ? (
        <div className="flex items-center gap-2">
          <dt className="inline-flex items-center gap-1 text-slate-500">
            <Mail aria-hidden="true" className="size-3.5" />
            {t('detail.email')}
          </dt>
          <dd className="min-w-0 truncate">
            <a href={`mailto:${contact.email}`} className="text-primary" dir="ltr">
              {contact.email}
            </a>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
