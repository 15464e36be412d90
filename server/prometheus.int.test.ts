/**
 * The operations files against the real thing: a real Prometheus (Debian's) on loopback scrapes
 * a real explorer following simulated contenders, loads `deploy/prometheus/alerts.yml`, and
 * answers every query of `deploy/grafana/zk-lock-explorer.json` with data; promtool checks the
 * rules and fires the deadlock and stale-holder alerts of `alerts.test.yml`.
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './net';
import { eventually, startExplorer, uniqueRoot, type RunningExplorer } from './testing/harness';

const run = promisify(execFile);
const deploy = new URL('../deploy/', import.meta.url).pathname;
const simRoot = `/sim${uniqueRoot('prometheus')}`;
let running: RunningExplorer;
let prometheus: ChildProcess;
let prometheusUrl: string;
let dataDir: string;

interface QueryAnswer {
  status: string;
  data: { resultType: string; result: Array<{ metric: Record<string, string>; value: [number, string] }> };
}

async function query(expr: string): Promise<QueryAnswer> {
  const response = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(expr)}`);
  return (await response.json()) as QueryAnswer;
}

/** Every query of the dashboard, its variables set as a person opening it would: every ensemble (or the one named), all locks. */
function dashboardQueries(ensemble = '.*'): Array<{ panel: string; expr: string }> {
  const dashboard = JSON.parse(readFileSync(join(deploy, 'grafana/zk-lock-explorer.json'), 'utf8')) as { panels: Array<{ title: string; targets: Array<{ expr: string }> }> };
  return dashboard.panels.flatMap((panel) => panel.targets.map((target) => ({ panel: panel.title, expr: target.expr.replaceAll('$lock', '.*').replaceAll('$ensemble', ensemble) })));
}

beforeAll(async () => {
  running = await startExplorer({ roots: [simRoot] }, { allowed: true, simRoot }, { introspectionIntervalMs: 500, staleHolderMs: 2000 });
  // Contenders that hand a lock over and over, and one that holds past STALE_HOLDER_MS.
  for (const body of [
    { path: `${simRoot}/busy/lock`, count: 4, strategy: 'chained-getdata', holdMs: 150, rounds: 0 },
    { path: `${simRoot}/stuck/lock`, count: 2, strategy: 'chained', holdMs: 600_000, rounds: 1 },
  ]) {
    const spawned = await fetch(`${running.url}/api/sim/contenders`, { method: 'POST', body: JSON.stringify(body) });
    expect(spawned.status).toBe(201);
  }
  dataDir = mkdtempSync(join(tmpdir(), 'zk-lock-explorer-prometheus-'));
  const port = await freePort();
  const target = new URL(running.url).host;
  writeFileSync(
    join(dataDir, 'prometheus.yml'),
    [
      'global:',
      '  scrape_interval: 1s',
      '  evaluation_interval: 1s',
      'rule_files:',
      `  - ${join(deploy, 'prometheus/alerts.yml')}`,
      'scrape_configs:',
      '  - job_name: zk-lock-explorer',
      '    static_configs:',
      `      - targets: ['${target}']`,
      '',
    ].join('\n'),
  );
  prometheus = spawn('prometheus', [`--config.file=${join(dataDir, 'prometheus.yml')}`, `--storage.tsdb.path=${join(dataDir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`], { stdio: 'ignore' });
  prometheusUrl = `http://127.0.0.1:${port}`;
  await eventually(async () => ((await fetch(`${prometheusUrl}/-/ready`).catch(() => null))?.ok ? true : undefined), 30_000);
}, 60_000);

afterAll(async () => {
  prometheus?.kill('SIGTERM');
  await fetch(`${running.url}/api/sim/contenders`, { method: 'DELETE' }).catch(() => undefined);
  await running?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('Prometheus and Grafana, for real', () => {
  it('scrapes the explorer, and every query of the dashboard returns data', async () => {
    // Rates need two samples of a moving counter: a few scrapes of the busy lock.
    await eventually(async () => ((await query('sum(rate(zklock_wait_seconds_bucket[1m])) > 0')).data.result.length > 0 ? true : undefined), 30_000);
    const empty: string[] = [];
    for (const { panel, expr } of dashboardQueries()) {
      const answer = await eventually(async () => {
        const now = await query(expr);
        return now.status === 'success' && now.data.result.some((series) => series.value[1] !== 'NaN') ? now : undefined;
      }, 20_000).catch(() => null);
      if (answer === null) empty.push(`${panel}: ${expr}`);
    }
    expect(empty).toEqual([]);
    expect(dashboardQueries().length).toBeGreaterThanOrEqual(15);
    // Each query keeps to the ensembles chosen: one that names none answers nothing.
    const elsewhere = (await Promise.all(dashboardQueries('solr').map(async ({ expr }) => ({ expr, answer: await query(expr) })))).filter(({ answer }) => answer.data.result.length > 0);
    expect(elsewhere.map(({ expr }) => expr)).toEqual([]);
    // The explorer of one ensemble names it `default` in every series of a lock.
    const labelled = await query(`zklock_queue_length{lock="${simRoot}/busy/lock"}`);
    expect(labelled.data.result.map((series) => series.metric.ensemble)).toEqual(['default']);
  });

  it('loads the alert rules, and fires the stale holder on the stuck lock', async () => {
    const rules = (await (await fetch(`${prometheusUrl}/api/v1/rules`)).json()) as { data: { groups: Array<{ rules: Array<{ name: string; health: string }> }> } };
    const loaded = rules.data.groups.flatMap((group) => group.rules);
    expect(loaded.map((rule) => rule.name).sort()).toEqual(
      [
        'ZkLockDeadlock',
        'ZkLockEmptyParentsPiling',
        'ZkLockExplorerDisconnected',
        'ZkLockExplorerDown',
        'ZkLockGhostEphemeral',
        'ZkLockHolderDisconnected',
        'ZkLockIntrospectionDown',
        'ZkLockLeakedNode',
        'ZkLockQueueGrowing',
        'ZkLockStaleHolder',
        'ZkLockWaiterWatchesNothing',
        'ZooKeeperMemberDown',
      ],
    );
    expect(loaded.every((rule) => rule.health === 'ok')).toBe(true);
    // STALE_HOLDER_MS is 2 s here; the rule waits a minute before it fires: pending first.
    const pending = await eventually(async () => {
      const alerts = (await (await fetch(`${prometheusUrl}/api/v1/alerts`)).json()) as { data: { alerts: Array<{ labels: Record<string, string>; state: string }> } };
      return alerts.data.alerts.find((alert) => alert.labels.alertname === 'ZkLockStaleHolder' && alert.labels.lock === `${simRoot}/stuck/lock`);
    }, 30_000);
    expect(['pending', 'firing']).toContain(pending.state);
  });

  it('checks the rules with promtool and fires the deadlock, holder-disconnected and stale-holder alerts in its tests', async () => {
    const checked = await run('promtool', ['check', 'rules', join(deploy, 'prometheus/alerts.yml')]);
    expect(checked.stdout).toMatch(/SUCCESS: 12 rules found/);
    const tested = await run('promtool', ['test', 'rules', 'alerts.test.yml'], { cwd: join(deploy, 'prometheus') });
    expect(tested.stdout).toMatch(/SUCCESS/);
    const tests = readFileSync(join(deploy, 'prometheus/alerts.test.yml'), 'utf8');
    for (const alert of ['ZkLockDeadlock', 'ZkLockHolderDisconnected', 'ZkLockStaleHolder']) expect(tests).toMatch(new RegExp(`alertname: ${alert}\\n\\s+exp_alerts:\\n\\s+- exp_labels`));
  });
});
