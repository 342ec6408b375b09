import { createContext } from 'react';
import type { ConsoleNavEntry } from '../console-nav.ts';

/** The side navigation's entries of the caller (console-shell.tsx), for screens that send people on. */
export const ConsoleNavContext = createContext<ConsoleNavEntry[]>([]);
