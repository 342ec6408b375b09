import type { Product } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CollectLikePair, useOptimisticToggle } from '../../../components/ui/reaction-button.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { useLoginGate } from '../../../lib/use-login-gate.ts';
import { setProductAwesome, setProductLike } from '../api/product-interactions.ts';

/** Collect (like) and like (awesome) of a product: optimistic, back on error; login first. */
export function ProductReactions({ product, meetingId }: { product: Product; meetingId: string }) {
  const { t } = useTranslation('exhibitors');
  const { t: tc } = useTranslation('common');
  const queryClient = useQueryClient();
  const gate = useLoginGate(meetingId);
  const id = product._id.$id;
  const onError = (error: unknown) => showToast(apiErrorMessage(error, tc));
  const [like, toggleLike] = useOptimisticToggle(
    { isActive: product.is_liked, count: product.likes_total },
    (next) =>
      setProductLike(id, next).then((result) => {
        void queryClient.invalidateQueries({ queryKey: ['products'] });
        return { isActive: result.is_liked, count: result.likes_total };
      }),
    onError,
  );
  const [awesome, toggleAwesome] = useOptimisticToggle(
    { isActive: product.is_awesome, count: product.awesomes_total },
    (next) =>
      setProductAwesome(id, next).then((result) => ({
        isActive: result.is_awesome,
        count: result.awesomes_total,
      })),
    onError,
  );
  return (
    <CollectLikePair
      collect={{
        state: like,
        onToggle: () => gate(toggleLike),
        label: t('reactions.like'),
        activeLabel: t('reactions.liked'),
        testId: 'product-like',
      }}
      like={{
        state: awesome,
        onToggle: () => gate(toggleAwesome),
        label: t('reactions.awesome'),
        activeLabel: t('reactions.awesomed'),
        testId: 'product-awesome',
      }}
    />
  );
}
