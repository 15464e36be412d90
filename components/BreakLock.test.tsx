import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { record, snapshotOf } from '../lib/testing/records';
import { BreakLock } from './BreakLock';
import type { Simulation } from './useSimulation';

const features = { simulation: false, simulationReason: 'not the explorer’s ZooKeeper', simRoot: '/sim', tokenRequired: true, breakLocks: false };
const simulation = (breakLocks: boolean): Simulation => ({ features: { ...features, breakLocks } }) as unknown as Simulation;

describe('breaking a lock from the node panel', () => {
  const [holder] = snapshotOf('/app/billing/accounts', [record('lock-0000000000', '0x1'), record('lock-0000000001', '0x2')]).nodes;

  it('where it is off, says what turns it on and gives the zkCli command that deletes the node', () => {
    const html = renderToStaticMarkup(<BreakLock lockPath="/app/billing/accounts" recipeId="sequential-lock" node={holder!} simulation={simulation(false)} connectString="10.0.0.5:2181" />);
    expect(html).toContain('data-testid="break-unavailable"');
    expect(html).toContain('ALLOW_BREAK_LOCKS=1');
    expect(html).toContain('zkCli.sh -server 10.0.0.5:2181 delete /app/billing/accounts/lock-0000000000');
    expect(html).toContain('the next waiter then takes the lock');
    expect(html).not.toContain('data-testid="break-lock"');
  });

  it('where it is on, offers the button and no command', () => {
    const html = renderToStaticMarkup(<BreakLock lockPath="/app/billing/accounts" recipeId="sequential-lock" node={holder!} simulation={simulation(true)} />);
    expect(html).toContain('data-testid="break-lock"');
    expect(html).not.toContain('break-unavailable');
  });
});

describe("asking a Curator holder to let go (Curator's revocation), the gentle way first", () => {
  const curator = snapshotOf('/app/jobs/lock', [record('_c_0f6e2c1a-1111-4222-8333-944445555666-lock-0000000000', '0x1'), record('_c_0f6e2c1a-1111-4222-8333-944445555667-lock-0000000001', '0x2')]);
  const holder = curator.nodes[0]!;
  const listening = { ...holder, watchers: [holder.sessionId] };
  const deaf = { ...holder, watchers: [] };
  const panel = (node: typeof holder, breakLocks: boolean): string =>
    renderToStaticMarkup(<BreakLock lockPath="/app/jobs/lock" recipeId={curator.recipe.id} node={node} simulation={simulation(breakLocks)} connectString="10.0.0.5:2181" />);

  it('where writes are off, gives the zkCli command that asks, before the one that deletes', () => {
    expect(curator.recipe.id).toBe('curator-mutex');
    const html = panel(listening, false);
    const ask = html.indexOf('zkCli.sh -server 10.0.0.5:2181 set /app/jobs/lock/_c_0f6e2c1a-1111-4222-8333-944445555666-lock-0000000000 __REVOKE__');
    expect(ask).toBeGreaterThan(0);
    expect(html.indexOf('delete /app/jobs/lock/')).toBeGreaterThan(ask);
  });

  it('where they are on, offers to ask before the button that breaks', () => {
    const html = panel(listening, true);
    expect(html.indexOf('data-testid="revoke-lock"')).toBeGreaterThan(0);
    expect(html.indexOf('data-testid="break-lock"')).toBeGreaterThan(html.indexOf('data-testid="revoke-lock"'));
  });

  it('says why a holder that does not watch its node cannot be asked, and offers only breaking', () => {
    for (const breakLocks of [true, false]) {
      const html = panel(deaf, breakLocks);
      expect(html).toContain('data-testid="revoke-unavailable"');
      expect(html).toContain('did not make the lock revocable');
      expect(html).not.toContain('data-testid="revoke-lock"');
      expect(html).not.toContain('__REVOKE__');
    }
  });

  it('offers nothing of the kind to a waiter, or to a lock of another recipe', () => {
    expect(panel({ ...curator.nodes[1]!, watchers: [curator.nodes[1]!.sessionId] }, true)).not.toContain('revoke');
    const other = renderToStaticMarkup(<BreakLock lockPath="/app/jobs/lock" recipeId="kazoo-lock" node={listening} simulation={simulation(true)} />);
    expect(other).not.toContain('revoke');
  });
});
