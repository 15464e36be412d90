/**
 * Apache ShardingSphere ElasticJob: each job elects its leader under
 * `/<namespace>/<job>/leader/election`: the instances take Curator's LeaderLatch at `latch` in
 * turn (`JobNodeStorage.executeInLeader`), and the one that wins writes its instance id
 * (`<ip>@-@<pid>`) into the ephemeral `instance` beside it.
 */
import { defineSystem, fields, pathEnding, segments, textOf, type Identity, type SystemNode, say } from './system';

/** The leader's instance id, `<ip>@-@<pid>`. */
export function decodeInstance(node: Pick<SystemNode, 'data'>): Identity | null {
  const text = textOf(node.data)?.trim() ?? '';
  const match = /^(.+)@-@(\d+)$/.exec(text);
  return match === null ? null : { identity: `instance ${text}`, decoded: fields([['host', match[1]], ['process', match[2]]]) };
}

const jobOf = (path: string): string => segments(path).at(-4) ?? path;

export const elasticJob = defineSystem({
  id: 'elasticjob',
  name: 'Apache ShardingSphere ElasticJob',
  sources: [
    'elasticjob-kernel/src/main/java/org/apache/shardingsphere/elasticjob/kernel/internal/election/LeaderService.java',
    'elasticjob-kernel/src/main/java/org/apache/shardingsphere/elasticjob/kernel/internal/election/LeaderNode.java',
    'elasticjob-kernel/src/main/java/org/apache/shardingsphere/elasticjob/kernel/internal/storage/JobNodeStorage.java',
  ],
  layouts: [
    {
      id: 'election-latch',
      path: pathEnding('leader/election/latch'),
      recipes: ['curator-latch'],
      role: (path, _holder, language) => say(language, `leader election of job ${jobOf(path)}: held only while an instance takes the lead`, `作业 ${jobOf(path)} 的领导者选举：仅在某个实例接任领导时短暂持有`),
    },
    {
      id: 'leader-instance',
      longHolds: true,
      path: pathEnding('leader/election/instance'),
      recipes: ['single-node'],
      selfLock: 'instance',
      role: (path, _holder, language) => say(language, `leader of job ${jobOf(path)}: the instance the node names`, `作业 ${jobOf(path)} 的领导者：节点中记录的实例`),
      identify: decodeInstance,
      proves: (evidence) => evidence.nodes.some((node) => node.identity !== null),
    },
  ],
});
