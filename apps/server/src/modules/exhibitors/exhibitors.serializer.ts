import type { Exhibitor, Highlight } from '@app/contracts';
import { toWireId } from '@app/contracts';
import { flag, unix, wireIdOrNull } from '../../db/wire.ts';
import type { EnterpriseCardRow } from '../enterprises/enterprises.repository.ts';
import {
  categoryRef,
  type EnterpriseContext,
  toWireEnterpriseCard,
} from '../enterprises/enterprises.serializer.ts';
import type { ExhibitorRow } from './exhibitors.repository.ts';

/**
 * An exhibitor row in wire form with its enterprise card; the industry is the exhibitor's own, else
 * its enterprise's. `highlights` only for search answers.
 */
export function toWireExhibitor(
  row: ExhibitorRow,
  enterprise: EnterpriseCardRow,
  context: EnterpriseContext,
  highlights?: Highlight[],
): Exhibitor {
  const industryId = row.industryCategoryId ?? enterprise.industryCategoryId;
  return {
    _id: toWireId(row.id),
    meeting_id: toWireId(row.meetingId),
    enterprise_id: toWireId(row.enterpriseId),
    booth: row.booth,
    exhibitor_group_category_id: wireIdOrNull(row.exhibitorGroupCategoryId),
    exhibitor_group: categoryRef(context, row.exhibitorGroupCategoryId),
    industry_category_id: wireIdOrNull(industryId),
    industry: categoryRef(context, industryId),
    weight: row.weight,
    is_shown: flag(row.isShown),
    views_total: row.viewsTotal,
    calls_total: row.callsTotal,
    mails_total: row.mailsTotal,
    attachment_views_total: row.attachmentViewsTotal,
    deleted: flag(row.deleted),
    created: unix(row.createdAt),
    enterprise: toWireEnterpriseCard(enterprise, context),
    ...(highlights ? { highlights } : {}),
  };
}
