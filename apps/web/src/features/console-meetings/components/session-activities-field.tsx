import type { ConsoleProgrammeActivity, ConsoleSessionActivity } from '@app/contracts';
import { localize } from '@app/domain';
import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatDate, formatTimeRange } from '../../../lib/time.ts';

/**
 * The activities placed on a session (§3 Agenda: activities, each with enable_show): each placed one
 * with a shown-on-the-agenda switch and a remove button, and a picker of the meeting's other
 * activities. An activity the public agenda leaves out whatever the switch says (hidden) is marked.
 */
export function SessionActivitiesField({
  activities,
  value,
  onChange,
  timeZone,
}: {
  activities: ConsoleProgrammeActivity[];
  value: ConsoleSessionActivity[];
  onChange: (value: ConsoleSessionActivity[]) => void;
  timeZone: string;
}) {
  const { t } = useTranslation('console-meetings');
  const language = useLanguage();
  const pickerId = useId();
  const [picked, setPicked] = useState('');
  const byId = new Map(activities.map((activity) => [activity._id.$id, activity]));
  const placedIds = new Set(value.map((item) => item.activity_id));
  const choices = activities.filter((activity) => !placedIds.has(activity._id.$id));
  const when = (activity: ConsoleProgrammeActivity) =>
    `${formatDate(activity.start * 1000, timeZone, language)} ${formatTimeRange(activity.start * 1000, activity.end * 1000, timeZone, language)}`;

  const add = () => {
    if (!picked || placedIds.has(picked)) return;
    onChange([...value, { activity_id: picked, enable_show: 1 }]);
    setPicked('');
  };

  return (
    <fieldset data-testid="session-activities">
      <legend className="mb-0.5 text-sm font-medium text-slate-700">{t('fields.activities')}</legend>
      <p className="mb-2 text-[13px] text-slate-500">{t('fields.activitiesHint')}</p>
      {value.length > 0 ? (
        <ul className="mb-2 divide-y divide-slate-100 rounded-card ring-1 ring-slate-200">
          {value.map((item) => {
            const activity = byId.get(item.activity_id);
            const name = activity ? localize(activity.title, language) : item.activity_id;
            return (
              <li key={item.activity_id} className="flex items-center gap-3 px-3 py-2">
                <div className="min-w-0 flex-1">
                  <p className="line-clamp-2 text-sm font-medium text-slate-900" dir="auto">
                    {name}
                  </p>
                  {activity ? (
                    <p className="flex flex-wrap gap-x-2 text-[12px] text-slate-500">
                      <span>{when(activity)}</span>
                      {activity.enable_show === 0 ? (
                        <span className="text-amber-700">{t('fields.activityHidden')}</span>
                      ) : null}
                      {activity.privacy === 1 ? (
                        <span className="text-slate-600">{t('fields.activityPrivate')}</span>
                      ) : null}
                    </p>
                  ) : null}
                </div>
                <label className="flex shrink-0 items-center gap-1.5 text-[13px] text-slate-700">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={item.enable_show === 1}
                    onChange={(event) =>
                      onChange(
                        value.map((entry) =>
                          entry.activity_id === item.activity_id
                            ? { ...entry, enable_show: event.target.checked ? 1 : 0 }
                            : entry,
                        ),
                      )
                    }
                  />
                  {t('fields.activityShown')}
                </label>
                <button
                  type="button"
                  className="shrink-0 rounded-full p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
                  aria-label={t('fields.removeActivity', { name })}
                  title={t('fields.removeActivity', { name })}
                  onClick={() => onChange(value.filter((entry) => entry.activity_id !== item.activity_id))}
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {activities.length === 0 ? (
        <p className="text-[13px] text-slate-500">{t('fields.noActivitiesYet')}</p>
      ) : choices.length > 0 ? (
        <div className="flex items-center gap-2">
          <label htmlFor={pickerId} className="sr-only">
            {t('fields.addActivity')}
          </label>
          <select
            id={pickerId}
            className="h-9 min-w-0 flex-1 rounded-card bg-white px-3 text-sm text-slate-900 ring-1 ring-slate-200"
            value={picked}
            onChange={(event) => setPicked(event.target.value)}
          >
            <option value="">{t('fields.chooseActivity')}</option>
            {choices.map((activity) => (
              <option key={activity._id.$id} value={activity._id.$id}>
                {localize(activity.title, language)}
              </option>
            ))}
          </select>
          <Button variant="secondary" size="sm" onClick={add} disabled={!picked}>
            <Plus aria-hidden="true" className="size-4" />
            {t('fields.addActivity')}
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}
