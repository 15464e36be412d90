/**
 * Real ZooKeepers configured as secured production ensembles are, for the tests: mutual TLS
 * only (Netty, `secureClientPort`, no plain port; keys and stores made at test time with
 * openssl and keytool), and SASL required (a JAAS file, `enforce.auth.enabled`): DIGEST-MD5, or
 * Kerberos (GSSAPI) against a test KDC.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../net';
import { startEmbeddedZooKeeper, type EmbeddedZooKeeper } from '../zk/embedded';
import type { ZkTls } from '../zk/wire/connection';
import { jaasKrb5, type TestKdc } from './kdc';

/** Netty's parts that Debian's ZooKeeper does not list in its jar's class path. */
const NETTY_JARS = ['netty-codec.jar', 'netty-resolver.jar', 'netty-transport-native-unix-common.jar'].map((jar) => `/usr/share/java/${jar}`);
const STORE_PASSWORD = 'test-store-password';

/** Keys and certificates of one test: a CA that signs the server and the client, and a CA that signed nothing. */
export interface TestPki {
  dir: string;
  /** PEM file paths, as ZK_TLS_CA / ZK_TLS_CERT / ZK_TLS_KEY take them. */
  files: { ca: string; otherCa: string; cert: string; key: string };
  /** The same as PEM contents, as the explorer's transport takes them. */
  tls: ZkTls;
  /** The server's PKCS12 key store (and one whose certificate has expired) and trust store. */
  keyStore: string;
  expiredKeyStore: string;
  trustStore: string;
}

function run(command: string, args: string[], cwd: string): void {
  execFileSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

/** A CA and a certificate it signs, with the names a loopback server and client are checked against. */
export function makeTestPki(): TestPki {
  const dir = mkdtempSync(join(tmpdir(), 'zk-lock-explorer-pki-'));
  const key = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  const ca = (name: string): void => run('openssl', ['req', '-x509', ...key, '-keyout', `${name}.key`, '-out', `${name}.pem`, '-days', '2', '-subj', `/CN=zk-lock-explorer ${name}`], dir);
  ca('ca');
  ca('other-ca');
  const signed = (name: string, usage: string): void => {
    run('openssl', ['req', ...key, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name}`], dir);
    writeFileSync(join(dir, `${name}.ext`), `subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=${usage}\n`);
    run('openssl', ['x509', '-req', '-in', `${name}.csr`, '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', `${name}.pem`, '-days', '2', '-extfile', `${name}.ext`], dir);
  };
  signed('server', 'serverAuth,clientAuth');
  signed('client', 'clientAuth');
  // The same server key in a certificate whose validity ended in 2020 (`openssl ca` takes explicit dates).
  writeFileSync(join(dir, 'index.txt'), '');
  writeFileSync(join(dir, 'serial'), '1000\n');
  writeFileSync(
    join(dir, 'ca.cnf'),
    '[ca]\ndefault_ca = test\n[test]\ndatabase = index.txt\nnew_certs_dir = .\nserial = serial\ndefault_md = sha256\npolicy = any\n[any]\ncommonName = supplied\n',
  );
  run('openssl', ['ca', '-batch', '-config', 'ca.cnf', '-in', 'server.csr', '-out', 'server-expired.pem', '-cert', 'ca.pem', '-keyfile', 'ca.key', '-startdate', '20200101000000Z', '-enddate', '20200102000000Z', '-extfile', 'server.ext', '-notext'], dir);
  for (const name of ['server', 'server-expired']) {
    run('openssl', ['pkcs12', '-export', '-in', `${name}.pem`, '-inkey', 'server.key', '-name', 'server', '-out', `${name}.p12`, '-passout', `pass:${STORE_PASSWORD}`], dir);
  }
  run('keytool', ['-importcert', '-noprompt', '-alias', 'ca', '-file', 'ca.pem', '-keystore', 'trust.p12', '-storetype', 'PKCS12', '-storepass', STORE_PASSWORD], dir);
  const files = { ca: join(dir, 'ca.pem'), otherCa: join(dir, 'other-ca.pem'), cert: join(dir, 'client.pem'), key: join(dir, 'client.key') };
  return {
    dir,
    files,
    tls: { ca: readFileSync(files.ca, 'utf8'), cert: readFileSync(files.cert, 'utf8'), key: readFileSync(files.key, 'utf8') },
    keyStore: join(dir, 'server.p12'),
    expiredKeyStore: join(dir, 'server-expired.p12'),
    trustStore: join(dir, 'trust.p12'),
  };
}

/**
 * A ZooKeeper that serves clients only over TLS and asks each for a certificate its CA signed;
 * `expired`: its own certificate has expired; `httpsAdminPort`: its AdminServer serves HTTPS only
 * there (`zookeeper.admin.forceHttps`), with the same certificate or `adminPki`'s, and its
 * four-letter words but `srvr` are closed.
 */
export async function startTlsZooKeeper(pki: TestPki, options: { expired?: boolean; httpsAdminPort?: number; adminPki?: TestPki } = {}): Promise<EmbeddedZooKeeper> {
  const port = await freePort();
  const keyStore = options.expired === true ? pki.expiredKeyStore : pki.keyStore;
  const admin = options.httpsAdminPort;
  const adminTrust = (options.adminPki ?? pki).trustStore;
  const adminKeyStore = options.adminPki?.keyStore ?? keyStore;
  return startEmbeddedZooKeeper({
    port,
    extraConfig: {
      ...(admin === undefined ? {} : { '4lw.commands.whitelist': 'srvr', 'admin.enableServer': 'true', 'admin.serverAddress': '127.0.0.1', 'admin.serverPort': admin }),
      clientPort: null,
      clientPortAddress: null,
      secureClientPort: port,
      secureClientPortAddress: '127.0.0.1',
      serverCnxnFactory: 'org.apache.zookeeper.server.NettyServerCnxnFactory',
      'ssl.keyStore.location': keyStore,
      'ssl.keyStore.password': STORE_PASSWORD,
      'ssl.keyStore.type': 'PKCS12',
      'ssl.trustStore.location': pki.trustStore,
      'ssl.trustStore.password': STORE_PASSWORD,
      'ssl.trustStore.type': 'PKCS12',
      'ssl.clientAuth': 'need',
    },
    // The AdminServer (Jetty) needs the servlet API, which Debian's ZooKeeper does not list; its TLS is the quorum's settings, as system properties.
    classpath: admin === undefined ? NETTY_JARS : [...NETTY_JARS, '/usr/share/java/servlet-api.jar'],
    jvmOptions:
      admin === undefined
        ? []
        : [
            '-Dzookeeper.admin.forceHttps=true',
            `-Dzookeeper.ssl.quorum.keyStore.location=${adminKeyStore}`,
            `-Dzookeeper.ssl.quorum.keyStore.password=${STORE_PASSWORD}`,
            '-Dzookeeper.ssl.quorum.keyStore.type=PKCS12',
            `-Dzookeeper.ssl.quorum.trustStore.location=${adminTrust}`,
            `-Dzookeeper.ssl.quorum.trustStore.password=${STORE_PASSWORD}`,
            '-Dzookeeper.ssl.quorum.trustStore.type=PKCS12',
          ],
    tls: pki.tls,
  });
}

/** A ZooKeeper that refuses every request of a session that has not logged in with SASL DIGEST-MD5 as one of `users`. */
export async function startSaslZooKeeper(users: Record<string, string>): Promise<EmbeddedZooKeeper> {
  const dir = mkdtempSync(join(tmpdir(), 'zk-lock-explorer-sasl-'));
  const jaas = join(dir, 'jaas.conf');
  const entries = Object.entries(users).map(([user, password]) => `  user_${user}="${password}"`);
  writeFileSync(jaas, `Server {\n  org.apache.zookeeper.server.auth.DigestLoginModule required\n${entries.join('\n')};\n};\n`);
  return startEmbeddedZooKeeper({
    extraConfig: {
      'authProvider.1': 'org.apache.zookeeper.server.auth.SASLAuthenticationProvider',
      'enforce.auth.enabled': 'true',
      'enforce.auth.schemes': 'sasl',
    },
    jvmOptions: [`-Djava.security.auth.login.config=${jaas}`],
  });
}

/**
 * A ZooKeeper that refuses every request of a session that has not logged in with Kerberos:
 * its JAAS `Server` section logs `zookeeper/localhost` in from a keytab of the test realm
 * (`Krb5LoginModule`), as a Kerberized production ensemble does.
 */
export async function startKerberizedZooKeeper(kdc: TestKdc): Promise<EmbeddedZooKeeper> {
  const principal = `zookeeper/localhost@${kdc.realm}`;
  const keytab = await kdc.keytab(principal);
  const jaas = join(kdc.dir, 'zookeeper-jaas.conf');
  writeFileSync(jaas, jaasKrb5('Server', keytab, principal));
  return startEmbeddedZooKeeper({
    extraConfig: {
      'authProvider.1': 'org.apache.zookeeper.server.auth.SASLAuthenticationProvider',
      'enforce.auth.enabled': 'true',
      'enforce.auth.schemes': 'sasl',
    },
    jvmOptions: [`-Djava.security.auth.login.config=${jaas}`, `-Djava.security.krb5.conf=${kdc.krb5Conf}`],
  });
}
