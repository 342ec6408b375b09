import type { ModeratedKindValue } from '@app/contracts/wire/moderation.ts';
import { Flag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoginGate } from '../../lib/use-login-gate.ts';

const ReportDialog = lazy(async () => ({
  default: (await import('./report-dialog.tsx')).ReportDialog,
}));

/**
 * The "Report" action of any user-written item (§5 sensitive content): a small button that asks a
 * visitor to log in first, then opens the report dialog, whose code loads on first use only.
 * `kind` and `targetId` name the item as POST /reports takes them.
 */
export function ReportButton({
  meetingId,
  kind,
  targetId,
}: {
  meetingId: string;
  kind: ModeratedKindValue;
  targetId: string;
}) {
  const { t } = useTranslation('moderation');
  const gate = useLoginGate(meetingId);
  const [isOpen, setOpen] = useState(false);
  const [isLoaded, setLoaded] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() =>
          gate(() => {
            setLoaded(true);
            setOpen(true);
          })
        }
        className="inline-flex h-8 items-center gap-1 rounded-full px-2.5 text-xs text-slate-500 hover:bg-slate-100 hover:text-slate-700"
        data-testid={`${kind}-report`}
      >
        <Flag aria-hidden="true" className="size-3.5" />
        {t('report.action')}
      </button>
      {isLoaded ? (
        <Suspense fallback={null}>
          <ReportDialog
            meetingId={meetingId}
            kind={kind}
            targetId={targetId}
            open={isOpen}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
