/**
 * Apache Solr (SolrCloud): the Overseer is elected under `/overseer_elect/election`, each
 * shard's leader under `/collections/<collection>/leader_elect/<shard>/election`, by Solr's
 * LeaderElector (`<session>-<id>-n_<seq>`, see the `solr-election` recipe). The winner writes
 * the leader node: `/overseer_elect/leader` (`{"id": "<its election node>"}`) and
 * `/collections/<collection>/leaders/<shard>/leader` (the replica's properties: `core`,
 * `node_name`, `base_url`, `core_node_name`).
 */
import type { RoleLanguage, SystemEvidence, SystemNote } from './system';
import { defineSystem, jsonOf, fields, pathEnding, segments, type Identity, type SystemNode, say } from './system';

const NAME = /^(-?\d+)-(.+)-n_(\d{10})$/;

/** The node or core node name an election node carries (`<session>-<id>-n_<seq>`); null for another name. */
function candidateId(name: string): string | null {
  return NAME.exec(name)?.[2] ?? null;
}

/** A candidate as its election node names it: its session (decimal) and its node or core node name. */
export function decodeCandidate(node: Pick<SystemNode, 'name'>, what: 'node' | 'replica'): Identity | null {
  const match = NAME.exec(node.name);
  if (match === null) return null;
  const session = BigInt.asUintN(64, BigInt(match[1]!));
  return { identity: `${what} ${match[2]}`, decoded: fields([[what === 'node' ? 'node' : 'core node', match[2]], ['session', `0x${session.toString(16)}`]]) };
}

/** A shard leader node's properties: the replica (`core_node_name`), its core, node and URL. */
export function decodeLeaderProps(node: Pick<SystemNode, 'data' | 'name'>): Identity | null {
  if (node.name !== 'leader') return null;
  const json = jsonOf(node.data);
  const replica = json === null ? null : typeof json.core_node_name === 'string' ? json.core_node_name : typeof json.core === 'string' ? json.core : null;
  if (json === null || replica === null) return null;
  return { identity: `replica ${replica}`, decoded: fields([['core node', json.core_node_name], ['core', json.core], ['node', json.node_name], ['base URL', json.base_url]]) };
}

/** Where the leader node of an election is: the Overseer's beside its election, a shard's under `leaders/<shard>`. */
function leaderParent(electionPath: string): string {
  const parts = segments(electionPath);
  const at = parts.lastIndexOf('leader_elect');
  if (at >= 0 && at === parts.length - 3) return `/${[...parts.slice(0, at), 'leaders', parts[at + 1]!].join('/')}`;
  return `/${parts.slice(0, -1).join('/')}`;
}

/** Who the leader node names, and whether the head of the queue is that one. */
function leaderNote(evidence: SystemEvidence, named: (leader: Record<string, unknown>) => string | null): SystemNote | null {
  const leader = evidence.listing(leaderParent(evidence.path)).find((node) => node.name === 'leader');
  const json = leader === undefined ? null : jsonOf(leader.data);
  if (json === null) return null;
  const name = named(json);
  if (name === null) return null;
  const head = evidence.nodes[0];
  if (head === undefined) return { kind: 'leader-gone', values: { name } };
  const id = candidateId(head.name);
  return id === name ? { kind: 'leader-holder', values: { name } } : { kind: 'leader-other', values: { name, holder: id ?? head.name } };
}

/** A leader note in `language`. */
function sayLeaderNote({ kind, values }: SystemNote, language: RoleLanguage): string {
  if (kind === 'leader-gone') return say(language, `The leader node still names ${values.name}, whose candidate is gone.`, `leader 节点仍记着 ${values.name}，但它的候选节点已不在。`);
  if (kind === 'leader-holder') return say(language, `The leader node names the holder: ${values.name}.`, `leader 节点记着的就是持有者：${values.name}。`);
  return say(language, `The leader node names ${values.name}, not the holder (${values.holder}): a new leader has not written it yet.`, `leader 节点记着 ${values.name}，不是持有者（${values.holder}）：新的 leader 还没写入它。`);
}

export const solr = defineSystem({
  id: 'solr',
  name: 'Apache Solr (SolrCloud)',
  sources: [
    'solr/core/src/java/org/apache/solr/cloud/LeaderElector.java',
    'solr/core/src/java/org/apache/solr/cloud/OverseerElectionContext.java',
    'solr/core/src/java/org/apache/solr/cloud/ShardLeaderElectionContextBase.java',
  ],
  layouts: [
    {
      id: 'overseer-election',
      longHolds: true,
      path: pathEnding('overseer_elect/election'),
      recipes: ['solr-election'],
      role: (_path, _holder, language) => say(language, 'Overseer election: the holder is the Overseer, each other node watches the one before it', 'Overseer 选举：持有者是 Overseer，其余节点各自监视排在它前面的节点'),
      identify: (node) => decodeCandidate(node, 'node'),
      auxiliaryParents: (path) => [leaderParent(path)],
      note: (evidence) => leaderNote(evidence, (leader) => (typeof leader.id === 'string' ? (candidateId(leader.id) ?? leader.id) : null)),
      sayNote: sayLeaderNote,
    },
    {
      // The shard's leader node stands alone under `leaders/<shard>`: a single ephemeral node, found as a lock, named for what it is.
      id: 'shard-leader',
      longHolds: true,
      path: pathEnding('collections/[^/]+/leaders/[^/]+'),
      recipes: ['single-node'],
      role: (path, _holder, language) => {
        const shard = `${segments(path).at(-3)}/${segments(path).at(-1)}`;
        return say(language, `shard leader node of ${shard}: written by the winner of the shard's election`, `${shard} 的 shard leader 节点：由该 shard 选举的胜者写入`);
      },
      identify: decodeLeaderProps,
      proves: (evidence) => evidence.nodes.some((node) => node.identity !== null),
    },
    {
      id: 'shard-leader-election',
      longHolds: true,
      path: pathEnding('collections/[^/]+/leader_elect/[^/]+/election'),
      recipes: ['solr-election'],
      role: (path, _holder, language) => {
        const shard = `${segments(path).at(-4)}/${segments(path).at(-2)}`;
        return say(language, `shard leader election of ${shard}: the holder's replica leads the shard`, `${shard} 的 shard leader 选举：持有者的副本领导该 shard`);
      },
      identify: (node) => decodeCandidate(node, 'replica'),
      auxiliaryParents: (path) => [leaderParent(path)],
      note: (evidence) => leaderNote(evidence, (leader) => (typeof leader.core_node_name === 'string' ? leader.core_node_name : typeof leader.core === 'string' ? leader.core : null)),
      sayNote: sayLeaderNote,
    },
  ],
});
