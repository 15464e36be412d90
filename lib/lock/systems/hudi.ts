/**
 * Apache Hudi's ZookeeperBasedLockProvider: writers to one table take Curator's
 * InterProcessMutex at `<hoodie.write.lock.zookeeper.base_path>/<hoodie.write.lock.zookeeper.lock_key>`
 * (the lock key is the table's name unless set). The base path has no default: the lock is
 * named Hudi's only where a segment of its path says so (`/hudi/…`).
 */
import { nameOf } from '../../zk/path';
import { participant } from './curator-ids';
import { defineSystem, say } from './system';

export const hudi = defineSystem({
  id: 'hudi',
  name: 'Apache Hudi',
  sources: ['hudi-client/hudi-client-common/src/main/java/org/apache/hudi/client/transaction/lock/ZookeeperBasedLockProvider.java'],
  layouts: [
    {
      id: 'table-write-lock',
      // Below a segment that names Hudi, anywhere above the lock key.
      path: /^(?:\/[^/]+)*\/[^/]*(?:hudi|hoodie)[^/]*(?:\/[^/]+)*\/[^/]+$/i,
      recipes: ['curator-mutex'],
      role: (path, _holder, language) => say(language, `write lock of table ${nameOf(path)}: one writer commits at a time`, `表 ${nameOf(path)} 的写锁：同一时间只有一个写入者提交`),
      identify: (node) => participant(node, 'writer at', 'client address'),
    },
  ],
});
