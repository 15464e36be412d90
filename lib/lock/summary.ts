import type { LockActivity, LockSnapshot, LockSummary } from '../protocol';

/** The one-line summary of a lock for the lock list. */
export function summarizeLock(snapshot: LockSnapshot, activity: LockActivity | null = null): LockSummary {
  const holders = snapshot.nodes.filter((node) => node.role === 'holder');
  const waiters = snapshot.nodes.filter((node) => node.role === 'waiter');
  // A loop, not Math.min(...times): spread into arguments, the times of 150,000 waiters overflow the stack.
  const earliest = (times: readonly number[]): number | null => (times.length === 0 ? null : times.reduce((least, time) => (time < least ? time : least)));
  return {
    path: snapshot.path,
    exists: snapshot.exists,
    recipe: snapshot.recipe,
    holders: holders.map((node) => node.name),
    holderSessions: holders.map((node) => node.sessionId),
    holderClients: holders.map((node) => node.client),
    holderIdentities: holders.map((node) => node.identity),
    holderDataClients: holders.map((node) => node.dataClient),
    queueLength: waiters.length,
    // A holder already holding when first read held at least since its creation.
    holderSince: earliest(holders.map((node) => node.roleSince ?? node.ctime)),
    oldestWaiterSince: earliest(waiters.map((node) => node.ctime)),
    // What the verdicts concern: a verdict over 300 waiters is 300, as it was when each had its own.
    anomalies: snapshot.anomalies.reduce((sum, anomaly) => sum + (anomaly.count ?? 1), 0),
    anomalyKinds: [...new Set(snapshot.anomalies.map((anomaly) => anomaly.kind))],
    activity,
  };
}
