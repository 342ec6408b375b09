import type { CategoryRef, Enterprise, EnterpriseCard, Highlight } from '@app/contracts';
import { toWireId } from '@app/contracts';
import { flag, unix, wireIdOrNull } from '../../db/wire.ts';
import type { EnterpriseCardRow, EnterpriseRow } from './enterprises.repository.ts';

/** What a list item needs beyond its row: category names and the caller's reactions. */
export type EnterpriseContext = {
  categories: Map<string, { id: string; title: CategoryRef['title'] }>;
  liked: Set<string>;
  awesome: Set<string>;
};

/** A category id as an embedded `{ _id, title }`, or null when unset or unknown. */
export function categoryRef(
  context: Pick<EnterpriseContext, 'categories'>,
  id: string | null,
): CategoryRef | null {
  const category = id ? context.categories.get(id) : undefined;
  return category ? { _id: toWireId(category.id), title: category.title } : null;
}

/** An enterprise row in wire form; `highlights` only for search answers. */
export function toWireEnterprise(
  row: EnterpriseRow,
  context: EnterpriseContext,
  highlights?: Highlight[],
): Enterprise {
  return {
    _id: toWireId(row.id),
    title: row.title,
    logo: row.logo,
    description: row.description,
    images: row.images,
    attachments: row.attachments,
    website: row.website,
    phone: row.phone,
    email: row.email,
    address: row.address,
    industry_category_id: wireIdOrNull(row.industryCategoryId),
    industry: categoryRef(context, row.industryCategoryId),
    likes_total: row.likesTotal,
    awesomes_total: row.awesomesTotal,
    views_total: row.viewsTotal,
    calls_total: row.callsTotal,
    mails_total: row.mailsTotal,
    attachment_views_total: row.attachmentViewsTotal,
    weight: row.weight,
    deleted: flag(row.deleted),
    created: unix(row.createdAt),
    is_liked: context.liked.has(row.id),
    is_awesome: context.awesome.has(row.id),
    ...(highlights ? { highlights } : {}),
  };
}

/** The short enterprise form embedded in exhibitors and bindings. */
export function toWireEnterpriseCard(row: EnterpriseCardRow, context: EnterpriseContext): EnterpriseCard {
  return {
    _id: toWireId(row.id),
    title: row.title,
    logo: row.logo,
    website: row.website,
    phone: row.phone,
    email: row.email,
    industry_category_id: wireIdOrNull(row.industryCategoryId),
    industry: categoryRef(context, row.industryCategoryId),
    likes_total: row.likesTotal,
    awesomes_total: row.awesomesTotal,
    views_total: row.viewsTotal,
    is_liked: context.liked.has(row.id),
    is_awesome: context.awesome.has(row.id),
  };
}
