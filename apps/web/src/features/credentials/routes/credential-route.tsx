import { type CredentialKind, credentialLimits, type UserCredential } from '@app/contracts';
import { parseIdNumber } from '@app/domain/contact';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { Field } from '../../../components/ui/field.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { uploadImage } from '../../../lib/api/upload-image.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { safeRedirect } from '../../../lib/paths.ts';
import { credentialKey, recogniseCard, saveCredential, useMyCredential } from '../api/credentials.ts';

type Values = { kind: CredentialKind; name: string; number: string; country: string };
type Problem = 'invalid' | 'kind' | 'required' | 'country' | null;

/** Whether the typed number is valid for the chosen kind (§5): the same rules as the server's. */
function numberProblem(values: Values): Problem {
  const typed = values.number.trim();
  if (!typed) return null;
  if (values.kind === 'passport') {
    return /^[A-Z0-9]{5,20}$/.test(typed.replace(/\s+/g, '').toUpperCase()) ? null : 'invalid';
  }
  const parsed = parseIdNumber(typed);
  if (!parsed) return 'invalid';
  return parsed.kind === values.kind ? null : 'kind';
}

/**
 * /credential?meeting_id=&redirect= (§2; §3 Registrant ID number; §5 ID number valid and unique, ID
 * recognition): the signed-in person's identity document for the meeting. Choose the kind, type
 * name and number (checked as typed), or photograph the card: the photo is uploaded, recognised
 * (GET /ocrs/idcard) and fills the form, which the person checks before saving. Once saved the
 * number is only shown masked; `redirect` (a relative route) is opened after saving.
 */
function CredentialRoute() {
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const { t } = useTranslation('credentials');
  const mine = useMyCredential(meetingId);
  const [isEditing, setEditing] = useState(false);
  if (mine.isPending) {
    return (
      <div className="mx-auto max-w-[560px] space-y-4 px-4 pt-4 desk:px-0 desk:pt-8" aria-busy="true">
        <Skeleton className="h-7 w-40" />
        <Skeleton className="h-64 w-full rounded-card" />
      </div>
    );
  }
  if (mine.isError) {
    return (
      <p className="px-4 pt-8 text-center text-sm text-slate-500" data-testid="credential-load-error">
        {t('errors.load')}
      </p>
    );
  }
  const { credential, rule } = mine.data;
  return (
    <div className="mx-auto max-w-[560px] px-4 pt-4 pb-10 desk:px-0 desk:pt-8 desk:pb-12">
      <h1 className="mb-1 text-xl font-bold text-slate-900 desk:text-2xl">{t('pages.credential')}</h1>
      <p className="mb-4 text-sm text-slate-500">
        {rule.required ? t('intro.required') : t('intro.optional')}
      </p>
      {credential && !isEditing ? (
        <Saved credential={credential} onChange={() => setEditing(true)} />
      ) : (
        <CredentialForm kinds={rule.kinds} meetingId={meetingId} initial={credential} />
      )}
    </div>
  );
}

function Saved({ credential, onChange }: { credential: UserCredential; onChange: () => void }) {
  const { t } = useTranslation('credentials');
  return (
    <Card className="space-y-3 p-4 desk:p-5" data-testid="credential-saved">
      <p className="text-sm font-medium text-emerald-700">{t('saved.title')}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-slate-500">{t('form.kind')}</dt>
        <dd className="text-slate-900">{t(`kinds.${credential.kind}`)}</dd>
        <dt className="text-slate-500">{t('form.name')}</dt>
        <dd className="text-slate-900">
          <bdi>{credential.name}</bdi>
        </dd>
        <dt className="text-slate-500">{t('form.number')}</dt>
        <dd className="font-mono text-slate-900 tabular-nums" dir="ltr" data-testid="credential-mask">
          {credential.number_mask}
        </dd>
        {credential.country ? (
          <>
            <dt className="text-slate-500">{t('form.country')}</dt>
            <dd className="text-slate-900">{credential.country}</dd>
          </>
        ) : null}
      </dl>
      <p className="text-xs text-slate-500">{t('saved.privacy')}</p>
      <Button variant="secondary" onClick={onChange} data-testid="credential-change">
        {t('saved.change')}
      </Button>
    </Card>
  );
}

function CredentialForm({
  kinds,
  meetingId,
  initial,
}: {
  kinds: CredentialKind[];
  meetingId: string;
  initial: UserCredential | null;
}) {
  const { t } = useTranslation('credentials');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const firstKind = kinds[0] ?? 'mainland';
  const [values, setValues] = useState<Values>({
    kind: initial && kinds.includes(initial.kind) ? initial.kind : firstKind,
    name: initial?.name ?? '',
    number: '',
    country: initial?.country ?? '',
  });
  const [source, setSource] = useState<'manual' | 'ocr'>('manual');
  const [ocrState, setOcrState] = useState<'idle' | 'reading' | 'filled' | 'unsupported' | 'unavailable'>(
    'idle',
  );
  const [serverProblem, setServerProblem] = useState<'exists' | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const [isTried, setTried] = useState(false);
  const problem = numberProblem(values);

  const set = (name: keyof Values) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setServerProblem(null);
    if (name === 'number' || name === 'name') setSource('manual');
  };

  const onPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setOcrState('reading');
    try {
      const uploaded = await uploadImage(file, 'image');
      const card = await recogniseCard(uploaded.key, meetingId);
      setValues((current) => ({
        ...current,
        kind: kinds.includes(card.kind) ? card.kind : current.kind,
        name: card.name || current.name,
        number: card.number,
      }));
      setSource('ocr');
      setServerProblem(null);
      setOcrState('filled');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'ocr.unsupported') setOcrState('unsupported');
      else if (error instanceof ApiError && error.code === 'ocr.unavailable') setOcrState('unavailable');
      else {
        setOcrState('idle');
        showToast(apiErrorMessage(error, tc));
      }
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (isSubmitting || problem || !values.name.trim() || !values.number.trim()) return;
    if (values.kind === 'passport' && !/^[A-Za-z]{3}$/.test(values.country.trim())) return;
    setSubmitting(true);
    try {
      await saveCredential({
        meeting_id: meetingId,
        kind: values.kind,
        name: values.name.trim(),
        number: values.number.trim(),
        country: values.kind === 'passport' ? values.country.trim().toUpperCase() : undefined,
        source,
      });
      await queryClient.invalidateQueries({ queryKey: credentialKey(meetingId) });
      showToast(t('form.saved'));
      const redirect = safeRedirect(search.get('redirect'));
      if (redirect) navigate(redirect, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'id_number.exists') setServerProblem('exists');
      else if (error instanceof ApiError && error.code === 'id_number.invalid')
        showToast(t('errors.invalid'));
      else showToast(apiErrorMessage(error, tc));
    } finally {
      setSubmitting(false);
    }
  };

  const numberError =
    serverProblem === 'exists'
      ? t('errors.exists')
      : problem === 'invalid'
        ? t('errors.invalid')
        : problem === 'kind'
          ? t('errors.kind')
          : isTried && !values.number.trim()
            ? t('errors.required')
            : undefined;
  const isIdCard = values.kind !== 'passport';

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" data-testid="credential-form">
      <Card className="space-y-4 p-4 desk:p-5">
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-700">{t('form.kind')}</legend>
          <div className="flex flex-wrap gap-2">
            {kinds.map((kind) => (
              <label
                key={kind}
                className={cx(
                  'inline-flex min-h-10 cursor-pointer items-center rounded-full px-4 text-sm ring-1 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary',
                  values.kind === kind
                    ? 'bg-primary text-on-primary ring-primary'
                    : 'bg-white text-slate-700 ring-slate-200 hover:bg-slate-50',
                )}
              >
                <input
                  type="radio"
                  name="kind"
                  value={kind}
                  checked={values.kind === kind}
                  onChange={() => set('kind')(kind)}
                  className="sr-only"
                  data-testid={`credential-kind-${kind}`}
                />
                {t(`kinds.${kind}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {isIdCard ? (
          <div className="rounded-card bg-slate-50 p-3 ring-1 ring-slate-200">
            <label
              className="flex min-h-11 cursor-pointer items-center justify-center rounded-full bg-white px-4 text-sm font-medium text-primary ring-1 ring-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary"
              data-testid="credential-photo-label"
            >
              <input
                type="file"
                accept="image/jpeg,image/png"
                capture="environment"
                className="sr-only"
                onChange={onPhoto}
                disabled={ocrState === 'reading'}
                data-testid="credential-photo"
              />
              {ocrState === 'reading' ? t('ocr.reading') : t('ocr.photograph')}
            </label>
            <p className="mt-2 text-xs text-slate-500" role="status" data-testid="credential-ocr-state">
              {ocrState === 'filled'
                ? t('ocr.filled')
                : ocrState === 'unsupported'
                  ? t('ocr.unsupported')
                  : ocrState === 'unavailable'
                    ? t('ocr.unavailable')
                    : t('ocr.hint')}
            </p>
          </div>
        ) : null}
        <Field
          label={t('form.name')}
          name="name"
          value={values.name}
          onChange={(event) => set('name')(event.target.value)}
          maxLength={credentialLimits.nameMax}
          autoComplete="name"
          required
          error={isTried && !values.name.trim() ? t('errors.required') : undefined}
          data-testid="credential-name"
        />
        <Field
          label={t('form.number')}
          name="number"
          value={values.number}
          onChange={(event) => set('number')(event.target.value)}
          maxLength={credentialLimits.numberMax}
          autoComplete="off"
          inputMode={isIdCard ? 'text' : undefined}
          dir="ltr"
          required
          hint={isIdCard ? t('form.numberHint') : t('form.passportHint')}
          error={numberError}
          data-testid="credential-number"
        />
        {values.kind === 'passport' ? (
          <Field
            label={t('form.country')}
            name="country"
            value={values.country}
            onChange={(event) => set('country')(event.target.value.toUpperCase())}
            maxLength={3}
            autoComplete="country"
            dir="ltr"
            required
            hint={t('form.countryHint')}
            error={isTried && !/^[A-Za-z]{3}$/.test(values.country.trim()) ? t('errors.country') : undefined}
            data-testid="credential-country"
          />
        ) : null}
      </Card>
      <p className="text-xs text-slate-500">{t('saved.privacy')}</p>
      <Button type="submit" className="w-full" disabled={isSubmitting} data-testid="credential-submit">
        {isSubmitting ? t('form.saving') : t('form.save')}
      </Button>
    </form>
  );
}

export { CredentialRoute as Component };
