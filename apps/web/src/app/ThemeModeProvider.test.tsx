import { Box } from '@mui/material';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ThemeModeProvider } from './ThemeModeProvider';

afterEach(cleanup);

const styleText = () =>
  Array.from(document.querySelectorAll('style'))
    .map((style) => style.textContent)
    .join('\n');

describe('ThemeModeProvider style cache', () => {
  it('writes user-select with the prefix Safari reads, and no other vendor prefix', () => {
    render(
      <ThemeModeProvider>
        <Box sx={{ userSelect: 'none', display: 'flex', appearance: 'none' }}>Nexo</Box>
      </ThemeModeProvider>,
    );
    const css = styleText();
    expect(css).toContain('-webkit-user-select:none;user-select:none;');
    expect(css).toContain('appearance:none;');
    expect(css).not.toContain('-webkit-appearance');
    expect(css).not.toContain('-webkit-box');
  });
});
