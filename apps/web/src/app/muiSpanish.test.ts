import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

describe("MUI's texts in Spanish", () => {
  it('makes no number formatter until a pager asks for one', async () => {
    const Original = Intl.NumberFormat;
    const made = vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (
      this: unknown,
      ...args: ConstructorParameters<typeof Original>
    ) {
      return new Original(...args);
    } as typeof Original);
    const { createAppTheme } = await import('./theme');
    const theme = createAppTheme('light');
    expect(made).not.toHaveBeenCalled();

    const pager = theme.components?.MuiTablePagination?.defaultProps;
    expect(pager?.labelRowsPerPage).toBe('Filas por página:');
    expect(pager?.labelDisplayedRows?.({ from: 1, to: 10, count: 12_345, page: 0 })).toBe('1–10 de 12.345');
    expect(pager?.labelDisplayedRows?.({ from: 11, to: 20, count: -1, page: 1 })).toBe('11–20 de más de 20');
    expect(made).toHaveBeenCalledTimes(1);
  });

  it("names the pager's buttons and the alerts' close button", async () => {
    const { createAppTheme } = await import('./theme');
    const components = createAppTheme('dark').components;
    const label = components?.MuiPagination?.defaultProps?.getItemAriaLabel;
    expect(label?.('page', 3, false)).toBe('Ir a la página 3');
    expect(label?.('page', 3, true)).toBe('página 3');
    expect(label?.('next', 4, false)).toBe('Ir a la página siguiente');
    expect(components?.MuiAlert?.defaultProps?.closeText).toBe('Cerrar');
  });
});
