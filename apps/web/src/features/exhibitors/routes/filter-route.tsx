import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import type { ChipOption } from '../../../components/ui/chips.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { usePavilionCategories } from '../../../lib/api/categories.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { paths } from '../../../lib/paths.ts';
import { categoryOptions } from '../components/category-options.ts';

/**
 * /exhibit/exhibitor/filter: the pavilion's filters on a whole page (phones): industry and exhibitor
 * group, each as a wrapping choice list; 'Show results' returns to the pavilion with them.
 */
function FilterRoute() {
  const { t } = useTranslation('exhibitors');
  const language = useLanguage();
  const meetingId = useMeeting()._id.$id;
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [industryId, setIndustry] = useState(search.get('industry_id') ?? undefined);
  const [groupId, setGroup] = useState(search.get('group_id') ?? undefined);
  const industries = usePavilionCategories(meetingId, 'industry');
  const groups = usePavilionCategories(meetingId, 'exhibitor_group');

  if (industries.isError || groups.isError) {
    return (
      <ErrorState
        onRetry={() => {
          void industries.refetch();
          void groups.refetch();
        }}
      />
    );
  }
  const isLoading = industries.isPending || groups.isPending;
  return (
    <div className="px-4 pt-4 pb-28 desk:mx-auto desk:max-w-2xl desk:px-0 desk:pt-8">
      {isLoading ? (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-5 w-24" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : (
        <div className="space-y-6">
          <ChoiceGroup
            label={t('list.industries')}
            allLabel={t('list.all')}
            options={categoryOptions(industries.data, language)}
            value={industryId}
            onChange={setIndustry}
          />
          <ChoiceGroup
            label={t('list.groups')}
            allLabel={t('list.all')}
            options={categoryOptions(groups.data, language)}
            value={groupId}
            onChange={setGroup}
          />
        </div>
      )}
      <div className="fixed inset-x-0 bottom-[calc(60px+env(safe-area-inset-bottom))] z-30 border-t border-slate-200/80 bg-white/95 p-3 backdrop-blur desk:static desk:mt-8 desk:border-0 desk:bg-transparent desk:p-0">
        <div className="mx-auto flex max-w-2xl gap-3">
          <Button
            variant="secondary"
            className="flex-1"
            onClick={() => {
              setIndustry(undefined);
              setGroup(undefined);
            }}
          >
            {t('list.reset')}
          </Button>
          <Button
            className="flex-[2]"
            data-testid="filter-apply"
            onClick={() =>
              navigate(paths.exhibit.pavilion({ meetingId, industryId, groupId }), { replace: true })
            }
          >
            {t('list.showResults')}
          </Button>
        </div>
      </div>
    </div>
  );
}

/** One filter dimension as wrapping single-choice buttons. */
function ChoiceGroup({
  label,
  allLabel,
  options,
  value,
  onChange,
}: {
  label: string;
  allLabel: string;
  options: ChipOption[];
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  if (options.length === 0) return null;
  const choice = (isActive: boolean) =>
    cx(
      'min-h-10 rounded-xl px-3 py-2 text-sm transition-colors',
      isActive ? 'bg-primary text-on-primary shadow-sm' : 'bg-white text-slate-700 ring-1 ring-slate-200',
    );
  return (
    <fieldset>
      <legend className="mb-3 text-[15px] font-semibold text-slate-900">{label}</legend>
      <div className="grid grid-cols-3 gap-2 desk:grid-cols-4">
        <button
          type="button"
          aria-pressed={value === undefined}
          className={choice(value === undefined)}
          onClick={() => onChange(undefined)}
        >
          {allLabel}
        </button>
        {options.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={value === option.value}
            className={choice(value === option.value)}
            onClick={() => onChange(value === option.value ? undefined : option.value)}
          >
            {option.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

export { FilterRoute as Component };
