import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton.tsx';

/** Placeholder cards while a ticket list loads. */
export function TicketListSkeleton({ count = 3, height = 'h-64' }: { count?: number; height?: string }) {
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-busy="true">
      {placeholderKeys(count).map((key) => (
        <Skeleton key={key} className={`${height} rounded-card`} />
      ))}
    </div>
  );
}
