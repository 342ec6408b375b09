import { textLimits } from '@app/contracts/wire/limits.ts';
import { localize } from '@app/domain';
import { parseInquiryAmount } from '@app/domain/commerce';
import { useQueryClient } from '@tanstack/react-query';
import { Building2, Store } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { idOf, useMeeting } from '../../../lib/meeting-context.ts';
import { idParam, paths } from '../../../lib/paths.ts';
import { questionPaths } from '../../../lib/questions-paths.ts';
import { useIsLoggedIn } from '../../../lib/use-session.ts';
import { useAskedEnterprise, useAskedExhibitor, useAskedProduct, useExhibitorSide } from '../api/context.ts';
import { refreshInquiries, sendInquiryRequest } from '../api/inquiries.ts';
import { askQuestionRequest, refreshQuestions } from '../api/questions.ts';
import { EnterpriseHeading } from '../components/enterprise-heading.tsx';
import { postErrorMessage } from '../components/post-error.ts';
import { TextBox } from '../components/text-box.tsx';

type Mode = 'question' | 'price';

/**
 * /meeting/enterprise/question?enterprise_id (§2 ask form; `type=price` and optional `product_id`
 * for a price inquiry, §3): the enterprise card, then a question (public or private, ≤ 500) or a
 * price inquiry (what is needed, an optional target price that must be a number, §5). A refusal
 * names its §5 category; success goes to the Q&A list or to the inquiry's thread.
 */
function AskRoute() {
  const { t, ready } = useTranslation('questions');
  const meetingId = idOf(useMeeting());
  const [search, setSearch] = useSearchParams();
  const enterpriseId = idParam(search, 'enterprise_id');
  const productId = idParam(search, 'product_id');
  const mode: Mode = search.get('type') === 'price' ? 'price' : 'question';
  const isLoggedIn = useIsLoggedIn(meetingId);
  const enterprise = useAskedEnterprise(enterpriseId);
  const exhibitor = useAskedExhibitor(meetingId, enterpriseId);
  const side = useExhibitorSide(meetingId, isLoggedIn);

  if (!enterpriseId || enterprise.data === null) return <Navigate to={paths.notFound()} replace />;
  if (enterprise.data?.deleted === 1) return <Navigate to={paths.deleted({ replace: true })} replace />;

  let body: React.ReactNode;
  if (!ready || enterprise.isPending || exhibitor.isPending || (isLoggedIn && side.isPending)) {
    body = (
      <div className="space-y-4" aria-busy="true">
        <Skeleton className="h-[72px] w-full rounded-card" />
        <Skeleton className="h-48 w-full rounded-card" />
      </div>
    );
  } else if (enterprise.isError || exhibitor.isError) {
    body = (
      <ErrorState
        onRetry={() => {
          void enterprise.refetch();
          void exhibitor.refetch();
        }}
      />
    );
  } else if (!exhibitor.data) {
    body = (
      <EmptyState
        icon={<Store aria-hidden="true" className="size-7" />}
        title={t('ask.notExhibiting')}
        action={
          <ButtonLink to={paths.exhibit.pavilion({ meetingId })} variant="secondary">
            {t('section.all')}
          </ButtonLink>
        }
      />
    );
  } else if (side.data?.is_exhibitor === 1 && side.data.enterprise_id?.$id === enterpriseId) {
    body = (
      <EmptyState
        icon={<Building2 aria-hidden="true" className="size-7" />}
        title={t('ask.own')}
        action={
          <ButtonLink to={questionPaths.inbox({ meetingId })} variant="secondary">
            {t('pages.inbox')}
          </ButtonLink>
        }
      />
    );
  } else {
    body = (
      <>
        <EnterpriseHeading enterprise={enterprise.data} meetingId={meetingId} />
        <Tabs
          label={t('pages.ask')}
          value={mode}
          onChange={(value) => {
            const next = new URLSearchParams(search);
            if (value === 'price') next.set('type', 'price');
            else next.delete('type');
            setSearch(next, { replace: true });
          }}
          items={[
            { value: 'question', label: t('ask.tabQuestion') },
            { value: 'price', label: t('ask.tabPrice') },
          ]}
        />
        {mode === 'question' ? (
          <QuestionForm meetingId={meetingId} enterpriseId={enterpriseId} />
        ) : (
          <PriceForm meetingId={meetingId} enterpriseId={enterpriseId} productId={productId} />
        )}
      </>
    );
  }
  return (
    <div className="mx-auto max-w-[720px] space-y-5 px-4 pt-4 pb-10 desk:px-0 desk:pt-8">
      <PageHeader title={t('pages.ask')} />
      {body}
    </div>
  );
}

/** The question: text and public/private choice. */
function QuestionForm({ meetingId, enterpriseId }: { meetingId: string; enterpriseId: string }) {
  const { t } = useTranslation('questions');
  const { t: tm } = useTranslation('moderation');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [content, setContent] = useState('');
  const [isPublic, setPublic] = useState(true);
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [isBusy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    if (!content.trim()) {
      setError(t('ask.required'));
      return;
    }
    setBusy(true);
    try {
      await askQuestionRequest({ meetingId, enterpriseId, content: content.trim(), isPublic });
      refreshQuestions(queryClient);
      showToast(t('ask.sent'));
      navigate(questionPaths.list({ meetingId, enterpriseId }), { replace: true });
    } catch (failure) {
      setFormError(postErrorMessage(failure, t, tm, tc));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-5" noValidate data-testid="question-form">
      <TextBox
        label={t('ask.content')}
        placeholder={t('ask.contentPlaceholder')}
        value={content}
        onChange={(value) => {
          setContent(value);
          setError(undefined);
        }}
        max={textLimits.description}
        error={error}
        testId="question-content-input"
      />
      <fieldset className="space-y-2">
        <legend className="mb-1.5 text-sm font-medium text-slate-700">{t('ask.visibility')}</legend>
        {(
          [
            [true, t('ask.public'), t('ask.publicHint')],
            [false, t('ask.private'), t('ask.privateHint')],
          ] as const
        ).map(([value, label, hint]) => (
          <label
            key={label}
            className={cx(
              'flex cursor-pointer items-start gap-3 rounded-card bg-white p-3 ring-1',
              isPublic === value ? 'ring-2 ring-primary' : 'ring-slate-200',
            )}
          >
            <input
              type="radio"
              name="visibility"
              className="mt-1 size-4 accent-[var(--color-primary)]"
              checked={isPublic === value}
              onChange={() => setPublic(value)}
              data-testid={value ? 'question-public' : 'question-private'}
            />
            <span>
              <span className="block text-[15px] font-medium text-slate-900">{label}</span>
              <span className="block text-xs text-slate-500">{hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {formError ? (
        <p role="alert" className="rounded-card bg-red-50 p-3 text-sm text-red-700" data-testid="form-error">
          {formError}
        </p>
      ) : null}
      <Button
        type="submit"
        className="h-12 w-full text-[16px]"
        disabled={isBusy}
        data-testid="question-submit"
      >
        {t('ask.submit')}
      </Button>
    </form>
  );
}

/** The price inquiry: the product (when named), what is needed and an optional target price. */
function PriceForm({
  meetingId,
  enterpriseId,
  productId,
}: {
  meetingId: string;
  enterpriseId: string;
  productId: string | undefined;
}) {
  const { t } = useTranslation('questions');
  const { t: tm } = useTranslation('moderation');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const product = useAskedProduct(productId);
  const [content, setContent] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ content?: string; amount?: string }>({});
  const [formError, setFormError] = useState<string>();
  const [isBusy, setBusy] = useState(false);
  const productTitle = product.data ? localize(product.data.title, language) : '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const next: typeof errors = {};
    if (!content.trim()) next.content = t('ask.required');
    if (parseInquiryAmount(amount) === 'invalid') next.amount = t('ask.amountInvalid');
    setErrors(next);
    if (next.content || next.amount) return;
    setBusy(true);
    try {
      const thread = await sendInquiryRequest({
        meetingId,
        enterpriseId,
        productId: product.data ? productId : undefined,
        content: content.trim(),
        amount,
      });
      refreshInquiries(queryClient);
      showToast(t('ask.sent'));
      navigate(questionPaths.thread({ meetingId, askId: thread._id.$id }), { replace: true });
    } catch (failure) {
      setFormError(postErrorMessage(failure, t, tm, tc));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-5" noValidate data-testid="price-form">
      {productTitle ? (
        <Card className="p-3 text-sm text-slate-700" data-testid="price-product">
          <bdi>{t('ask.about', { product: productTitle })}</bdi>
        </Card>
      ) : null}
      <TextBox
        label={t('ask.inquiryContent')}
        placeholder={t('ask.inquiryPlaceholder')}
        value={content}
        onChange={(value) => {
          setContent(value);
          setErrors((current) => ({ ...current, content: undefined }));
        }}
        max={textLimits.description}
        error={errors.content}
        testId="price-content-input"
      />
      <Field
        label={t('ask.amount')}
        hint={t('ask.amountHint')}
        inputMode="decimal"
        autoComplete="off"
        dir="ltr"
        maxLength={32}
        value={amount}
        onChange={(event) => {
          setAmount(event.target.value);
          setErrors((current) => ({ ...current, amount: undefined }));
        }}
        error={errors.amount}
        data-testid="price-amount-input"
      />
      {formError ? (
        <p role="alert" className="rounded-card bg-red-50 p-3 text-sm text-red-700" data-testid="form-error">
          {formError}
        </p>
      ) : null}
      <Button type="submit" className="h-12 w-full text-[16px]" disabled={isBusy} data-testid="price-submit">
        {t('ask.submit')}
      </Button>
    </form>
  );
}

export { AskRoute as Component };
