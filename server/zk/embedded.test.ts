import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findZooKeeper } from './embedded';

describe('finding ZooKeeper 3.9 beside the system’s 3.8', () => {
  const home = mkdtempSync(join(tmpdir(), 'zk-39-home-'));
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  it('is nothing until scripts/zookeeper-3.9.sh has unpacked it', () => {
    expect(findZooKeeper({ ...process.env, ZOOKEEPER_39_HOME: home }, '3.9')).toBeNull();
  });

  it('puts 3.9’s own jute jar first: its server jar’s manifest names the system’s 3.8 one, whose ConnectRequest has no setReadOnly', () => {
    const jars = join(home, 'usr', 'share', 'java');
    mkdirSync(jars, { recursive: true });
    for (const jar of ['zookeeper-jute.jar', 'zookeeper.jar']) writeFileSync(join(jars, jar), '');
    const launcher = findZooKeeper({ ...process.env, ZOOKEEPER_39_HOME: home, JAVA_HOME: '/opt/jdk' }, '3.9')!;
    const args = launcher.args('/tmp/zoo.cfg', undefined, ['/extra.jar']);
    expect(launcher.command).toBe('/opt/jdk/bin/java');
    const classpath = args[args.indexOf('-cp') + 1]!.split(':');
    expect(classpath.slice(0, 2)).toEqual([join(jars, 'zookeeper-jute.jar'), join(jars, 'zookeeper.jar')]);
    expect(classpath.at(-1)).toBe('/extra.jar');
    expect(args.slice(-2)).toEqual(['org.apache.zookeeper.server.ZooKeeperServerMain', '/tmp/zoo.cfg']);
  });
});
