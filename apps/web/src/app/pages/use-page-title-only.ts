import { useEffect } from 'react';

export function usePageTitleOnly(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
