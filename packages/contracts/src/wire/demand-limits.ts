/**
 * Limits of demands and their comments (§5: a title at least 5 characters, a description and a comment
 * at most 500; images jpg or png, at most 9 on one demand; pages of 20, at most 50). No zod here, so
 * the web imports them without the schemas.
 */
export const demandLimits = {
  titleMin: 5,
  titleMax: 200,
  descriptionMax: 500,
  commentMax: 500,
  areaMax: 100,
  images: 9,
  pageSize: 20,
  maxPage: 50,
} as const;

/** The forms a demand is posted from (/demand/form/{type}). */
export const demandTypeValues = ['supply', 'demand', 'cooperation'] as const;
export type DemandTypeValue = (typeof demandTypeValues)[number];

/** Demand error codes, for the web (demands.contracts.ts re-uses them). */
export const DemandErrorCodeWire = {
  /** 400 an image that is not a jpg/png upload of the caller (§5). */
  imageType: 'demand.image_type',
  /** 400 the industry or category is not one of the meeting's. */
  categoryInvalid: 'demand.category_invalid',
} as const;
