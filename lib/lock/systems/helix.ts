/**
 * Apache Helix: the controller that creates the ephemeral `/<cluster>/CONTROLLER/LEADER` leads
 * the cluster (`DistributedLeaderElection`); its data is a ZNRecord in JSON whose `id` is the
 * controller's instance name, with its session and Helix version among the simple fields.
 */
import { defineSystem, fields, jsonOf, pathEnding, segments, type Identity, type SystemNode, say } from './system';

/** The leader's ZNRecord. */
export function decodeLeader(node: Pick<SystemNode, 'data'>): Identity | null {
  const json = jsonOf(node.data);
  if (json === null || typeof json.id !== 'string') return null;
  const simple = typeof json.simpleFields === 'object' && json.simpleFields !== null ? (json.simpleFields as Record<string, unknown>) : {};
  return {
    identity: `controller ${json.id}`,
    decoded: fields([
      ['controller', json.id],
      ['session', simple.SESSION_ID],
      ['process', simple.LIVE_INSTANCE],
      ['Helix version', simple.HELIX_VERSION],
    ]),
  };
}

export const helix = defineSystem({
  id: 'helix',
  name: 'Apache Helix',
  sources: ['helix-core/src/main/java/org/apache/helix/controller/DistributedLeaderElection.java', 'helix-core/src/main/java/org/apache/helix/PropertyKey.java'],
  layouts: [
    {
      id: 'controller-leader',
      longHolds: true,
      path: pathEnding('CONTROLLER/LEADER'),
      recipes: ['single-node'],
      selfLock: 'LEADER',
      role: (path, _holder, language) =>
        say(language, `controller leader of cluster ${segments(path).at(-3) ?? '?'}: the holder's controller manages the cluster`, `集群 ${segments(path).at(-3) ?? '?'} 的 controller 领导者：持有者的 controller 管理该集群`),
      identify: decodeLeader,
    },
  ],
});
