import { randomUUID } from 'node:crypto';
import { ZkSession } from '../server/zk/session';
const health = await (await fetch('http://127.0.0.1:3456/api/health')).json();
const cs = health.zookeeper.connectString;
const admin = new ZkSession({ connectString: cs, sessionTimeoutMs: 30000 }); await admin.start();
const lockPath = '/demo/reports/rwlock';
await admin.mkdirp(lockPath);
for (const kind of ['__WRIT__', '__READ__', '__READ__', '__READ__', '__WRIT__', '__READ__', '__READ__']) {
  const s = new ZkSession({ connectString: cs, sessionTimeoutMs: 30000 }); await s.start();
  await s.create(`${lockPath}/_c_${randomUUID()}-${kind}`, Buffer.from(`10.2.0.${Math.floor(Math.random()*200)}`), 'ephemeral-sequential');
}
console.log('ok'); setInterval(() => {}, 1000);
