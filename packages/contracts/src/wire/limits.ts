/** The longest text of each kind a request may carry (§5, §9), defined in @app/domain. */
export { type TextLimit, textLimits } from '@app/domain/text-limits';

/** Shared request limits and client constants (§9). */
export const limits = {
  /** Largest `limit` any list call accepts. */
  maxList: 999,
  /** Largest `limit` of GET /navigation/categories. */
  maxNavigationCategories: 20,
  /** Largest `limit` of GET /meeting/blocks. */
  maxBlocks: 999,
  /** Default page size when a list call names no `limit`. */
  defaultList: 20,
  /** Largest `skip` of a list call. */
  maxSkip: 1_000_000_000,
  /** Largest magnitude of a number a query object compares with (a PostgreSQL integer). */
  maxQueryNumber: 2_147_483_647,
  /** Largest magnitude of a time, in epoch milliseconds (±10¹³: years 1653 to 2286, §9). */
  maxTimeMs: 1e13,
} as const;

/** Client timing constants (§9), all in milliseconds. */
export const timing = {
  httpTimeoutMs: 30_000,
  getDedupWindowMs: 5_000,
  countdownTickMs: 1_000,
  chunkLoadTimeoutMs: 120_000,
} as const;

/** Layout constants (§9), in CSS pixels. */
export const layout = {
  minDesktopWidth: 1200,
  mobileNavHeight: 60,
  anchorOffsetMobile: 56,
  anchorOffsetDesktop: 64,
  popupZIndex: 3000,
} as const;

/** App version sent in the `version` header (§9). */
export const appVersion = '2.23.1';
