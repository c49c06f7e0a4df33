import type { PaletteMode } from '@mui/material';
import { createContext, useContext } from 'react';

interface ThemeModeValue {
  mode: PaletteMode;
  toggle: () => void;
}

export const ThemeModeContext = createContext<ThemeModeValue>({ mode: 'light', toggle: () => {} });

export function useThemeMode(): ThemeModeValue {
  return useContext(ThemeModeContext);
}
