import { describe, expect, it } from 'vitest';
import { pageSizeForScreen } from './useTablePagination';

describe('pageSizeForScreen', () => {
  it('picks the largest spec page size whose rows fit, never below 5', () => {
    expect(pageSizeForScreen(500)).toBe(5);
    expect(pageSizeForScreen(667)).toBe(5);
    expect(pageSizeForScreen(800)).toBe(10);
    expect(pageSizeForScreen(1440)).toBe(10);
    expect(pageSizeForScreen(2000)).toBe(30);
  });
});
