import { alpha, createTheme, type PaletteMode, type Theme } from '@mui/material/styles';
import { muiSpanish } from './muiSpanish';

const brand = { main: '#0b6e99', light: '#3d95bd', dark: '#074d6b' };
const accent = { main: '#12b886', light: '#4fd1a5', dark: '#0b8a63' };

/** The product's look, in light and dark. */
export function createAppTheme(mode: PaletteMode): Theme {
  const isDark = mode === 'dark';
  const base = createTheme(
    {
      palette: {
        mode,
        primary: isDark
          ? { main: '#4fb3e0', light: '#7ccbee', dark: '#2b8fbd', contrastText: '#06202d' }
          : brand,
        secondary: accent,
        background: isDark
          ? { default: '#0d1420', paper: '#131c2b' }
          : { default: '#f3f6fa', paper: '#ffffff' },
        divider: isDark ? 'rgba(148, 163, 184, 0.16)' : 'rgba(15, 23, 42, 0.08)',
        text: isDark
          ? { primary: '#e6edf5', secondary: '#9aa8ba' }
          : { primary: '#0f1f2e', secondary: '#5b6b7d' },
        // Light mode's status colours are dark enough for text on white and on the page background
        // (WCAG AA 4.5:1: 'Licencia activa', 'Conectado', 'Activo'); the dark ones are light.
        success: { main: isDark ? '#34d399' : '#0a7f58' },
        warning: { main: isDark ? '#fbbf24' : '#8a6100' },
        error: { main: isDark ? '#f87171' : '#c62839' },
        info: { main: isDark ? '#7ccbee' : '#01579b' },
      },
      shape: { borderRadius: 10 },
      typography: {
        fontFamily:
          '"Inter", "Segoe UI", system-ui, -apple-system, "Roboto", "Helvetica Neue", Arial, sans-serif',
        h4: { fontWeight: 700, letterSpacing: '-0.02em' },
        h5: { fontWeight: 700, letterSpacing: '-0.01em' },
        h6: { fontWeight: 650 },
        subtitle1: { fontWeight: 600 },
        button: { textTransform: 'none', fontWeight: 600 },
      },
    },
    muiSpanish,
  );

  return createTheme(base, {
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          body: { WebkitFontSmoothing: 'antialiased' },
          // The alerts (notistack) in the theme's status colours, whose text reaches 4.5:1. The class
          // is doubled to outrank notistack's own colours, which it injects after this sheet.
          ...Object.fromEntries(
            (['success', 'error', 'warning', 'info'] as const).map((kind) => [
              `.notistack-MuiContent-${kind}.notistack-MuiContent-${kind}`,
              { backgroundColor: base.palette[kind].main, color: base.palette[kind].contrastText },
            ]),
          ),
        },
      },
      // Keyboard focus must be visible on every control and card link, in both modes (the ripple alone is too faint).
      // Subtitles are text, not headings (MUI maps them to h6, which breaks the heading order):
      // a heading says so with `component`.
      MuiTypography: {
        defaultProps: { variantMapping: { subtitle1: 'p', subtitle2: 'p' } },
      },
      MuiButtonBase: {
        styleOverrides: {
          root: {
            '&.Mui-focusVisible': { outline: `2px solid ${base.palette.primary.main}`, outlineOffset: 2 },
          },
        },
      },
      // A card clips anything outside it, so its link draws the focus ring inside.
      MuiCardActionArea: {
        styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -2 } } },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { borderRadius: 9, paddingInline: 16 } },
      },
      MuiPaper: {
        styleOverrides: {
          root: { backgroundImage: 'none' },
          outlined: { borderColor: base.palette.divider },
        },
      },
      MuiCard: {
        defaultProps: { variant: 'outlined' },
        styleOverrides: { root: { borderRadius: 14 } },
      },
      MuiAppBar: {
        defaultProps: { elevation: 0, color: 'inherit' },
        styleOverrides: {
          root: {
            backgroundColor: alpha(base.palette.background.paper, isDark ? 0.85 : 0.9),
            backdropFilter: 'blur(10px)',
            borderBottom: `1px solid ${base.palette.divider}`,
          },
        },
      },
      MuiDrawer: {
        styleOverrides: {
          paper: { borderRight: `1px solid ${base.palette.divider}`, backgroundImage: 'none' },
        },
      },
      MuiListItemButton: {
        styleOverrides: {
          root: {
            borderRadius: 8,
            marginInline: 8,
            marginBlock: 2,
            '&.Mui-selected': {
              backgroundColor: alpha(base.palette.primary.main, isDark ? 0.18 : 0.1),
              color: base.palette.primary.main,
              '& .MuiListItemIcon-root': { color: base.palette.primary.main },
            },
          },
        },
      },
      MuiListItemIcon: { styleOverrides: { root: { minWidth: 38 } } },
      MuiDialog: {
        styleOverrides: {
          paper: { borderRadius: 16 },
          // On phones dialogs take the whole screen; confirmations (ConfirmDialog) stay small.
          root: {
            '@media (max-width: 599.95px)': {
              '&:not(.nexo-confirmacion) .MuiDialog-paper': {
                margin: 0,
                width: '100%',
                maxWidth: '100%',
                height: '100%',
                maxHeight: '100%',
                borderRadius: 0,
              },
            },
          },
        },
      },
      MuiDialogTitle: { styleOverrides: { root: { fontWeight: 700 } } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600, minHeight: 48 } } },
      MuiChip: { styleOverrides: { root: { fontWeight: 600 } } },
      MuiTooltip: { defaultProps: { arrow: true } },
    },
  });
}
