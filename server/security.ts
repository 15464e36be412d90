import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * Whether a request comes from a page of this very server. Browsers send `Origin` on
 * cross-site and on state-changing requests; a request without one is not from another site.
 */
export function isSameOrigin(request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  if (origin === undefined || origin === '') return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/** Compares a presented token with the configured one in constant time. */
export function tokenMatches(presented: string | undefined | null, expected: string): boolean {
  if (typeof presented !== 'string') return false;
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** The token of an `Authorization: Bearer <token>` header. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/**
 * At most `limit` requests per key (a client address) in any `windowMs`: what is over is refused,
 * not queued. Keys without recent requests are forgotten, so that many clients cost no memory.
 */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  allow(key: string): boolean {
    const at = this.now();
    const since = at - this.windowMs;
    if (this.hits.size > 10_000) {
      for (const [other, times] of this.hits) if ((times.at(-1) ?? 0) <= since) this.hits.delete(other);
    }
    const recent = (this.hits.get(key) ?? []).filter((time) => time > since);
    const allowed = recent.length < this.limit;
    if (allowed) recent.push(at);
    this.hits.set(key, recent);
    return allowed;
  }
}
