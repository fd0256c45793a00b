import { useEffect } from 'react';

/** Sets the document title to "<title> · Jetton" while the screen is shown. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Jetton` : 'Jetton';
  }, [title]);
}
