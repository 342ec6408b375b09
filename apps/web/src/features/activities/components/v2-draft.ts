import type { ActivityPrice, FormAnswers } from '@app/contracts';

/**
 * The v2 group draft of one group, kept in sessionStorage until the batch is submitted: how many
 * tickets of each type, the answers of each member slot (slot i = i-th ticket in type order) and the
 * coupon code of each paid slot (§3 Registrant coupon code).
 */
export type V2Draft = {
  plan: Record<string, number>;
  members: Record<number, FormAnswers>;
  coupons?: Record<number, string>;
};

const keyOf = (agentId: string) => `agent-v2-draft:${agentId}`;

export function readDraft(agentId: string): V2Draft {
  try {
    const text = sessionStorage.getItem(keyOf(agentId));
    if (text) {
      const parsed = JSON.parse(text) as Partial<V2Draft>;
      return { plan: parsed.plan ?? {}, members: parsed.members ?? {}, coupons: parsed.coupons ?? {} };
    }
  } catch {
    // storage refused or bad JSON: start empty
  }
  return { plan: {}, members: {} };
}

export function writeDraft(agentId: string, draft: V2Draft): void {
  try {
    sessionStorage.setItem(keyOf(agentId), JSON.stringify(draft));
  } catch {
    // storage refused: the draft lives as long as the page
  }
}

export function clearDraft(agentId: string): void {
  try {
    sessionStorage.removeItem(keyOf(agentId));
  } catch {
    // nothing to clear
  }
}

/** The member slots of a plan: one ticket type per slot, types in the activity's order. */
export function slotsOf(plan: Record<string, number>, prices: readonly ActivityPrice[]): ActivityPrice[] {
  const slots: ActivityPrice[] = [];
  for (const price of prices) {
    const count = plan[price._id.$id] ?? 0;
    for (let i = 0; i < count; i++) slots.push(price);
  }
  return slots;
}
