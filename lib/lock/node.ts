/**
 * Equality of lock nodes, derived from their schema: a field added to `LockNodeSchema` is
 * compared everywhere at once (a field left out of a hand-written list would stop its updates silently).
 */
import { LockNodeSchema, type LockNode } from '../protocol';

/** Every field of a node, in the schema's order. */
export const NODE_FIELDS = Object.keys(LockNodeSchema.shape) as ReadonlyArray<keyof LockNode>;

/** Whether two nodes say the same in every field (objects and lists by value). */
export function sameNode(a: LockNode, b: LockNode): boolean {
  if (a === b) return true;
  for (const field of NODE_FIELDS) if (!sameValue(a[field], b[field])) return false;
  return true;
}

/** Structural equality of JSON-safe values. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i += 1) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  for (const key of keys) if (!(key in right) || !sameValue(left[key], right[key])) return false;
  return true;
}
