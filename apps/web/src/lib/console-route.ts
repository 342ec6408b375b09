import type { ConsoleAction } from '@app/contracts';
import type { ComponentType } from 'react';

/**
 * One screen of the organiser console (DESIGN §7), under `#/console/…`. Each console area
 * (features/console-<area>/console-<area>-routes.ts) lists its screens; app/console composes them
 * into the console's router and side navigation, and hides what the caller's role cannot do.
 */
export type ConsoleRoute = {
  /**
   * Path below `/console`, react-router syntax, e.g. `meetings/:meetingId/registrations`. Screens of
   * one meeting start with `meetings/:meetingId/`.
   */
  path: string;
  /** The screen's module; it exports `Component`. */
  lazy: () => Promise<{ Component: ComponentType }>;
  /**
   * The action the screen needs (GET /console/me lists the caller's per meeting); without it the
   * screen is left out of the navigation and answers 'no permission'. Platform screens use 'admin'.
   */
  action: ConsoleAction | 'admin' | 'any';
  /** Its entry in the side navigation, when it has one. */
  nav?: {
    /** 'meeting': under the selected meeting; 'platform': administrator screens. */
    section: 'meeting' | 'platform';
    /** i18n key `namespace:key` of the label, e.g. 'console-registrations:nav.registrations'. */
    labelKey: string;
    /** A lucide-react icon name, e.g. 'Users' (the shell maps names to icons). */
    icon: string;
    /** Position in the navigation, smaller first. */
    order: number;
  };
};
