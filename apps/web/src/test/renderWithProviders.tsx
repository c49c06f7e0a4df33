import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { ThemeModeProvider } from '../app/ThemeModeProvider';
import { AlertsHost } from '../shared/ui/AlertsHost';

/** Renders a component with the app's providers and a fresh query cache. */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ThemeModeProvider>
        <>
          <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
          <AlertsHost />
        </>
      </ThemeModeProvider>
    </QueryClientProvider>,
  );
}
