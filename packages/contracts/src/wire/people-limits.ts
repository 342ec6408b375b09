import { textLimits } from '@app/domain/text-limits';

/**
 * Limits of the people texts (§5), without zod so the web forms can read them: ≤ 10 tags of ≤ 20
 * characters, an introduction ≤ 500, a special identity label ≤ 40; directory pages of ≤ 50 and ≤ 20
 * recommendations.
 */
export const peopleLimits = {
  tags: 10,
  tag: 20,
  introduction: textLimits.description,
  specialIdentityLabel: 40,
  pageSize: 50,
  recommendations: 20,
} as const;
