import { CssBaseline, type PaletteMode, ThemeProvider } from '@mui/material';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { ThemeModeContext } from '../shared/hooks/useThemeMode';
import { createAppTheme } from './theme';

export const THEME_STORAGE_KEY = 'nexo.tema';

function initialMode(): PaletteMode {
  const stored = localStorage.getItem(THEME_STORAGE_KEY);
  if (stored === 'dark' || stored === 'light') return stored;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Light/dark mode, remembered in localStorage across reloads. */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<PaletteMode>(initialMode);
  const theme = useMemo(() => createAppTheme(mode), [mode]);

  useEffect(() => {
    localStorage.setItem(THEME_STORAGE_KEY, mode);
    document.documentElement.dataset.theme = mode;
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', theme.palette.background.paper);
  }, [mode, theme]);

  const value = useMemo(
    () => ({ mode, toggle: () => setMode((current) => (current === 'dark' ? 'light' : 'dark')) }),
    [mode],
  );

  return (
    <ThemeModeContext value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ThemeModeContext>
  );
}
