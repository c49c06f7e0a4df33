import { Tooltip, type TooltipProps } from '@mui/material';
import { startTransition, useEffect, useState } from 'react';

/**
 * MUI's Tooltip, put on once its child has been drawn. Tooltip keeps its child's node in state, set
 * from a ref while React commits; that update is synchronous, so React also runs the commit's
 * passive effects (the queries starting their requests, the live subscriptions) in the same task. In
 * the frame's first drawing that made one long task of two. The child shows alone until then: the
 * tooltip only repeats its accessible name on hover, and it is there a moment later.
 */
export function DeferredTooltip(props: TooltipProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    startTransition(() => setReady(true));
  }, []);
  return ready ? <Tooltip {...props} /> : props.children;
}
