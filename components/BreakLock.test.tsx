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
    const html = renderToStaticMarkup(<BreakLock lockPath="/app/billing/accounts" node={holder!} simulation={simulation(false)} connectString="10.0.0.5:2181" />);
    expect(html).toContain('data-testid="break-unavailable"');
    expect(html).toContain('ALLOW_BREAK_LOCKS=1');
    expect(html).toContain('zkCli.sh -server 10.0.0.5:2181 delete /app/billing/accounts/lock-0000000000');
    expect(html).toContain('the next waiter then takes the lock');
    expect(html).not.toContain('data-testid="break-lock"');
  });

  it('where it is on, offers the button and no command', () => {
    const html = renderToStaticMarkup(<BreakLock lockPath="/app/billing/accounts" node={holder!} simulation={simulation(true)} />);
    expect(html).toContain('data-testid="break-lock"');
    expect(html).not.toContain('break-unavailable');
  });
});
