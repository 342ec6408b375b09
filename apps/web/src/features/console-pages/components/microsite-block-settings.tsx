import { textLimits } from '@app/contracts/wire/limits.ts';
import { type Language, localize } from '@app/domain';
import { Crosshair, Plus, Trash2 } from 'lucide-react';
import { type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { Field } from '../../../components/ui/field.tsx';
import { useConsole } from '../../../lib/console-context.ts';
import { fromZonedInput, toZonedInput } from '../../../lib/zoned-input.ts';
import { emptyLink, ImageInput, ItemList, LinkInputs } from './block-inputs.tsx';
import { LocalizedInputs, textsOf } from './form-parts.tsx';

type Data = Record<string, unknown>;

const numberOf = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

/** A new performance of a playbill: an hour from the next full hour, nothing else filled. */
export function newPerformance(): Data {
  const start = Math.ceil(Date.now() / 3_600_000) * 3600;
  return { ...emptyLink, title: {}, start, end: start + 3600, venue: {}, cover: '', description: {} };
}

/** A percentage (0–100, two decimals) of a click's place along one side of the plan. */
const percentAt = (offset: number, size: number) =>
  size > 0 ? Math.round(Math.min(100, Math.max(0, (offset / size) * 100)) * 100) / 100 : 50;

/**
 * The settings of a venue map (§2 /sichuan-culture/map): the plan image (uploaded), its description,
 * and its points. A point is placed by choosing it and clicking on the plan (or by typing its x/y in
 * percent, for keyboards); each has a title, a description and the §3 link fields.
 */
export function VenueMapSettings({
  languages,
  data,
  onChange,
}: {
  languages: readonly Language[];
  data: Data;
  onChange: (data: Data) => void;
}) {
  const { t } = useTranslation('console-pages');
  const points = Array.isArray(data.points) ? (data.points as Data[]) : [];
  const image = typeof data.image === 'string' ? data.image : '';
  const [selected, setSelected] = useState<number | null>(null);
  const setPoints = (next: Data[]) => onChange({ ...data, points: next });
  const setPoint = (index: number, point: Data) =>
    setPoints(points.map((current, position) => (position === index ? point : current)));

  const place = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = percentAt(event.clientX - box.left, box.width);
    const y = percentAt(event.clientY - box.top, box.height);
    if (selected !== null && points[selected]) {
      setPoint(selected, { ...points[selected], x, y });
    } else {
      setPoints([...points, { ...emptyLink, x, y, title: {}, description: {} }]);
      setSelected(points.length);
    }
  };

  return (
    <div className="space-y-4" data-testid="venue-map-settings">
      <ImageInput
        label={t('editor.plan')}
        value={image}
        onChange={(next) => onChange({ ...data, image: next })}
      />
      <LocalizedInputs
        languages={languages}
        value={textsOf(data.alt, languages)}
        onChange={(alt) => onChange({ ...data, alt })}
        label={(language) => t('editor.alt', { language })}
        maxLength={textLimits.title}
      />
      {image ? (
        <div className="space-y-2">
          <p className="text-[13px] text-slate-500">
            {selected === null ? t('editor.placeNew') : t('editor.placeSelected', { number: selected + 1 })}
          </p>
          {/* The plan is a picture: points sit at physical percentages of it in every direction. */}
          <div className="relative max-w-2xl overflow-hidden rounded-card ring-1 ring-slate-200" dir="ltr">
            <button
              type="button"
              onClick={place}
              className="block w-full cursor-crosshair"
              aria-label={t('editor.placeOnPlan')}
              data-testid="venue-plan-editor"
            >
              <img src={image} alt="" className="block h-auto w-full" draggable={false} />
            </button>
            {points.map((point, index) => (
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: points have no id; their order is their number
                key={index}
                aria-hidden="true"
                className={cx(
                  'pointer-events-none absolute flex size-7 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-2 border-white text-xs font-bold shadow',
                  index === selected ? 'bg-amber-500 text-white' : 'bg-primary text-on-primary',
                )}
                style={{ left: `${numberOf(point.x, 50)}%`, top: `${numberOf(point.y, 50)}%` }}
              >
                {index + 1}
              </span>
            ))}
          </div>
        </div>
      ) : null}
      <div className="space-y-3">
        {points.map((point, index) => (
          <fieldset
            // biome-ignore lint/suspicious/noArrayIndexKey: points have no id; their position is their identity while editing
            key={index}
            className={cx(
              'space-y-3 rounded-card bg-slate-50 p-3 ring-1',
              index === selected ? 'ring-amber-400' : 'ring-slate-200',
            )}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <legend className="text-sm font-semibold text-slate-800">
                {t('editor.point', { number: index + 1 })}
                {localize(point.title as Record<string, string>, languages[0] ?? 'en')
                  ? ` · ${localize(point.title as Record<string, string>, languages[0] ?? 'en')}`
                  : ''}
              </legend>
              <div className="flex gap-1">
                <Button
                  variant={index === selected ? 'primary' : 'ghost'}
                  size="sm"
                  onClick={() => setSelected(index === selected ? null : index)}
                  aria-pressed={index === selected}
                >
                  <Crosshair aria-hidden="true" className="size-4" />
                  {t('editor.placePoint')}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-red-600 hover:bg-red-50"
                  onClick={() => {
                    setPoints(points.filter((_, position) => position !== index));
                    setSelected(null);
                  }}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  {t('editor.removeItem')}
                </Button>
              </div>
            </div>
            <div className="grid max-w-sm grid-cols-2 gap-3">
              <Field
                label={t('editor.x')}
                type="number"
                inputMode="decimal"
                min={0}
                max={100}
                step={0.1}
                value={String(numberOf(point.x, 50))}
                onChange={(event) => setPoint(index, { ...point, x: Number(event.target.value) })}
              />
              <Field
                label={t('editor.y')}
                type="number"
                inputMode="decimal"
                min={0}
                max={100}
                step={0.1}
                value={String(numberOf(point.y, 50))}
                onChange={(event) => setPoint(index, { ...point, y: Number(event.target.value) })}
              />
            </div>
            <LocalizedInputs
              languages={languages}
              value={textsOf(point.title, languages)}
              onChange={(title) => setPoint(index, { ...point, title })}
              label={(language) => t('editor.itemTitle', { language })}
              maxLength={textLimits.title}
            />
            <LocalizedInputs
              languages={languages}
              value={textsOf(point.description, languages)}
              onChange={(description) => setPoint(index, { ...point, description })}
              label={(language) => t('editor.itemDescription', { language })}
              maxLength={textLimits.description}
            />
            <LinkInputs value={point} onChange={(next) => setPoint(index, next)} />
          </fieldset>
        ))}
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            setPoints([...points, { ...emptyLink, x: 50, y: 50, title: {}, description: {} }]);
            setSelected(points.length);
          }}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('editor.addPoint')}
        </Button>
      </div>
    </div>
  );
}

/**
 * The settings of a playbill (§2 /sichuan-culture/playbill): its performances, each with title, start
 * and end typed on the meeting's wall clock (stored as unix seconds), venue, cover, description and
 * the §3 link fields.
 */
export function PlaybillSettings({
  languages,
  data,
  onChange,
}: {
  languages: readonly Language[];
  data: Data;
  onChange: (data: Data) => void;
}) {
  const { t } = useTranslation('console-pages');
  const zone = useConsole().meeting?.time_zone ?? 'UTC';
  const performances = Array.isArray(data.performances) ? (data.performances as Data[]) : [];
  return (
    <div className="space-y-3" data-testid="playbill-settings">
      <p className="text-[13px] text-slate-500">{t('editor.zoneHint', { zone })}</p>
      <ItemList
        items={performances}
        onChange={(next) => onChange({ ...data, performances: next })}
        itemLabel={(number) => t('editor.performance', { number })}
        addLabel={t('editor.addPerformance')}
        empty={newPerformance()}
        render={(item, set) => (
          <>
            <LocalizedInputs
              languages={languages}
              value={textsOf(item.title, languages)}
              onChange={(title) => set({ ...item, title })}
              label={(language) => t('editor.itemTitle', { language })}
              maxLength={textLimits.title}
            />
            <div className="grid gap-3 desk:grid-cols-2">
              <Field
                label={t('editor.start')}
                type="datetime-local"
                value={toZonedInput(numberOf(item.start, 0), zone)}
                onChange={(event) => {
                  const start = fromZonedInput(event.target.value, zone);
                  if (start === null) return;
                  // The end moves with the start, keeping the performance's length.
                  const length = numberOf(item.end, 0) - numberOf(item.start, 0);
                  set({ ...item, start, end: start + (length > 0 ? length : 3600) });
                }}
              />
              <Field
                label={t('editor.end')}
                type="datetime-local"
                value={toZonedInput(numberOf(item.end, 0), zone)}
                onChange={(event) => {
                  const end = fromZonedInput(event.target.value, zone);
                  if (end !== null) set({ ...item, end });
                }}
              />
            </div>
            <LocalizedInputs
              languages={languages}
              value={textsOf(item.venue, languages)}
              onChange={(venue) => set({ ...item, venue })}
              label={(language) => t('editor.venue', { language })}
              maxLength={textLimits.title}
            />
            <ImageInput
              label={t('editor.cover')}
              value={typeof item.cover === 'string' ? item.cover : ''}
              onChange={(cover) => set({ ...item, cover })}
            />
            <LocalizedInputs
              languages={languages}
              value={textsOf(item.description, languages)}
              onChange={(description) => set({ ...item, description })}
              label={(language) => t('editor.itemDescription', { language })}
              maxLength={textLimits.description}
            />
            <LinkInputs value={item} onChange={set} />
          </>
        )}
      />
    </div>
  );
}
