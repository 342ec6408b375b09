import type { ReactNode } from 'react';

/**
 * The frame of an activities screen: the page's one h1, an optional line under it, actions at the
 * end of the title row (wrapping under it on a phone) and the content.
 */
export function ActivityPage({
  title,
  description,
  actions,
  children,
  testId,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className="mx-auto w-full max-w-[1100px] px-4 py-5 desk:px-8 desk:py-8" data-testid={testId}>
      <header className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-[22px] font-semibold text-slate-900">{title}</h1>
          {description ? <div className="mt-1 text-[14px] text-slate-500">{description}</div> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}

/** The console address of an activities screen (hash route below /console). */
export const activityScreens = {
  list: (meetingId: string) => `/console/meetings/${meetingId}/activities`,
  create: (meetingId: string) => `/console/meetings/${meetingId}/activities/new`,
  editor: (meetingId: string, activityId: string, tab?: string) =>
    `/console/meetings/${meetingId}/activities/${activityId}${tab ? `?tab=${tab}` : ''}`,
};
