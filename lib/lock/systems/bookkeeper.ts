/**
 * Apache BookKeeper: the bookies elect the auditor (which finds under-replicated ledgers) under
 * `<ledgers root>/underreplication/auditorelection` with `V_N` votes (see the
 * `bookkeeper-auditor` recipe); each vote holds the bookie's id in protobuf text format
 * (`bookieId: "host:3181"`, an `AuditorVoteFormat`).
 */
import { defineSystem, fields, pathEnding, textOf, type Identity, type SystemNode, say } from './system';

/** A vote's bookie, from `AuditorVoteFormat` in text format. */
export function decodeVote(node: Pick<SystemNode, 'data'>): Identity | null {
  const match = /bookieId:\s*"([^"]+)"/.exec(textOf(node.data) ?? '');
  return match === null ? null : { identity: `bookie ${match[1]}`, decoded: fields([['bookie', match[1]]]) };
}

export const bookkeeper = defineSystem({
  id: 'bookkeeper',
  name: 'Apache BookKeeper',
  sources: [
    'bookkeeper-server/src/main/java/org/apache/bookkeeper/meta/ZkLedgerAuditorManager.java',
    'bookkeeper-server/src/main/java/org/apache/bookkeeper/replication/AuditorElector.java',
    'bookkeeper-proto/src/main/proto/DataFormats.proto',
  ],
  layouts: [
    {
      id: 'auditor-election',
      longHolds: true,
      path: pathEnding('underreplication/auditorelection'),
      recipes: ['bookkeeper-auditor'],
      role: (_path, _holder, language) => say(language, 'auditor election: the holder is the auditor, each other bookie watches the vote before it', '审计者选举：持有者是审计者，其余 bookie 各自监视排在它前面的投票'),
      identify: decodeVote,
    },
  ],
});
