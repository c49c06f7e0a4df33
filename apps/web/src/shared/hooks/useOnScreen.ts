import { useCallback, useRef, useState } from 'react';

/**
 * Whether an element has come within `margin` of the viewport; once seen it stays seen. Where
 * IntersectionObserver is missing (tests, old browsers) the element counts as seen at once.
 */
export function useOnScreen(margin = '200px'): { ref: (node: Element | null) => void; seen: boolean } {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  const observer = useRef<IntersectionObserver | null>(null);
  const ref = useCallback(
    (node: Element | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (node === null || seen) return;
      observer.current = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            setSeen(true);
            observer.current?.disconnect();
            observer.current = null;
          }
        },
        { rootMargin: margin },
      );
      observer.current.observe(node);
    },
    [margin, seen],
  );
  return { ref, seen };
}
