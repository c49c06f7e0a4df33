import { describe, expect, it } from 'vitest';
import { createAppTheme } from './theme';

describe('app theme', () => {
  it.each(['light', 'dark'] as const)('outlines keyboard focus in the %s primary colour', (mode) => {
    const theme = createAppTheme(mode);
    const root = theme.components?.MuiButtonBase?.styleOverrides?.root as Record<string, unknown>;
    expect(root['&.Mui-focusVisible']).toEqual({
      outline: `2px solid ${theme.palette.primary.main}`,
      outlineOffset: 2,
    });
  });
});
