import { createContext, useContext } from 'react';
import type { ClientEnvironment } from './environment.ts';

export const EnvironmentContext = createContext<ClientEnvironment>('browser');

/** browser | mobile | wechat | miniprogram, provided by the app shell. */
export function useClientEnvironment(): ClientEnvironment {
  return useContext(EnvironmentContext);
}
