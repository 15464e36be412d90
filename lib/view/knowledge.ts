/** What can and cannot be known of the locks (`Knowledge`, from `/api/health`), in the page's language: one note, said once. */
import { translator, type Language, type MessageKey } from '../i18n/messages';
import type { Knowledge, KnownFact, ReportedFact } from '../protocol';
import { formatCount } from './format';

/** The note's parts: a title, why, the two lists, how to know more, and what the members answered. */
export interface KnowledgeWords {
  title: string;
  cause: string;
  known: string[];
  unknown: string[];
  howTo: string;
  reason: string | null;
}

const KNOWN_WORDS: Record<Exclude<KnownFact, 'new-locks'>, MessageKey> = {
  queues: 'kKnownQueues',
  owners: 'kKnownOwners',
  'data-clients': 'kKnownDataClients',
  'recipe-watches': 'kKnownRecipeWatches',
  deadlocks: 'kKnownDeadlocks',
};

const UNKNOWN_WORDS: Record<ReportedFact, MessageKey> = {
  'watches-set': 'kUnknownWatchesSet',
  'other-watchers': 'kUnknownOtherWatchers',
  'client-addresses': 'kUnknownClientAddresses',
  'sessions-connected': 'kUnknownSessionsConnected',
  'session-expiry': 'kUnknownSessionExpiry',
  'herd-wakeups': 'kUnknownHerdWakeups',
  'watch-counts': 'kUnknownWatchCounts',
};

const CAUSE_WORDS: Record<Knowledge['cause'], { title: MessageKey; cause: MessageKey; howTo: MessageKey }> = {
  refused: { title: 'kTitleRefused', cause: 'kCauseRefused', howTo: 'kHowToKnow' },
  partial: { title: 'kTitlePartial', cause: 'kCausePartial', howTo: 'kHowToKnow' },
  'not-asked': { title: 'kTitleNotAsked', cause: 'kCauseNotAsked', howTo: 'kHowToAsk' },
};

const NEW_LOCK_WORDS: Record<Exclude<Knowledge['newLocks']['live'], 'recursive-watch'>, MessageKey> = {
  'ephemerals-poll': 'kKnownNewLocksPoll',
  'child-watches': 'kKnownNewLocksChildWatches',
  pending: 'kKnownNewLocksPending',
  none: 'kKnownNewLocksNone',
};

/** The note in `language`. */
export function describeKnowledge(knowledge: Knowledge, language: Language = 'en'): KnowledgeWords {
  const t = translator(language);
  const { live, treeNotificationsPerSecond: rate } = knowledge.newLocks;
  const newLocks =
    live === 'recursive-watch' ? (rate === null ? t('kKnownNewLocksTreeUnmeasured') : t('kKnownNewLocksTree', { n: formatCount(Math.round(rate)) })) : t(NEW_LOCK_WORDS[live]);
  const words = CAUSE_WORDS[knowledge.cause];
  return {
    title: t(words.title),
    cause: t(words.cause),
    known: knowledge.known.map((fact) => (fact === 'new-locks' ? newLocks : t(KNOWN_WORDS[fact]))),
    unknown: knowledge.unknown.map((fact) => t(UNKNOWN_WORDS[fact])),
    howTo: t(words.howTo),
    reason: knowledge.reason === null ? null : t('kReason', { reason: knowledge.reason }),
  };
}
