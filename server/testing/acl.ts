/**
 * A znode only one digest user may touch (every permission to `user:password`, none to anyone
 * else), made through a client logged in as that user: a lock the explorer cannot read without
 * ZK_AUTH. The explorer's own session creates nodes with the open ACL only.
 */
import { createHash } from 'node:crypto';
import zookeeper from 'node-zookeeper-client';

export function createDigestProtected(connectString: string, path: string, credentials: string): Promise<void> {
  const user = credentials.slice(0, credentials.indexOf(':'));
  const digest = createHash('sha1').update(credentials).digest('base64');
  const acl = [new zookeeper.ACL(zookeeper.Permission.ALL, new zookeeper.Id('digest', `${user}:${digest}`))];
  return new Promise<void>((resolve, reject) => {
    const raw = zookeeper.createClient(connectString);
    raw.addAuthInfo('digest', Buffer.from(credentials));
    raw.once('connected', () =>
      raw.create(path, acl, zookeeper.CreateMode.PERSISTENT, (error) => {
        raw.close();
        if (error) reject(error);
        else resolve();
      }),
    );
    raw.connect();
  });
}
