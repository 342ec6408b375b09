import type { Enterprise } from '@app/contracts';
import { localize } from '@app/domain';
import { Link } from 'react-router';
import { Thumb } from '../../../components/ui/thumb.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';

/** The enterprise a question or inquiry goes to: logo and name, linking to its page. */
export function EnterpriseHeading({
  enterprise,
  meetingId,
  subtitle,
}: {
  enterprise: Pick<Enterprise, '_id' | 'title' | 'logo'>;
  meetingId: string;
  subtitle?: string | undefined;
}) {
  const language = useLanguage();
  const title = localize(enterprise.title, language);
  return (
    <Link
      to={paths.enterprise({ meetingId, enterpriseId: enterprise._id.$id })}
      className="flex items-center gap-3 rounded-card bg-white p-3 ring-1 ring-slate-200 hover:bg-slate-50"
      data-testid="asked-enterprise"
    >
      <Thumb src={enterprise.logo} name={title} className="size-12" size={48} />
      <div className="min-w-0">
        <p className="truncate text-[15px] font-semibold text-slate-900">
          <bdi>{title}</bdi>
        </p>
        {subtitle ? <p className="truncate text-xs text-slate-500">{subtitle}</p> : null}
      </div>
    </Link>
  );
}
