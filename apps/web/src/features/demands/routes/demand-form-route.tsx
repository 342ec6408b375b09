import { type DemandTypeValue, demandLimits, demandTypeValues } from '@app/contracts/wire/demand-limits.ts';
import { localize } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { ImagePlus, X } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { CharacterCount } from '../../../components/ui/character-count.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { SelectField } from '../../../components/ui/form-dialog.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SkeletonText } from '../../../components/ui/skeleton.tsx';
import { Thumb } from '../../../components/ui/thumb.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { uploadImage } from '../../../lib/api/upload-image.ts';
import { demandPaths } from '../../../lib/demands-paths.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { paths } from '../../../lib/paths.ts';
import {
  type DemandFields,
  demandKeys,
  postDemand,
  useDemandAuthorization,
  useDemandCategories,
} from '../api/demands.ts';
import { AuthorizationNotice } from '../components/authorization-notice.tsx';
import { demandErrorMessage } from '../components/post-error.ts';

const acceptedTypes = ['image/jpeg', 'image/png'];

/**
 * /demand/form/{type} (§2 post form; §3 Demand; §5 title ≥ 5, content required, description ≤ 500,
 * images jpg or png): type, title, description, industry, category, area, up to 9 photos (JPG or PNG
 * only — other files are refused before upload) and "hide my contact" (§6). Checked here as the
 * server checks them; a refusal names its §5 category, else 'Post failed' (§8). Without the right to
 * post (§6, /demand/meetings/authorization) the page says why, with login or registration links.
 */
function DemandFormRoute() {
  const { t } = useTranslation(['demands', 'moderation']);
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const { type: typeParam } = useParams();
  const authorization = useDemandAuthorization(meetingId);
  if (!(demandTypeValues as readonly string[]).includes(typeParam ?? '')) {
    return <Navigate to={paths.notFound()} replace />;
  }
  const type = typeParam as DemandTypeValue;
  return (
    <div className="mx-auto max-w-2xl px-4 pt-4 pb-8 desk:px-0 desk:pt-8">
      <PageHeader className="mb-4" title={t('pages.form')} subtitle={t(`types.${type}`)} />
      {authorization.isPending ? (
        <SkeletonText lines={6} />
      ) : authorization.data && authorization.data.is_authorization !== 1 ? (
        <AuthorizationNotice meetingId={meetingId} authorization={authorization.data} />
      ) : (
        <DemandForm meetingId={meetingId} type={type} />
      )}
    </div>
  );
}

function DemandForm({ meetingId, type: initialType }: { meetingId: string; type: DemandTypeValue }) {
  const { t } = useTranslation(['demands', 'moderation']);
  const language = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const industries = useDemandCategories(meetingId, 'industry');
  const categories = useDemandCategories(meetingId, 'demand');
  const [fields, setFields] = useState<DemandFields>({
    type: initialType,
    title: '',
    description: '',
    industryId: '',
    categoryId: '',
    area: '',
    images: [],
    hideContact: false,
  });
  const [isShowingChecks, setShowingChecks] = useState(false);
  const [error, setError] = useState<string>();
  const [uploading, setUploading] = useState<number | null>(null);
  const [isBusy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const descriptionId = useId();
  const countId = useId();
  const set = <K extends keyof DemandFields>(key: K, value: DemandFields[K]) =>
    setFields((current) => ({ ...current, [key]: value }));

  const titleError = fields.title.trim().length < demandLimits.titleMin ? t('form.titleMin') : undefined;
  const descriptionError = fields.description.trim() === '' ? t('form.required') : undefined;

  const pick = async (files: FileList | null) => {
    if (!files) return;
    setError(undefined);
    for (const file of Array.from(files)) {
      if (!acceptedTypes.includes(file.type)) {
        setError(t('form.imageType'));
        continue;
      }
      setUploading(0);
      try {
        const uploaded = await uploadImage(file, 'image', setUploading);
        setFields((current) =>
          current.images.length >= demandLimits.images
            ? current
            : { ...current, images: [...current.images, uploaded.url] },
        );
      } catch {
        setError(t('form.uploadFailed'));
      } finally {
        setUploading(null);
      }
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setShowingChecks(true);
    setError(undefined);
    if (titleError || descriptionError) return;
    setBusy(true);
    try {
      const demand = await postDemand(meetingId, {
        ...fields,
        title: fields.title.trim(),
        description: fields.description.trim(),
        area: fields.area.trim(),
      });
      showToast(demand.state === 'review' ? t('form.review') : t('form.posted'));
      await queryClient.invalidateQueries({ queryKey: demandKeys.lists(meetingId) });
      navigate(demandPaths.detail({ meetingId, demandId: demand._id.$id }), { replace: true });
    } catch (failure) {
      setError(demandErrorMessage(failure, t));
    } finally {
      setBusy(false);
    }
  };

  const noneOption = { value: '', label: t('form.none') };
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="flex flex-col gap-4 rounded-card bg-white p-4 ring-1 ring-slate-900/[0.06] desk:p-6"
      data-testid="demand-form"
    >
      <SelectField
        label={t('list.typeLabel')}
        value={fields.type}
        onChange={(value) => set('type', value as DemandTypeValue)}
        options={demandTypeValues.map((value) => ({ value, label: t(`types.${value}`) }))}
        testId="demand-type"
      />
      <Field
        label={t('form.title')}
        value={fields.title}
        maxLength={demandLimits.titleMax}
        hint={t('form.titleHint')}
        onChange={(event) => set('title', event.target.value)}
        error={isShowingChecks ? titleError : undefined}
        data-testid="demand-title"
      />
      <div className="flex flex-col gap-1.5">
        <div className="flex items-end justify-between">
          <label htmlFor={descriptionId} className="text-sm font-medium text-slate-700">
            {t('form.description')}
          </label>
          <CharacterCount length={fields.description.length} max={demandLimits.descriptionMax} id={countId} />
        </div>
        <textarea
          id={descriptionId}
          value={fields.description}
          maxLength={demandLimits.descriptionMax}
          rows={5}
          placeholder={t('form.descriptionHint')}
          aria-describedby={countId}
          aria-invalid={isShowingChecks && descriptionError ? true : undefined}
          onChange={(event) => set('description', event.target.value)}
          className="rounded-card bg-white p-3 text-[16px] text-slate-900 outline-none ring-1 ring-slate-200 focus:ring-2 focus:ring-primary"
          data-testid="demand-description"
        />
        {isShowingChecks && descriptionError ? (
          <p className="text-sm text-red-600" role="alert">
            {descriptionError}
          </p>
        ) : null}
      </div>
      {(industries.data?.length ?? 0) > 0 ? (
        <SelectField
          label={t('form.industry')}
          value={fields.industryId}
          onChange={(value) => set('industryId', value)}
          options={[
            noneOption,
            ...(industries.data ?? []).map((c) => ({ value: c._id.$id, label: localize(c.title, language) })),
          ]}
        />
      ) : null}
      {(categories.data?.length ?? 0) > 0 ? (
        <SelectField
          label={t('form.category')}
          value={fields.categoryId}
          onChange={(value) => set('categoryId', value)}
          options={[
            noneOption,
            ...(categories.data ?? []).map((c) => ({ value: c._id.$id, label: localize(c.title, language) })),
          ]}
        />
      ) : null}
      <Field
        label={t('form.area')}
        value={fields.area}
        maxLength={demandLimits.areaMax}
        onChange={(event) => set('area', event.target.value)}
        data-testid="demand-area"
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-slate-700">{t('form.photos')}</legend>
        <p className="text-xs text-slate-500">{t('form.photosHint')}</p>
        <ul className="flex flex-wrap gap-2">
          {fields.images.map((src, index) => (
            <li key={src} className="relative">
              <Thumb
                src={src}
                name={fields.title || t('form.photos')}
                fit="cover"
                size={80}
                className="size-20"
              />
              <button
                type="button"
                onClick={() =>
                  set(
                    'images',
                    fields.images.filter((image) => image !== src),
                  )
                }
                aria-label={t('form.removePhoto', { index: index + 1 })}
                className="absolute -end-1.5 -top-1.5 flex size-6 items-center justify-center rounded-full bg-slate-900/80 text-white"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
          {fields.images.length < demandLimits.images ? (
            <li>
              <button
                type="button"
                onClick={() => fileInput.current?.click()}
                disabled={uploading !== null}
                className="flex size-20 flex-col items-center justify-center gap-1 rounded-xl text-xs text-slate-500 ring-1 ring-dashed ring-slate-300 hover:bg-slate-50"
              >
                <ImagePlus aria-hidden="true" className="size-5" />
                {uploading !== null ? `${Math.round(uploading * 100)}%` : t('form.addPhoto')}
              </button>
              <input
                ref={fileInput}
                type="file"
                accept=".jpg,.jpeg,.png,image/jpeg,image/png"
                multiple
                className="hidden"
                onChange={(event) => {
                  void pick(event.target.files);
                  event.target.value = '';
                }}
                data-testid="demand-photo-input"
              />
            </li>
          ) : null}
        </ul>
      </fieldset>
      <label className="flex items-start gap-3 rounded-xl bg-slate-50 p-3">
        <input
          type="checkbox"
          checked={fields.hideContact}
          onChange={(event) => set('hideContact', event.target.checked)}
          className="mt-0.5 size-5 accent-[var(--color-primary)]"
          data-testid="demand-hide-contact"
        />
        <span className="flex flex-col">
          <span className="text-sm font-medium text-slate-800">{t('form.hideContact')}</span>
          <span className="text-xs text-slate-500">{t('form.hideContactHint')}</span>
        </span>
      </label>
      {error ? (
        <p
          className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700"
          role="alert"
          data-testid="demand-form-error"
        >
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={isBusy || uploading !== null} data-testid="demand-submit">
        {isBusy ? t('form.sending') : t('form.submit')}
      </Button>
    </form>
  );
}

export { DemandFormRoute as Component };
