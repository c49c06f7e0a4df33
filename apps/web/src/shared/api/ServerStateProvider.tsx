import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './queryClient';

/**
 * The app's one query client around a subtree. It is not at the root: the login page works
 * without react-query, and the parts that need it (the pages behind the frame, the registration
 * tab) load this with their own code.
 */
export function ServerStateProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
