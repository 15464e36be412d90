import { describeAnomaly, translate, type Language } from '../i18n/messages';
import type { Anomaly, LockNode } from '../protocol';
import { shortNodeName } from './format';

/**
 * How the page names the nodes its anomalies speak of: by their place ("waiter #3", "the
 * holder"), which the queue shows on every card, rather than by a name of sixty characters.
 * One pass over the queue, and none when no anomaly names a node.
 */
export function anomalyPlaces(anomalies: readonly Anomaly[], nodes: readonly LockNode[], language: Language = 'en'): ReadonlyMap<string, string> {
  const named = new Set<string>();
  for (const anomaly of anomalies) {
    if (anomaly.node !== null) named.add(anomaly.node);
    for (const name of anomaly.nodes ?? []) named.add(name);
    for (const value of Object.values(anomaly.params)) if (typeof value === 'string') named.add(value);
  }
  const places = new Map<string, string>();
  if (named.size === 0) return places;
  let waiters = 0;
  for (const node of nodes) {
    if (node.role === 'waiter') waiters += 1;
    if (named.has(node.name)) places.set(node.name, node.role === 'holder' ? translate(language, 'lpPlaceHolder') : translate(language, 'lpPlaceWaiter', { n: waiters }));
  }
  return places;
}

/**
 * An anomaly's sentence in `language`, said from its kind and parameters, with the nodes it names
 * told by their place, their short name (or what `label` calls them: the classroom's contender
 * ids) beside it; capitalised where a place begins it.
 */
export function readableAnomaly(anomaly: Anomaly, places: ReadonlyMap<string, string>, language: Language = 'en', label: (name: string) => string = shortNodeName): string {
  let text = describeAnomaly(language, anomaly.kind, anomaly.params).message;
  const names = [anomaly.node, ...Object.values(anomaly.params)].filter((value): value is string => typeof value === 'string' && places.has(value));
  // The node it concerns, gone from the queue before the verdict (a crashed holder's node as ZooKeeper deletes it): its short name, never sixty characters.
  if (anomaly.node !== null && !places.has(anomaly.node)) names.push(anomaly.node);
  // Longest first: a name that contains another is replaced whole.
  for (const name of [...new Set(names)].sort((a, b) => b.length - a.length)) text = text.split(name).join(places.has(name) ? `${places.get(name)!} (${label(name)})` : label(name));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The sessions the anomalies name holders without a connection, with when ZooKeeper expires each
 * (ms): a diagram draws their cards so, with the countdown, as soon as the anomaly comes.
 */
export function disconnectedHolders(anomalies: readonly Anomaly[]): Map<string, number> {
  const silent = new Map<string, number>();
  for (const anomaly of anomalies) {
    const { session, expiresAt } = anomaly.params;
    if (anomaly.kind === 'holder-disconnected' && typeof session === 'string' && typeof expiresAt === 'number') silent.set(session, expiresAt);
  }
  return silent;
}
