import { Box, ButtonBase, type SxProps, type Theme } from '@mui/material';
import { type KeyboardEvent, type ReactElement, useRef } from 'react';

export interface PageTab<T extends string> {
  value: T;
  label: string;
  icon?: ReactElement;
}

interface PageTabsProps<T extends string> {
  tabs: readonly PageTab<T>[];
  value: T;
  onChange: (value: T) => void;
  /** Icons from `sm` up only: on a phone three tabs with icons do not fit, their labels do. */
  iconsFromSm?: boolean;
  sx?: SxProps<Theme>;
}

const keyMoves: Record<string, (current: number, last: number) => number> = {
  ArrowRight: (current, last) => (current === last ? 0 : current + 1),
  ArrowLeft: (current, last) => (current === 0 ? last : current - 1),
  Home: () => 0,
  End: (_, last) => last,
};

/**
 * A page's tabs, drawn without measuring the page. MUI's Tabs reads the size of the list and of every
 * tab to place its sliding indicator, in a layout effect: on the device's dashboard that forced the
 * browser to lay out the whole freshly drawn page inside React's commit (24–32 ms of its load, in
 * Lighthouse's unthrottled traces). Here the selected tab draws its own underline, and the page is
 * laid out once, when the browser paints it. Keyboard as WAI-ARIA's tabs with manual activation: the
 * arrows, Home and End move the focus, Enter or Space selects, and only the selected tab is in the Tab
 * order. On a narrow screen the list scrolls sideways.
 */
export function PageTabs<T extends string>({ tabs, value, onChange, iconsFromSm, sx }: PageTabsProps<T>) {
  const list = useRef<HTMLDivElement>(null);
  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = keyMoves[event.key];
    const items = [...(list.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
    const current = items.indexOf(document.activeElement as HTMLElement);
    if (!move || current < 0) return;
    event.preventDefault();
    items[move(current, items.length - 1)]?.focus();
  };
  return (
    <Box
      ref={list}
      role="tablist"
      onKeyDown={moveFocus}
      sx={[
        {
          display: 'flex',
          overflowX: 'auto',
          scrollbarWidth: 'none',
          mb: 2,
          borderBottom: 1,
          borderColor: 'divider',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {tabs.map((tab) => {
        const selected = tab.value === value;
        return (
          <ButtonBase
            key={tab.value}
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            focusRipple
            onClick={() => {
              if (!selected) onChange(tab.value);
            }}
            sx={(theme) => ({
              ...theme.typography.button,
              position: 'relative',
              flexShrink: 0,
              gap: 1,
              minWidth: 90,
              maxWidth: 360,
              minHeight: 48,
              px: iconsFromSm ? { xs: 1.5, sm: 2 } : 2,
              py: 1.5,
              color: selected ? 'primary.main' : 'text.secondary',
              // Inside the tab: the list scrolls sideways, so it clips what is drawn outside its box.
              '&.Mui-focusVisible': { outlineOffset: -2 },
            })}
          >
            {tab.icon && (
              <Box
                component="span"
                sx={{ display: iconsFromSm ? { xs: 'none', sm: 'inline-flex' } : 'inline-flex' }}
              >
                {tab.icon}
              </Box>
            )}
            {tab.label}
            {selected && (
              <Box
                component="span"
                sx={{
                  position: 'absolute',
                  left: 0,
                  right: 0,
                  bottom: 0,
                  height: 2,
                  bgcolor: 'primary.main',
                }}
              />
            )}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
