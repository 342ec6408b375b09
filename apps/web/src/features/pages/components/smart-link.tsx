import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useClientEnvironment } from '../../../lib/environment-context.ts';
import { withMeetingId } from '../../../lib/links.ts';
import { type NavigationLinkFields, navigationLink } from '../../../lib/navigation-link.ts';

type SmartLinkProps = {
  fields: NavigationLinkFields;
  meetingId: string;
  className?: string;
  children: ReactNode;
  /** Accessible name when the content is an image. */
  label?: string;
};

/**
 * A link set by the organiser, led by the §3 navigation-item rule (navigation-link.ts): app routes and
 * in-frame links open in place (in the same meeting), other URLs in a new tab; no link: plain content.
 */
export function SmartLink({ fields, meetingId, className, children, label }: SmartLinkProps) {
  const { t } = useTranslation('common');
  const isPhone = useClientEnvironment() !== 'browser';
  const link = navigationLink(fields, { isPhone, protocol: window.location.protocol });
  if (link.kind === 'route') {
    return (
      <Link to={withMeetingId(link.to, meetingId)} className={className} aria-label={label}>
        {children}
      </Link>
    );
  }
  if (link.kind === 'external') {
    return (
      <a
        href={link.href}
        target="_blank"
        rel="noopener noreferrer"
        className={className}
        aria-label={label}
        title={t('links.external')}
      >
        {children}
      </a>
    );
  }
  return <div className={className}>{children}</div>;
}
