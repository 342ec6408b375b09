/**
 * Upper bounds of a vote's numbers (§5, §9): one cast, a voter's total and a voter's day. They keep
 * every total within the int4 columns (vote_total, ballot totals) whatever the input. A file without
 * zod so the web can read it without the contracts.
 */
export const voteLimits = { countMax: 1000, perPersonMax: 10_000, perDayMax: 10_000 } as const;
