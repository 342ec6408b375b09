import type { Enterprise } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CollectLikePair, useOptimisticToggle } from '../../../components/ui/reaction-button.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { useLoginGate } from '../../../lib/use-login-gate.ts';
import { setEnterpriseAwesome, setEnterpriseLike } from '../api/enterprise-interactions.ts';

/**
 * Collect (like, the /my/collection list) and like (awesome) of an enterprise: optimistic, back on
 * error with the error's message; a visitor without login goes to /login first.
 */
export function EnterpriseReactions({
  enterprise,
  meetingId,
}: {
  enterprise: Enterprise;
  meetingId: string;
}) {
  const { t } = useTranslation('exhibitors');
  const { t: tc } = useTranslation('common');
  const queryClient = useQueryClient();
  const gate = useLoginGate(meetingId);
  const id = enterprise._id.$id;
  const onError = (error: unknown) => showToast(apiErrorMessage(error, tc));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['enterprises'] });
  const [like, toggleLike] = useOptimisticToggle(
    { isActive: enterprise.is_liked, count: enterprise.likes_total },
    (next) =>
      setEnterpriseLike(id, next).then((result) => {
        refresh();
        return { isActive: result.is_liked, count: result.likes_total };
      }),
    onError,
  );
  const [awesome, toggleAwesome] = useOptimisticToggle(
    { isActive: enterprise.is_awesome, count: enterprise.awesomes_total },
    (next) =>
      setEnterpriseAwesome(id, next).then((result) => ({
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
        testId: 'enterprise-like',
      }}
      like={{
        state: awesome,
        onToggle: () => gate(toggleAwesome),
        label: t('reactions.awesome'),
        activeLabel: t('reactions.awesomed'),
        testId: 'enterprise-awesome',
      }}
    />
  );
}
