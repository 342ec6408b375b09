import type { Highlight, Product } from '@app/contracts';
import { toWireId } from '@app/contracts';
import { flag, unix, wireIdOrNull } from '../../db/wire.ts';
import type { EnterpriseRow } from '../enterprises/enterprises.repository.ts';
import type { ProductRow } from './products.repository.ts';

/** What a product item needs beyond its row: its enterprise and the caller's reactions. */
export type ProductContext = {
  enterprises: Map<string, Pick<EnterpriseRow, 'id' | 'title' | 'logo'>>;
  liked: Set<string>;
  awesome: Set<string>;
};

/**
 * A product row in wire form; `highlights` only for search answers. `deleted` is 1 for a deleted product
 * and for one an organiser hid (`is_shown` 0): the public answers a hidden product like a deleted one (§9).
 */
export function toWireProduct(row: ProductRow, context: ProductContext, highlights?: Highlight[]): Product {
  const enterprise = context.enterprises.get(row.enterpriseId);
  return {
    _id: toWireId(row.id),
    enterprise_id: toWireId(row.enterpriseId),
    meeting_id: wireIdOrNull(row.meetingId),
    title: row.title,
    images: row.images,
    description: row.description,
    category_id: wireIdOrNull(row.categoryId),
    likes_total: row.likesTotal,
    awesomes_total: row.awesomesTotal,
    views_total: row.viewsTotal,
    weight: row.weight,
    deleted: flag(row.deleted === 1 || row.isShown === 0 ? 1 : 0),
    created: unix(row.createdAt),
    enterprise: {
      _id: toWireId(row.enterpriseId),
      title: enterprise?.title ?? '',
      logo: enterprise?.logo ?? '',
    },
    is_liked: context.liked.has(row.id),
    is_awesome: context.awesome.has(row.id),
    ...(highlights ? { highlights } : {}),
  };
}
