/**
 * The classroom's scenarios after the first (herd against chain): each one lock or two, the
 * contenders spawned into them, and the one fault a teacher triggers: the lessons of ZooKeeper's
 * lock recipes (https://zookeeper.apache.org/doc/current/recipes.html#sc_recipes_Locks).
 */
import type { ContenderAction, SpawnRequest } from '../protocol';
import type { MessageKey } from '../i18n/messages';

export type ScenarioId = 'herd-vs-chain' | 'single-node' | 'crash' | 'lost-create' | 'gc-pause' | 'read-write' | 'stuck-waiter';

/** Contenders for one lock of a scenario; the path is filled in when it runs. */
export type ScenarioSpawn = Omit<SpawnRequest, 'path' | 'maxLeases' | 'thinkMs' | 'sessionTimeoutMs' | 'protected' | 'holdMs' | 'rounds'> &
  Partial<Pick<SpawnRequest, 'thinkMs' | 'sessionTimeoutMs' | 'protected' | 'holdMs' | 'rounds'>>;

export interface ScenarioLock {
  /** The last segment of the lock's path. */
  name: string;
  /** Spawned in this order, each group once the previous one is in the queue. */
  spawns: ScenarioSpawn[];
}

export interface ScenarioFault {
  action: ContenderAction;
  /** Who suffers it: the contender holding the first lock, or every contender of the scenario. */
  target: 'holder' | 'all';
  /** For `pause`: how long (ms). */
  ms?: number;
  label: MessageKey;
}

export interface Scenario {
  id: ScenarioId;
  title: MessageKey;
  caption: MessageKey;
  locks: ScenarioLock[];
  fault: ScenarioFault | null;
}

const LONG = 3_600_000;

export const SCENARIOS: readonly Scenario[] = [
  { id: 'herd-vs-chain', title: 'scenarioHerdTitle', caption: 'watchFor', locks: [], fault: null },
  {
    id: 'single-node',
    title: 'scenarioSingleTitle',
    caption: 'scenarioSingleCaption',
    locks: [{ name: 'lock', spawns: [{ strategy: 'single-node', count: 6, holdMs: 1200, rounds: 2 }] }],
    fault: null,
  },
  {
    id: 'crash',
    title: 'scenarioCrashTitle',
    caption: 'scenarioCrashCaption',
    // A session of 15 s: long enough for ZooKeeper's report to show the holder without a connection, and the page its countdown, before it expires.
    locks: [{ name: 'lock', spawns: [{ strategy: 'chained', count: 4, holdMs: LONG, rounds: 1, sessionTimeoutMs: 15_000 }] }],
    fault: { action: 'crash', target: 'holder', label: 'faultCrash' },
  },
  {
    id: 'lost-create',
    title: 'scenarioLostTitle',
    caption: 'scenarioLostCaption',
    locks: [
      { name: 'without-guid', spawns: [{ strategy: 'chained', count: 1, holdMs: 300, rounds: 0, thinkMs: 1500, protected: false }] },
      { name: 'with-guid', spawns: [{ strategy: 'chained', count: 1, holdMs: 300, rounds: 0, thinkMs: 1500, protected: true }] },
    ],
    fault: { action: 'disconnect-during-create', target: 'all', label: 'faultLoseCreate' },
  },
  {
    id: 'gc-pause',
    title: 'scenarioPauseTitle',
    caption: 'scenarioPauseCaption',
    locks: [{ name: 'lock', spawns: [{ strategy: 'chained-getdata', count: 2, holdMs: LONG, rounds: 1, sessionTimeoutMs: 3000 }] }],
    fault: { action: 'pause', target: 'holder', ms: 8000, label: 'faultPause' },
  },
  {
    id: 'read-write',
    title: 'scenarioRwTitle',
    caption: 'scenarioRwCaption',
    locks: [
      {
        name: 'rwlock',
        spawns: [
          { strategy: 'write', count: 1, holdMs: 2500, rounds: 1 },
          { strategy: 'read', count: 3, holdMs: 2500, rounds: 1 },
          { strategy: 'write', count: 1, holdMs: 2500, rounds: 1 },
          { strategy: 'read', count: 2, holdMs: 2500, rounds: 1 },
        ],
      },
    ],
    fault: null,
  },
  {
    id: 'stuck-waiter',
    title: 'scenarioStuckTitle',
    caption: 'scenarioStuckCaption',
    locks: [
      {
        name: 'lock',
        // Curator's names for all four (the no-watch contender names its node as Curator does): one queue, read by one recipe's rules, so that
        // the contender that forgot its watch waits in it rather than taking its Curator node for the only one.
        spawns: [
          { strategy: 'chained-getdata', count: 2, holdMs: LONG, rounds: 1 },
          { strategy: 'no-watch', count: 1, holdMs: LONG, rounds: 1 },
          { strategy: 'chained-getdata', count: 1, holdMs: LONG, rounds: 1 },
        ],
      },
    ],
    fault: null,
  },
];

/** How long the server lets a classroom run or scenario go on that nobody ended (its page closed without a word): then it stops its contenders and removes its locks. */
export const DEMO_RUN_LIMIT_MS = 20 * 60_000;
/** How long a run's contenders outlive the last renewal of the page that shows them (see `useStopWhenLeft`). */
export const DEMO_LEASE_MS = 30_000;

/** What every classroom spawn asks of the server: its contenders stopped after DEMO_RUN_LIMIT_MS, or DEMO_LEASE_MS after their page last renewed them, their lock removed when they stop. */
export const DEMO_RUN = { ttlMs: DEMO_RUN_LIMIT_MS, leaseMs: DEMO_LEASE_MS, removeParent: true } as const;

/** The spawn request of a group of contenders into `path`, as a classroom run (DEMO_RUN). */
export function spawnRequest(path: string, spawn: ScenarioSpawn): Omit<SpawnRequest, 'maxLeases'> {
  return { path, holdMs: 1000, rounds: 1, thinkMs: 0, sessionTimeoutMs: 10_000, protected: true, ...spawn, ...DEMO_RUN };
}
