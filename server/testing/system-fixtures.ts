/** The locks of real systems made on a real ZooKeeper as the systems make them: a fixture's nodes, each by its contender's own session. */
import type { SystemFixture } from '../../lib/lock/systems/fixtures';
import { parentPath } from '../../lib/zk/path';
import type { ZkSession } from '../zk/session';

/** Makes a fixture's nodes below `prefix` (a chroot, as a system configured with one has), each by its contender's session; persistent ones and parents by `admin`. */
export async function makeSystemFixture(fixture: SystemFixture, prefix: string, owners: readonly ZkSession[], admin: ZkSession): Promise<void> {
  const created: string[] = [];
  for (const node of fixture.nodes) {
    const owner = node.contender === null ? admin : owners[node.contender]!;
    const path = `${prefix}${typeof node.path === 'string' ? node.path : node.path(BigInt(owner.sessionId!))}`;
    await admin.mkdirp(parentPath(path));
    const data = typeof node.data === 'function' ? node.data(created) : node.data;
    created.push((await owner.create(path, data === null ? null : Buffer.from(data), node.mode)).slice(prefix.length));
  }
}
