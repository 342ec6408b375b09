/**
 * Limits of threads and replies (§5-like, stated here once; no zod, so the web imports them without
 * the schemas): a title 2–100 characters, a thread's content 1–2000, a reply 1–500 (the §5 answer
 * limit), at most 9 images (jpg or png), pages of 20 (at most 50).
 */
export const threadLimits = {
  titleMin: 2,
  titleMax: 100,
  contentMax: 2000,
  replyMax: 500,
  images: 9,
  pageSize: 20,
  maxPage: 50,
} as const;
