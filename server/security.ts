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
