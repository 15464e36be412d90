/**
 * The client side of SASL GSSAPI (RFC 4752) towards ZooKeeper, as its Java client logs in with
 * Kerberos: a security context with `<service>/<server host>` established through the npm
 * `kerberos` package (MIT's GSSAPI library, Debian's libkrb5), then the security layer agreed:
 * ZooKeeper offers none but "no layer", which is taken, and the exchange ends. The package is
 * loaded only where GSSAPI is asked for. The client principal logs in from a keytab (MIT's
 * client keytab: tickets are fetched again from it whenever they have expired, so that an
 * explorer running for weeks stays logged in) or from the ticket cache `kinit` filled.
 */
import { lookup, lookupService } from 'node:dns/promises';
import { isIP } from 'node:net';
import { createRequire } from 'node:module';
import type { Reason } from '../../../lib/protocol';
import { reasonOf } from '../../../lib/i18n/messages';

/** Kerberos towards ZooKeeper, as ZooKeeper's Java client is configured. */
export interface ZkGssapi {
  mechanism: 'gssapi';
  /** The keytab the client principal logs in with; null: the ticket cache (KRB5CCNAME). */
  keytab: string | null;
  /** The client principal (`explorer@EXAMPLE.COM`); null: the ticket cache's. */
  principal: string | null;
  /** The service principal's first part (`zookeeper.sasl.client.username`). */
  service: string;
  /** Whether a server is named by its canonical host name, its address looked up (`zookeeper.sasl.client.canonicalize.hostname`). */
  canonicalize: boolean;
  /** ZooKeeper's service principal as a whole (`zookeeper.server.principal`, `service/host[@REALM]`); null: from `service` and each server's host. */
  serverPrincipal: string | null;
}

/** What the `kerberos` package is used of. */
interface KerberosClient {
  step(challenge: string): Promise<string>;
  unwrap(challenge: string): Promise<string>;
  wrap(challenge: string, options: { user?: string }): Promise<string>;
  contextComplete: boolean;
  username: string;
}
interface KerberosPackage {
  initializeClient(service: string, options: { principal?: string; mechOID?: number }): Promise<KerberosClient>;
  GSS_MECH_OID_KRB5: number;
}

/** The one line said when the package cannot be loaded: what to install. */
const KERBEROS_MISSING =
  'ZK_SASL=gssapi needs the npm package kerberos, built against MIT Kerberos: install libkrb5-dev (Debian, Ubuntu: apt-get install libkrb5-dev; Fedora: krb5-devel), then run npm rebuild kerberos';

let loaded: KerberosPackage | null = null;

/** The `kerberos` package; throws with `KERBEROS_MISSING` (and why) where it cannot be loaded. */
export function loadKerberos(): KerberosPackage {
  if (loaded !== null) return loaded;
  try {
    loaded = createRequire(import.meta.url)('kerberos') as KerberosPackage;
  } catch (error) {
    throw new Error(`${KERBEROS_MISSING} (${(error instanceof Error ? error.message : String(error)).split('\n')[0]})`);
  }
  return loaded;
}

/**
 * Points MIT Kerberos at the keytab, before the first login: its tickets are kept in this
 * process's memory, not in the user's ticket cache, and fetched again from the keytab when
 * they expire. With no keytab the ticket cache (KRB5CCNAME) is used as it is.
 */
function keytabInEnvironment(settings: ZkGssapi, env: NodeJS.ProcessEnv = process.env): void {
  if (settings.keytab === null) return;
  env.KRB5_CLIENT_KTNAME = settings.keytab;
  // One cache per principal and keytab: another's tickets are never taken for them.
  env.KRB5CCNAME = `MEMORY:zk-lock-explorer:${settings.principal ?? ''}:${settings.keytab}`;
}

/** The GSSAPI name of ZooKeeper's service on `host` (`service@host`). */
export async function servicePrincipal(settings: ZkGssapi, host: string): Promise<string> {
  if (settings.serverPrincipal !== null) {
    // `service/host@REALM`: GSSAPI names a host-based service as `service@host`; the realm is the one krb5.conf gives the host.
    const [name] = settings.serverPrincipal.split('@');
    const [service, named] = name!.split('/');
    return `${service}@${named ?? host}`;
  }
  return `${settings.service}@${settings.canonicalize ? await canonicalHost(host) : host}`;
}

/**
 * The canonical name of a server's host, as ZooKeeper's Java client takes it: the name looked up,
 * then its address (`InetAddress.getCanonicalHostName`); the host as given where either fails,
 * never a bare address (`SaslServerPrincipal`).
 */
async function canonicalHost(host: string): Promise<string> {
  try {
    const address = isIP(host) !== 0 ? host : (await lookup(host)).address;
    const { hostname } = await lookupService(address, 0);
    return hostname === '' || isIP(hostname) !== 0 ? host : hostname;
  } catch {
    return host;
  }
}

/** One login's exchange after its first token: each server token answered, until logged in (null). */
export interface SaslLogin {
  first: Buffer;
  answer(token: Buffer): Promise<Buffer | null>;
  /** Why ZooKeeper refused the login, from its error's name. */
  refused(error: string): { why: Reason; reason: string };
}

/** RFC 4752's security layers: none (1) is the only one ZooKeeper offers, and the one taken. */
const NO_LAYER = 1;

/** Begins a login to the server at `host`: the context's first token made (the KDC asked for the service's ticket). */
export async function gssapiLogin(settings: ZkGssapi, host: string): Promise<SaslLogin> {
  const kerberos = loadKerberos();
  const service = await servicePrincipal(settings, host);
  // Set for each login, right before the context is made (MIT reads them then): the process may log in as another principal elsewhere (a test's second explorer).
  keytabInEnvironment(settings);
  const client = await kerberos
    .initializeClient(service, { ...(settings.principal !== null ? { principal: settings.principal } : {}), mechOID: kerberos.GSS_MECH_OID_KRB5 })
    .catch((error: unknown) => {
      throw new Error(describeGssError(error, settings, service));
    });
  const first = await client.step('').catch((error: unknown) => {
    throw new Error(describeGssError(error, settings, service));
  });
  let layerSent = false;
  return {
    first: Buffer.from(first ?? '', 'base64'),
    async answer(token) {
      try {
        if (!client.contextComplete) return Buffer.from((await client.step(token.toString('base64'))) ?? '', 'base64');
        // The server's answer to the layer taken: logged in.
        if (layerSent) return null;
        const offer = Buffer.from(await client.unwrap(token.toString('base64')), 'base64');
        if (offer.length !== 4) throw new Error(`the server offered security layers in ${offer.length} bytes, not 4`);
        if ((offer[0]! & NO_LAYER) === 0) throw new Error(`the server offers no "no security layer" (layers 0x${offer[0]!.toString(16)}): ZooKeeper never asks for one`);
        layerSent = true;
        // No layer, no buffer size, and the principal logged in as the identity to act as.
        const choice = Buffer.from([NO_LAYER, 0, 0, 0]).toString('base64');
        return Buffer.from(await client.wrap(choice, { user: client.username }), 'base64');
      } catch (error) {
        throw new Error(describeGssError(error, settings, service));
      }
    },
    refused: (error) => reasonOf('sasl-gssapi-refused', { principal: client.username || settings.principal || 'the ticket cache principal', service: service.replace('@', '/'), error }),
  };
}

/** One line on why a GSSAPI step failed, with what to check. Kerberos's messages name principals and files, never keys. */
export function describeGssError(error: unknown, settings: ZkGssapi, service: string): string {
  // GSSAPI's major status says nothing when the minor one (Kerberos's own words) follows.
  const message = (error instanceof Error ? error.message : String(error))
    .replace(/\s+/g, ' ')
    .replace(/^Unspecified GSS failure\. Minor code may provide more information:? ?/i, '')
    .trim();
  if (message.startsWith('SASL GSSAPI:')) return message;
  const hint = hintFor(message, settings, service);
  return `SASL GSSAPI: ${message}${hint === '' ? '' : `: ${hint}`}`;
}

function hintFor(message: string, settings: ZkGssapi, service: string): string {
  const principal = service.replace('@', '/');
  if (/Server .*not found in Kerberos database|server not found/i.test(message)) return `the KDC does not know ZooKeeper's service principal ${principal} (ZK_SASL_SERVICE, ZK_SERVER_PRINCIPAL, ZK_SASL_CANONICALIZE)`;
  if (/Client .*not found in Kerberos database/i.test(message)) return `the KDC does not know the client principal${settings.principal === null ? '' : ` ${settings.principal}`} (ZK_KRB5_PRINCIPAL)`;
  if (/clock skew/i.test(message)) return "this machine's clock and the KDC's differ by more than the realm allows: synchronize them (NTP)";
  if (/Cannot (contact|find) any KDC|Cannot find KDC|Cannot resolve network address for KDC/i.test(message)) return "no KDC of the realm answered (krb5.conf's [realms], KRB5_CONFIG)";
  if (/expired/i.test(message)) return settings.keytab === null ? 'the ticket has expired: kinit again (or give a keytab: ZK_KRB5_KEYTAB)' : 'the ticket fetched from the keytab has expired';
  if (/Preauthentication failed|Decrypt integrity check failed|Password incorrect|Key table entry not found|Key version number/i.test(message)) return `the keytab does not hold the current key of ${settings.principal ?? 'the principal'} (ZK_KRB5_KEYTAB, ZK_KRB5_PRINCIPAL)`;
  if (/Key table file .* not found|keytab/i.test(message)) return 'the keytab cannot be read (ZK_KRB5_KEYTAB)';
  if (/No Kerberos credentials|No credentials cache|Matching credential not found|No credentials were supplied|credentials cache file .* not found/i.test(message)) {
    return settings.keytab === null
      ? 'no ticket to log in with: run kinit (KRB5CCNAME), or set ZK_KRB5_KEYTAB and ZK_KRB5_PRINCIPAL'
      : `the keytab holds no key of ${settings.principal ?? 'the principal'} (ZK_KRB5_KEYTAB, ZK_KRB5_PRINCIPAL; klist -k ${settings.keytab} lists what it holds)`;
  }
  return '';
}
