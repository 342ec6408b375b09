import { placeholderKeys, Skeleton } from '../../components/ui/skeleton.tsx';

/** The meeting chooser's frame while its code, catalogue or list load: heading and three cards. */
export function ChooserSkeleton() {
  return (
    <main
      className="min-h-dvh bg-gradient-to-b from-primary/10 to-slate-50 px-4 py-10 desk:py-16"
      aria-busy="true"
    >
      <div className="mx-auto w-full max-w-2xl">
        <Skeleton className="mx-auto size-14 rounded-full" />
        <Skeleton className="mx-auto mt-5 h-7 w-56" />
        <Skeleton className="mx-auto mt-3 h-4 w-72 max-w-full" />
        <ul className="mt-8 space-y-3">
          {placeholderKeys(3).map((key) => (
            <li key={key}>
              <Skeleton className="h-[88px] rounded-card" />
            </li>
          ))}
        </ul>
      </div>
    </main>
  );
}
