import { Tooltip, type TooltipProps } from '@mui/material';
import {
  cloneElement,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  useEffect,
  useRef,
  useState,
} from 'react';

/** What LazyTooltip adds to its child; the child's own handlers still run. */
interface ChildProps {
  'aria-label'?: string;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
}

/** MUI's delays: a pointer that only passes over a button opens nothing. */
const ENTER_DELAY_MS = 100;
/** Time to move the pointer from the button onto its tooltip (WCAG 1.4.13, hoverable). */
const LEAVE_DELAY_MS = 150;

/** Focus from the keyboard (not from a click or a tap), as MUI's Tooltip tells it. */
function focusVisible(element: HTMLElement): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    // An engine without the selector: as from the keyboard.
    return true;
  }
}

/** A hidden anchor for MUI's Tooltip, which positions itself on the real button (popper.anchorEl). */
const anchorStandIn = <span hidden />;

/**
 * A tooltip that costs nothing until it is wanted: MUI's Tooltip, mounted the first time a mouse
 * rests on its child or the keyboard focuses it, and kept from then on. A mounted Tooltip renders
 * itself and its child twice (it keeps the child's node in state, set during React's commit, which
 * React renders again at once in the same task): a dashboard with forty of them spent a long task
 * on that, and its cards at every drawing step.
 *
 * Its child stays where it is: the Tooltip is drawn beside it on a hidden stand-in and placed on
 * the child (MUI's `slotProps.popper.anchorEl`), so the button is never re-mounted and keeps its
 * focus. Like MUI's default, the title is the child's accessible name when it has none of its own;
 * Escape closes it and the pointer can move onto it. On touch screens it does not open (MUI opened
 * it on a long press); the child's name is there for screen readers.
 */
export function LazyTooltip({
  title,
  children,
  ...props
}: Omit<TooltipProps, 'title' | 'children' | 'open' | 'onOpen' | 'onClose'> & {
  title: string;
  children: ReactElement<ChildProps>;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const later = (delay: number, action: () => void) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(action, delay);
  };
  const show = (element: HTMLElement) =>
    later(ENTER_DELAY_MS, () => {
      setAnchor(element);
      setOpen(true);
    });
  const hide = (delay: number) => later(delay, () => setOpen(false));

  const own = children.props;
  const child = cloneElement(children, {
    'aria-label': own['aria-label'] ?? title,
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event);
      if (event.pointerType === 'mouse') show(event.currentTarget);
    },
    onPointerLeave: (event) => {
      own.onPointerLeave?.(event);
      if (event.pointerType === 'mouse') hide(LEAVE_DELAY_MS);
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      if (focusVisible(event.currentTarget)) show(event.currentTarget);
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      hide(0);
    },
  });
  return (
    <>
      {child}
      {anchor && (
        <Tooltip
          {...props}
          title={title}
          open={open}
          // The pointer on the tooltip itself keeps it open; leaving it or Escape closes it.
          onOpen={() => clearTimeout(timer.current)}
          onClose={() => hide(0)}
          slotProps={{ ...props.slotProps, popper: { anchorEl: anchor } }}
        >
          {anchorStandIn}
        </Tooltip>
      )}
    </>
  );
}
