import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Incident } from '../lib/protocol';
import { INCIDENTS_PAGE, IncidentPages } from './IncidentList';

const incident = (at: number): Incident => ({
  kind: 'long-wait',
  path: '/app/lock',
  from: 1_700_000_000_000 + at * 1000,
  to: 1_700_000_040_000 + at * 1000,
  fromZxid: `0x${(at + 1).toString(16)}`,
  toZxid: `0x${(at + 2).toString(16)}`,
  sessions: [`0x${(at + 100).toString(16)}`],
  ended: null,
  next: null,
  identities: null,
  count: 0,
  timeoutMs: null,
  herd: null,
});
const render = (count: number): string =>
  renderToStaticMarkup(<IncidentPages incidents={Array.from({ length: count }, (_, at) => incident(at))} path="/app/lock" clock={(ms) => String(ms)} thresholds={{ longHoldMs: 60_000, longWaitMs: 30_000 }} />);

describe('the incidents of a busy lock', () => {
  it('draws the first page of cards and a button for the next, saying how many are left', () => {
    const html = render(INCIDENTS_PAGE + 250);
    expect(html.match(/data-testid="incident"/g)).toHaveLength(INCIDENTS_PAGE);
    expect(html).toContain('data-testid="incidents-more"');
    expect(html).toContain(`Show ${INCIDENTS_PAGE} more (250 not shown)`);
  });

  it('draws every card, and no button, when they fit in one page', () => {
    const html = render(INCIDENTS_PAGE);
    expect(html.match(/data-testid="incident"/g)).toHaveLength(INCIDENTS_PAGE);
    expect(html).not.toContain('incidents-more');
  });
});
