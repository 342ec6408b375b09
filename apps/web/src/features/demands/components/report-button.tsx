import { Flag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoginGate } from '../../../lib/use-login-gate.ts';

const ReportDialog = lazy(async () => ({
  default: (await import('../../../components/ui/report-dialog.tsx')).ReportDialog,
}));

/** "Report" of a demand or a comment (§5): opens the moderation report dialog (loaded on first use). */
export function ReportButton({
  meetingId,
  kind,
  targetId,
}: {
  meetingId: string;
  kind: 'demand' | 'demand_comment';
  targetId: string;
}) {
  const { t } = useTranslation('demands');
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
        {t('detail.report')}
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
