import { localize } from '@app/domain';
import type { ReactNode } from 'react';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';

/**
 * The calm frame of the login and bind pages: the meeting's cover (or theme colour) with its name on
 * top, the form on a card below; a centred card on desktop.
 */
export function AuthFrame({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const meeting = useMeeting();
  const language = useLanguage();
  const name = localize(meeting.title, language);
  return (
    <div className="desk:py-10">
      <div className="mx-auto w-full desk:max-w-[440px]">
        <div
          className="relative overflow-hidden bg-primary px-5 pb-14 pt-8 text-on-primary desk:rounded-t-card"
          style={
            meeting.cover
              ? {
                  backgroundImage: `linear-gradient(to bottom, color-mix(in oklab, var(--app-primary) 70%, transparent), var(--app-primary)), url("${meeting.cover}")`,
                  backgroundSize: 'cover',
                  backgroundPosition: 'center',
                }
              : undefined
          }
        >
          <p className="text-[13px] font-medium opacity-85">{name}</p>
          <h1 className="mt-1 text-[24px] font-semibold leading-tight">{title}</h1>
          {subtitle ? <p className="mt-1.5 text-[14px] opacity-85">{subtitle}</p> : null}
        </div>
        <div className="relative -mt-8 rounded-t-[20px] bg-white px-5 pb-8 pt-6 shadow-[0_-1px_0_rgba(15,23,42,0.04)] desk:rounded-card desk:shadow-lg desk:ring-1 desk:ring-slate-100">
          {children}
        </div>
      </div>
    </div>
  );
}
