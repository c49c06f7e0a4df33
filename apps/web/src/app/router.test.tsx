import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from './router';

describe('router', () => {
  afterEach(() => vi.restoreAllMocks());

  it('has a HydrateFallback element for the first load of a lazy page (no console warning)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const router = createMemoryRouter(routes, { initialEntries: ['/perfil/misDatos'] });
    render(<RouterProvider router={router} />);
    const warnings = warn.mock.calls.map((call) => String(call[0]));
    expect(warnings.filter((text) => text.includes('HydrateFallback'))).toEqual([]);
  });
});
