import type { MeetingConfig } from '@app/contracts';

/**
 * The meeting's theme (§3 config): `theme_color` drives the primary colour, `main_button_color` the
 * buttons, `border_radius: 'round'` fully rounded buttons and cards. Applied as CSS variables that
 * the Tailwind theme reads (styles.css).
 */

export const defaultPrimary = '#1f6feb';

const hexPattern = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Normalises `#abc`, `abc`, `#aabbcc` to `#aabbcc`; undefined when not a hex colour. */
export function normaliseHex(value: string | undefined | null): string | undefined {
  const match = value ? hexPattern.exec(value.trim()) : null;
  if (!match?.[1]) return undefined;
  const hex = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  return `#${hex.toLowerCase()}`;
}

/** Text colour readable on a background (WCAG relative luminance). */
export function readableOn(hex: string): '#ffffff' | '#111827' {
  const channels = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const [r = 0, g = 0, b = 0] = channels;
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.45 ? '#111827' : '#ffffff';
}

export type ThemeVariables = Record<string, string>;

export function themeVariables(config: MeetingConfig | undefined): ThemeVariables {
  const primary = normaliseHex(config?.theme_color) ?? defaultPrimary;
  const button = normaliseHex(config?.main_button_color) ?? primary;
  return {
    '--app-primary': primary,
    '--app-on-primary': readableOn(primary),
    '--app-button': button,
    '--app-on-button': readableOn(button),
  };
}

export function applyTheme(
  config: MeetingConfig | undefined,
  root: HTMLElement = document.documentElement,
): void {
  for (const [name, value] of Object.entries(themeVariables(config))) root.style.setProperty(name, value);
  if (config?.border_radius === 'round') root.dataset.radius = 'round';
  else delete root.dataset.radius;
  const meta = document.querySelector('meta[name="theme-color"]');
  meta?.setAttribute('content', normaliseHex(config?.theme_color) ?? defaultPrimary);
}
