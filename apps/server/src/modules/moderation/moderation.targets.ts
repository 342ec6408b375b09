import type { Config } from '../../config.ts';
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
   * Sets the item's moderation_state inside tx; false when no such item in that meeting, or when the
   * item is 'deleted' (a deleted item never comes back, §5). 'review' is asked with onlyVisible when
   * 3 distinct reporters hide an item: only a 'visible' row changes then, so an item its author
   * deleted or the organiser blocked keeps its state (a method, so an implementation typed for the
   * design's three states still fits).
   */
  setState(
    tx: Database,
    input: {
      meetingId: string;
      targetId: string;
      state: 'visible' | 'review' | 'blocked' | 'deleted';
      onlyVisible?: boolean;
    },
  ): Promise<boolean>;
  /**
   * Whether the user can see the item under its module's read rules (§6): visible public items, the
   * user's own items that are not deleted, private ones for the people they are meant for. POST
   * /reports answers 404 not_found unless true, so a report neither proves that a hidden item exists
   * nor lets strangers hide it.
   */
  canSee(db: Database, targetId: string, userId: string): Promise<boolean>;
  /** Text, author and an app link (path + query, for the console to open it) of items, for the queue. */
  describe(
    db: Database,
    targetIds: string[],
  ): Promise<Map<string, { meetingId: string; userId: string; text: string; link: string | null }>>;
  /**
   * Optional: runs after the transaction that changed the item's state has committed (a queue
   * decision, or the report that hid it), e.g. to push the change to a live room (live chat, DESIGN
   * §9). Must not throw; `config` is absent when the caller has none.
   */
  afterStateChange?(
    deps: { db: Database; config?: Config | undefined },
    input: { meetingId: string; targetId: string; state: 'visible' | 'review' | 'blocked' | 'deleted' },
  ): Promise<void>;
};

/** The common read rule of one row (§5, §6): visible to everyone, or its author's while not deleted. */
export function isSeenBy(row: { state: string; userId: string | null }, userId: string): boolean {
  return row.state === 'visible' || (row.userId === userId && row.state !== 'deleted');
}

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
