/**
 * A znode only one digest user may touch (every permission to `user:password`, none to anyone
 * else), made through a client logged in as that user: a lock the explorer cannot read without
 * ZK_AUTH. The explorer's own session creates nodes with the open ACL only.
 */
import { createHash } from 'node:crypto';
import zookeeper from 'node-zookeeper-client';

/** Every permission to the digest user of `credentials` (`user:password`), none to anyone else. */
function digestAcl(credentials: string): zookeeper.ACL[] {
  const user = credentials.slice(0, credentials.indexOf(':'));
  const digest = createHash('sha1').update(credentials).digest('base64');
  return [new zookeeper.ACL(zookeeper.Permission.ALL, new zookeeper.Id('digest', `${user}:${digest}`))];
}

export function createDigestProtected(connectString: string, path: string, credentials: string): Promise<void> {
  const acl = digestAcl(credentials);
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

/** A client logged in as the digest user of `credentials` (`user:password`): it alone may read and write under a node `createDigestProtected` made. */
export function digestUserClient(connectString: string, credentials: string): Promise<zookeeper.Client> {
  return new Promise((resolve) => {
    const client = zookeeper.createClient(connectString, { sessionTimeout: 10_000 });
    client.addAuthInfo('digest', Buffer.from(credentials));
    client.once('connected', () => resolve(client));
    client.connect();
  });
}

/** Creates an ephemeral sequential node `<path>/<prefix>` (with `data`) through `client`, with the ACL of the digest user of `credentials`; resolves with its path. */
export function createAsDigestUser(client: zookeeper.Client, prefix: string, credentials: string, data: Buffer = Buffer.alloc(0)): Promise<string> {
  const acl = digestAcl(credentials);
  return new Promise((resolve, reject) => client.create(prefix, data, acl, zookeeper.CreateMode.EPHEMERAL_SEQUENTIAL, (error, path) => (error ? reject(error instanceof Error ? error : new Error(error.toString())) : resolve(path))));
}
