import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton.tsx';

/** Placeholder day headers and meeting cards while a schedule loads. */
export function ScheduleSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div className="space-y-3" aria-busy="true" data-testid="schedule-skeleton">
      <Skeleton className="h-5 w-40" />
      {placeholderKeys(count).map((key) => (
        <Skeleton key={key} className="h-32 rounded-card" />
      ))}
    </div>
  );
}
