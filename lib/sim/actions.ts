/**
 * The faults a simulated contender can still be put through in its state: a contender whose
 * process died (crashed), whose session ZooKeeper ended (expired) or that has stopped (done,
 * closed) has none left; only a holder releases.
 */
import type { ContenderAction, ContenderState } from '../protocol';

const BY_STATE: Record<ContenderState, readonly ContenderAction[]> = {
  connecting: [],
  waiting: ['crash', 'expire', 'pause', 'disconnect-during-create'],
  holding: ['release', 'crash', 'expire', 'pause', 'disconnect-during-create'],
  // Paused, it cannot act; its session can still be ended, or its process die.
  paused: ['crash', 'expire'],
  done: [],
  crashed: [],
  expired: [],
  closed: [],
};

/** What may still be done to a contender in `state`, in the order the page offers it. */
export function contenderActions(state: ContenderState): readonly ContenderAction[] {
  return BY_STATE[state];
}
