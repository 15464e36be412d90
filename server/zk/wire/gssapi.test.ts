import { describe, expect, it } from 'vitest';
import { describeGssError, servicePrincipal, type ZkGssapi } from './gssapi';

const settings: ZkGssapi = { mechanism: 'gssapi', keytab: null, principal: null, service: 'zookeeper', canonicalize: true, serverPrincipal: null };

describe('GSSAPI towards ZooKeeper', () => {
  it("names ZooKeeper's service as its Java client does: the host canonicalized (never to a bare address), or as given, or one principal for all", async () => {
    expect(await servicePrincipal(settings, '127.0.0.1')).toBe('zookeeper@localhost');
    expect(await servicePrincipal(settings, 'localhost')).toBe('zookeeper@localhost');
    // A name that does not resolve stays as given.
    expect(await servicePrincipal(settings, 'zk1.invalid')).toBe('zookeeper@zk1.invalid');
    expect(await servicePrincipal({ ...settings, canonicalize: false }, '127.0.0.1')).toBe('zookeeper@127.0.0.1');
    expect(await servicePrincipal({ ...settings, service: 'zk' }, 'localhost')).toBe('zk@localhost');
    expect(await servicePrincipal({ ...settings, serverPrincipal: 'zookeeper/zk1.example.com@EXAMPLE.COM' }, '127.0.0.1')).toBe('zookeeper@zk1.example.com');
  });

  it("says what to check after Kerberos's own words, and drops GSSAPI's empty preamble", () => {
    const service = 'zookeeper@zk1.example.com';
    expect(describeGssError(new Error('Unspecified GSS failure.  Minor code may provide more information: Server zookeeper/zk1.example.com@EXAMPLE.COM not found in Kerberos database'), settings, service)).toBe(
      "SASL GSSAPI: Server zookeeper/zk1.example.com@EXAMPLE.COM not found in Kerberos database: the KDC does not know ZooKeeper's service principal zookeeper/zk1.example.com (ZK_SASL_SERVICE, ZK_SERVER_PRINCIPAL, ZK_SASL_CANONICALIZE)",
    );
    const keytab = { ...settings, keytab: '/etc/explorer.keytab', principal: 'explorer@EXAMPLE.COM' };
    expect(describeGssError(new Error("No credentials were supplied, or the credentials were unavailable or inaccessible: Can't find client principal explorer@EXAMPLE.COM in cache collection"), keytab, service)).toMatch(/: the keytab holds no key of explorer@EXAMPLE\.COM \(ZK_KRB5_KEYTAB, ZK_KRB5_PRINCIPAL; klist -k \/etc\/explorer\.keytab lists what it holds\)$/);
    expect(describeGssError(new Error('No credentials were supplied, or the credentials were unavailable or inaccessible: No Kerberos credentials available'), settings, service)).toMatch(/: no ticket to log in with: run kinit/);
    expect(describeGssError(new Error('Ticket expired'), settings, service)).toBe('SASL GSSAPI: Ticket expired: the ticket has expired: kinit again (or give a keytab: ZK_KRB5_KEYTAB)');
    expect(describeGssError(new Error("Cannot contact any KDC for realm 'EXAMPLE.COM'"), settings, service)).toMatch(/: no KDC of the realm answered \(krb5\.conf's \[realms\], KRB5_CONFIG\)$/);
    expect(describeGssError(new Error('Clock skew too great'), settings, service)).toMatch(/: this machine's clock and the KDC's differ/);
    expect(describeGssError(new Error('something new'), settings, service)).toBe('SASL GSSAPI: something new');
  });
});
