import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ClientEnvironment } from '../lib/environment.ts';
import { EnvironmentContext } from '../lib/environment-context.ts';
import { queryClient } from './query-client.ts';

/** App-wide providers: client environment (§1) and the query cache. */
export function AppProviders({
  environment,
  children,
}: {
  environment: ClientEnvironment;
  children: ReactNode;
}) {
  return (
    <EnvironmentContext.Provider value={environment}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </EnvironmentContext.Provider>
  );
}
