'use client';
import { useState } from 'react';
import { drainCost, SWEEP_SIZES, type Side } from '../lib/demo/classroom';
import { ContenderListSchema, type ContenderInfo } from '../lib/protocol';
import { Failure } from './Failure';
import { useLanguage } from './language';
import { DemoChart, type ChartPoint } from './DemoChart';
import type { Simulation } from './useSimulation';
import { apiPath } from './ensemble';


interface SweepResult {
  contenders: number;
  herd: number;
  chain: number;
}

const SIDES = ['herd', 'chained'] as const;
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function contendersAt(paths: Record<Side, string>): Promise<Record<Side, ContenderInfo[]>> {
  const parsed = ContenderListSchema.parse(await (await fetch(apiPath('/api/sim/contenders'))).json());
  return { herd: parsed.contenders.filter((contender) => contender.path === paths.herd), chained: parsed.contenders.filter((contender) => contender.path === paths.chained) };
}

const notifications = (contenders: readonly ContenderInfo[]): number => contenders.reduce((sum, contender) => sum + contender.notifications, 0);

/**
 * The cost of draining a whole queue against its length: for each N of the sweep, a herd and a
 * chain of N form, then each holder is released as soon as it holds, and the notifications the
 * contenders counted from the queue's forming to its end are the point for that N.
 */
export function DrainSweep({ simulation }: { simulation: Simulation }) {
  const { t } = useLanguage();
  const { features, control } = simulation;
  const [results, setResults] = useState<SweepResult[]>([]);
  const [current, setCurrent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const drain = async (size: number, root: string): Promise<SweepResult> => {
    const paths = { herd: `${root}/n${size}/herd`, chained: `${root}/n${size}/chain` };
    try {
      for (const side of SIDES) {
        const failure = await control('POST', '/api/sim/contenders', { path: paths[side], count: size, strategy: side, holdMs: 3_600_000, rounds: 1 });
        if (failure !== null) throw new Error(failure);
      }
      // Formed: one holder and everybody else waiting, on both sides.
      let list = await contendersAt(paths);
      while (!SIDES.every((side) => list[side].length === size && list[side].filter((contender) => contender.state === 'holding').length === 1 && list[side].filter((contender) => contender.state === 'waiting').length === size - 1)) {
        await pause(200);
        list = await contendersAt(paths);
      }
      const baseline = { herd: notifications(list.herd), chained: notifications(list.chained) };
      const released = new Set<string>();
      while (!SIDES.every((side) => list[side].every((contender) => contender.state === 'done'))) {
        const holders = SIDES.flatMap((side) => list[side]).filter((contender) => contender.state === 'holding' && !released.has(contender.id));
        for (const holder of holders) {
          released.add(holder.id);
          const failure = await control('POST', `/api/sim/contenders/${holder.id}/release`, {});
          if (failure !== null) throw new Error(failure);
        }
        await pause(100);
        list = await contendersAt(paths);
      }
      // The last notifications of the last release.
      await pause(300);
      list = await contendersAt(paths);
      return { contenders: size, herd: notifications(list.herd) - baseline.herd, chain: notifications(list.chained) - baseline.chained };
    } finally {
      for (const path of Object.values(paths)) await control('DELETE', `/api/sim/contenders?path=${encodeURIComponent(path)}`);
    }
  };

  const run = async (): Promise<void> => {
    if (features === null || !features.simulation) return;
    setResults([]);
    setError(null);
    const root = `${features.simRoot}/classroom/sweep-${Math.random().toString(36).slice(2, 8)}`;
    try {
      for (const size of SWEEP_SIZES) {
        setCurrent(size);
        const result = await drain(size, root);
        setResults((previous) => [...previous, result]);
      }
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setCurrent(null);
    }
  };

  const largest = Math.max(...SWEEP_SIZES);
  const theory = (side: Side): ChartPoint[] => Array.from({ length: largest + 1 }, (_, n) => ({ x: n, y: n === 0 ? 0 : drainCost(side, n) }));
  const measured = (side: 'herd' | 'chain'): ChartPoint[] => [{ x: 0, y: 0 }, ...results.map((result) => ({ x: result.contenders, y: result[side] }))];
  return (
    <section className="demo-sweep" aria-label={t('sweepTitle')} data-testid="demo-sweep">
      <div className="demo-controls">
        <div className="actions">
          <button type="button" data-testid="sweep-run" disabled={current !== null || features === null || !features.simulation} onClick={() => void run()}>
            {t('sweep', { sizes: SWEEP_SIZES.join(', ') })}
          </button>
        </div>
        <p className="muted demo-status" role="status" data-testid="sweep-status" data-running={current !== null ? 'true' : 'false'}>
          {current !== null ? (
            <>
              <span className="spinner" aria-hidden="true" /> {t('sweepRunning', { n: current })}
            </>
          ) : results.length > 0 ? (
            results.map((result) => t('sweepResult', { n: result.contenders, herd: result.herd, chain: result.chain })).join(' · ')
          ) : (
            t('sweepIdle')
          )}
        </p>
        {results.length > 0 ? <p className="muted demo-keys">{t('sweepNote')}</p> : null}
        <Failure message={error === null ? null : t('failed', { error })} />
      </div>
      <DemoChart
        testId="sweep-chart"
        xMax={largest}
        herd={measured('herd')}
        chain={measured('chain')}
        theory={{ herd: theory('herd'), chain: theory('chained') }}
        labels={{
          title: t('sweepTitle'),
          x: t('sweepAxisX'),
          y: t('chartAxisY'),
          herd: t('chartHerd'),
          chain: t('chartChain'),
          theory: t('chartTheory'),
          summary: results.map((result) => t('sweepResult', { n: result.contenders, herd: result.herd, chain: result.chain })).join('; ') || t('sweepTitle'),
        }}
      />
    </section>
  );
}
