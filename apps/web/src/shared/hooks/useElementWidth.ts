import { useEffect, useRef, useState } from 'react';

/**
 * The width of an element's content box, known once the browser has laid the element out, and kept
 * current as it changes. A ResizeObserver reports it after the browser's own layout, so measuring
 * forces none inside a script's task: react-grid-layout's `useContainerWidth` read the width in an
 * effect, which on the device's dashboard made the browser compute the style and layout of the whole
 * freshly drawn page inside React's task (22–24 ms in Lighthouse's unthrottled traces). Where there
 * is no ResizeObserver (the tests' jsdom) it is read once in an effect.
 */
export function useElementWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    if (typeof ResizeObserver === 'undefined') {
      setWidth(Math.round(node.clientWidth));
      return;
    }
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
