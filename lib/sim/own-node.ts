/**
 * What a simulated contender needs besides its place in the queue, which it takes from the
 * explorer's own rules (`standingOf` in lib/lock/reader.ts).
 */

/** Finds this contender's own node after a lost create reply, by the protected prefix (with its GUID) it created it with. */
export function findOwnNode(names: readonly string[], prefix: string): string | null {
  return names.find((name) => name.startsWith(prefix)) ?? null;
}
