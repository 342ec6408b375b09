import type { Product } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Heart, ThumbsUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ReactionButton, useOptimisticToggle } from '../../../components/ui/reaction-button.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { setProductAwesome, setProductLike } from '../api/product-interactions.ts';
import { useLoginGate } from './use-login-gate.ts';

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
    <div className="flex flex-wrap gap-2">
      <ReactionButton
        isActive={like.isActive}
        count={like.count}
        icon={<Heart aria-hidden="true" className={like.isActive ? 'size-4 fill-current' : 'size-4'} />}
        label={t('reactions.like')}
        activeLabel={t('reactions.liked')}
        onToggle={() => gate(toggleLike)}
        testId="product-like"
      />
      <ReactionButton
        isActive={awesome.isActive}
        count={awesome.count}
        icon={<ThumbsUp aria-hidden="true" className={awesome.isActive ? 'size-4 fill-current' : 'size-4'} />}
        label={t('reactions.awesome')}
        activeLabel={t('reactions.awesomed')}
        onToggle={() => gate(toggleAwesome)}
        testId="product-awesome"
      />
    </div>
  );
}
