import createCache, { type EmotionCache, type StylisPlugin } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { CssBaseline, type PaletteMode, type Theme, ThemeProvider } from '@mui/material';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { ThemeModeContext } from '../shared/hooks/useThemeMode';
import { createAppTheme } from './theme';

export const THEME_STORAGE_KEY = 'nexo.tema';

/**
 * Safari still reads only the prefixed `user-select` (MUI's buttons set it); every other property
 * the app uses is read unprefixed by the browsers Nexo supports.
 */
const webkitUserSelect: StylisPlugin = (element) => {
  if (element.type === 'decl' && element.props === 'user-select')
    element.return = `-webkit-${element.value}${element.value}`;
};

/**
 * Emotion's style cache without stylis' general vendor-prefixing pass: prefixing every rule was
 * about a quarter of the style work of a page's first drawing (profiled on the dashboard).
 */
export function createStyleCache() {
  return createCache({ key: 'css', stylisPlugins: [webkitUserSelect] });
}

const styleCache = createStyleCache();

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
      <ThemedStyles cache={styleCache} theme={theme}>
        {children}
      </ThemedStyles>
    </ThemeModeContext>
  );
}

/**
 * The style cache, the theme and the baseline styles around `children`: the app's, and the frame's
 * skeleton prerendered into index.html at build time (app/prerenderSkeletons.tsx).
 */
export function ThemedStyles({
  cache,
  theme,
  children,
}: {
  cache: EmotionCache;
  theme: Theme;
  children: ReactNode;
}) {
  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
