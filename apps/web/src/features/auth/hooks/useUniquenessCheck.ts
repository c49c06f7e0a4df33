import { tiempos } from '@nexo/contracts';
import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue';

/**
 * Asks the server whether a value is already taken, 300 ms after the user stops typing (spec 2 §5).
 * `skip` leaves values that cannot be valid (or are unchanged on edit) unchecked.
 */
export function useUniquenessCheck(
  value: string,
  isTaken: (value: string) => Promise<boolean>,
  skip: boolean,
) {
  const debounced = useDebouncedValue(value.trim(), tiempos.unicidadDebounceMs);
  const [taken, setTaken] = useState<{ value: string; taken: boolean } | null>(null);

  useEffect(() => {
    if (skip || !debounced) return;
    let cancelled = false;
    isTaken(debounced)
      .then((result) => {
        if (!cancelled) setTaken({ value: debounced, taken: result });
      })
      .catch(() => {
        // An unreachable server is reported when the form is sent; the check just stays silent.
      });
    return () => {
      cancelled = true;
    };
  }, [debounced, isTaken, skip]);

  return !skip && taken !== null && taken.value === value.trim() && taken.taken;
}
