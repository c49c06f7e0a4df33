import { tabla } from '@nexo/contracts';
import { useState } from 'react';

const ROW_PX = 52;
/** Room the page keeps above and below a table (top bar, title, tabs, footer). */
const CHROME_PX = 380;

/**
 * The largest of the spec's page sizes whose rows fit the window's height, allowing two rows of
 * scrolling (at least the default 5): 10 on a 1366 × 800 laptop, 5 on a small phone.
 */
export function pageSizeForScreen(height: number): number {
  const fit = Math.floor((height - CHROME_PX) / ROW_PX) + 2;
  const sizes = tabla.pageSizeOptions.filter((size) => size <= Math.max(fit, tabla.pageSize));
  return sizes[sizes.length - 1] ?? tabla.pageSize;
}

/**
 * Pagination of a table whose page size follows the screen at first and then the user's choice,
 * kept in this browser under `key` (spec page sizes 5, 10, 25, 30, 50, 75, 100). Without a key
 * the page size starts at the spec's 5 and is not remembered. `initialPageSize` replaces the
 * screen's fit as the first size (a table the spec pages by 5).
 */
export function useTablePagination(key: string | null, initialPageSize?: number) {
  const storageKey = key === null ? null : `nexo.tabla.${key}`;
  const [model, setModel] = useState(() => {
    if (storageKey === null) return { page: 0, pageSize: tabla.pageSize };
    const stored = Number(globalThis.localStorage?.getItem(storageKey));
    const pageSize = (tabla.pageSizeOptions as readonly number[]).includes(stored)
      ? stored
      : (initialPageSize ?? pageSizeForScreen(globalThis.innerHeight ?? 800));
    return { page: 0, pageSize };
  });
  const onChange = (next: { page: number; pageSize: number }) => {
    if (storageKey !== null && next.pageSize !== model.pageSize)
      globalThis.localStorage?.setItem(storageKey, String(next.pageSize));
    setModel(next);
  };
  return [model, onChange] as const;
}
