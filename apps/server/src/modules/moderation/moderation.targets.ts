import type { Database } from '../../db/client.ts';
import type { ModeratedKind } from './moderation.service.ts';

/**
 * How moderation acts on another module's rows without importing it (DESIGN §2): each module that
 * stores user-written items registers its kinds (questions, demands, threads …) from its
 * `*.moderation.ts` file.
 */
export type ModerationTarget = {
  kind: ModeratedKind;
  /**
   * Sets the item's moderation_state inside tx; false when no such item in that meeting. 'review' is
   * asked when 3 distinct reporters hide a visible item (a method, so an implementation typed for the
   * design's three states still fits).
   */
  setState(
    tx: Database,
    input: { meetingId: string; targetId: string; state: 'visible' | 'review' | 'blocked' | 'deleted' },
  ): Promise<boolean>;
  /** Text, author and an app link (path + query, for the console to open it) of items, for the queue. */
  describe(
    db: Database,
    targetIds: string[],
  ): Promise<Map<string, { meetingId: string; userId: string; text: string; link: string | null }>>;
};

const targets = new Map<ModeratedKind, ModerationTarget>();

/** Registers (or replaces: idempotent per kind) the target of one kind of item. */
export function registerModerationTarget(target: ModerationTarget): void {
  targets.set(target.kind, target);
}

/** The registered target of a kind, or undefined when no module registered it. */
export function moderationTargetOf(kind: ModeratedKind): ModerationTarget | undefined {
  return targets.get(kind);
}

/** The kinds registered so far. */
export function registeredModerationKinds(): ModeratedKind[] {
  return [...targets.keys()];
}
