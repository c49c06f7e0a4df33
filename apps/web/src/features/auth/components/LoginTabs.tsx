import { Box, ButtonBase } from '@mui/material';
import { type KeyboardEvent, useRef } from 'react';

export type LoginTab = 'login' | 'registro';

const tabs: { value: LoginTab; label: string }[] = [
  { value: 'login', label: 'Login' },
  { value: 'registro', label: 'Registrarme' },
];

/**
 * The login card's two tabs, as a WAI-ARIA tablist: arrows, Home and End move between them, the
 * selected one is the only one in the Tab order. Built on ButtonBase, which the page loads anyway:
 * MUI's Tabs (scroll buttons, the animated indicator's measuring) cost /login about 5 KB for two
 * fixed, full-width tabs.
 */
export function LoginTabs({ value, onChange }: { value: LoginTab; onChange: (value: LoginTab) => void }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  function onKeyDown(event: KeyboardEvent) {
    const current = tabs.findIndex((tab) => tab.value === value);
    const next =
      event.key === 'ArrowRight'
        ? (current + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (current - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1;
    const target = tabs[next];
    if (!target) return;
    event.preventDefault();
    onChange(target.value);
    refs.current[next]?.focus();
  }
  return (
    <Box
      role="tablist"
      onKeyDown={onKeyDown}
      sx={{ display: 'flex', borderBottom: 1, borderColor: 'divider' }}
    >
      {tabs.map((tab, index) => {
        const selected = tab.value === value;
        return (
          <ButtonBase
            key={tab.value}
            ref={(element) => {
              refs.current[index] = element;
            }}
            role="tab"
            id={`login-tab-${tab.value}`}
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.value)}
            sx={{
              flex: 1,
              minHeight: 48,
              px: 2,
              typography: 'button',
              color: selected ? 'primary.main' : 'text.secondary',
              borderBottom: 2,
              borderColor: selected ? 'primary.main' : 'transparent',
              mb: '-1px',
              transition: (theme) => theme.transitions.create(['color', 'border-color']),
              '&.Mui-focusVisible': { bgcolor: 'action.focus' },
            }}
          >
            {tab.label}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
