import type { ConsoleExhibitor, ConsoleProduct } from '@app/contracts';
import { localize } from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Eye, EyeOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ModalDialog } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Thumb } from '../../../components/ui/thumb.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { productsQueryOptions, updateProduct } from '../api/console-exhibitors-api.ts';
import { consoleExhibitorsErrorMessage, isStale } from './console-exhibitors-errors.ts';
import { WeightInput } from './weight-input.tsx';

/**
 * An exhibitor's products for the meeting (DESIGN §7, §9): each with its weight (order in the public
 * lists) and show / hide (`is_shown`: a hidden product stays listed here, greyed with its state, so it
 * can be shown again); saved one change at a time with the product's `updated_at_ms`.
 */
export function ProductsDialog({
  exhibitor,
  meetingId,
  onClose,
}: {
  exhibitor: ConsoleExhibitor;
  meetingId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('console-exhibitors');
  const language = useLanguage();
  const options = productsQueryOptions(meetingId, exhibitor.enterprise_id.$id);
  const query = useQuery(options);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (input: { product: ConsoleProduct; weight?: number; is_shown?: 0 | 1 }) =>
      updateProduct(meetingId, input.product._id.$id, {
        updated_at_ms: input.product.updated_at_ms,
        ...(input.weight !== undefined ? { weight: input.weight } : {}),
        ...(input.is_shown !== undefined ? { is_shown: input.is_shown } : {}),
      }),
    onSuccess: () => {
      showToast(t('actions.saved'));
      void queryClient.invalidateQueries({ queryKey: options.queryKey });
    },
    onError: (error) => {
      showToast(consoleExhibitorsErrorMessage(error, t));
      if (isStale(error)) void queryClient.invalidateQueries({ queryKey: options.queryKey });
    },
  });
  return (
    <ModalDialog
      isOpen
      onDismiss={onClose}
      title={t('products.title', { name: localize(exhibitor.title, language) })}
      testId="console-products-dialog"
      body={
        query.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : query.isError ? (
          <p>{consoleExhibitorsErrorMessage(query.error, t)}</p>
        ) : query.data.items.length === 0 ? (
          <p>{t('products.empty')}</p>
        ) : (
          <ul className="max-h-[55vh] divide-y divide-slate-100 overflow-y-auto">
            {query.data.items.map((product) => {
              const name = localize(product.title, language);
              return (
                <li key={product._id.$id} className="flex items-center gap-3 py-2.5">
                  <Thumb src={product.cover} name={name} size={40} className="size-10 shrink-0" />
                  <span
                    className={
                      product.is_shown ? 'min-w-0 flex-1 truncate' : 'min-w-0 flex-1 truncate text-slate-400'
                    }
                  >
                    <bdi>{name}</bdi>
                  </span>
                  <WeightInput
                    label={t('products.weightOf', { name })}
                    value={product.weight}
                    onSave={(weight) => save.mutate({ product, weight })}
                  />
                  <Button
                    variant="ghost"
                    size="sm"
                    className="whitespace-nowrap"
                    aria-pressed={product.is_shown === 1}
                    data-testid="console-product-toggle"
                    aria-label={
                      product.is_shown ? t('actions.hideOf', { name }) : t('actions.showOf', { name })
                    }
                    onClick={() => save.mutate({ product, is_shown: product.is_shown ? 0 : 1 })}
                  >
                    {product.is_shown ? (
                      <Eye aria-hidden="true" className="size-4" />
                    ) : (
                      <EyeOff aria-hidden="true" className="size-4" />
                    )}
                    {product.is_shown ? t('exhibitors.visible') : t('exhibitors.hidden')}
                  </Button>
                </li>
              );
            })}
          </ul>
        )
      }
    >
      <Button variant="secondary" className="flex-1" onClick={onClose}>
        {t('actions.close')}
      </Button>
    </ModalDialog>
  );
}
