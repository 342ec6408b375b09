import type { FriendPerson } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { displayName } from './display-name.ts';

/** What ContactCard needs of a person (FriendPerson, or the user page's shape). */
export type ContactPerson = Pick<
  FriendPerson,
  'username' | 'avatar' | 'work' | 'phone' | 'area_code' | 'email'
>;

/**
 * A person's card: avatar, name, work, and their contact details (§6) — phone (tap to call) and e-mail
 * (tap to write) — which the API fills only for connected friends and the person themself; otherwise a
 * calm hint that contacts show once connected.
 */
export function ContactCard({ person, className }: { person: ContactPerson; className?: string }) {
  const { t } = useTranslation('friends');
  const phone = person.phone ? `+${person.area_code} ${person.phone}`.replace(/^\+ /, '') : '';
  const work = [person.work.title, person.work.company].filter(Boolean).join(' · ');
  const hasContact = Boolean(phone || person.email);
  const name = displayName(person, t);
  return (
    <section
      data-testid="contact-card"
      className={cx('rounded-card bg-white p-4 shadow-sm ring-1 ring-slate-100', className)}
    >
      <div className="flex items-center gap-3">
        <Avatar name={name} photo={person.avatar} className="size-12 text-lg" />
        <div className="min-w-0">
          <p className="truncate text-[16px] font-semibold text-slate-900">{name}</p>
          {work ? <p className="truncate text-sm text-slate-500">{work}</p> : null}
        </div>
      </div>
      {hasContact ? (
        <dl className="mt-3 space-y-2 border-t border-slate-100 pt-3 text-[15px]">
          {phone ? (
            <div className="flex justify-between gap-3">
              <dt className="text-slate-500">{t('contact.phone')}</dt>
              <dd>
                <a
                  dir="ltr"
                  className="text-primary"
                  href={`tel:+${person.area_code}${person.phone}`}
                  data-testid="contact-phone"
                >
                  {phone}
                </a>
              </dd>
            </div>
          ) : null}
          {person.email ? (
            <div className="flex justify-between gap-3">
              <dt className="text-slate-500">{t('contact.email')}</dt>
              <dd className="min-w-0 truncate">
                <a
                  dir="ltr"
                  className="text-primary"
                  href={`mailto:${person.email}`}
                  data-testid="contact-email"
                >
                  {person.email}
                </a>
              </dd>
            </div>
          ) : null}
        </dl>
      ) : (
        <p
          className="mt-3 border-t border-slate-100 pt-3 text-sm text-slate-500"
          data-testid="contact-hidden"
        >
          {t('contact.hidden')}
        </p>
      )}
    </section>
  );
}
