import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { checkClientInternals, describeSocketError, findMissingInternal } from './connection';

const require = createRequire(import.meta.url);

describe('the start-up check of node-zookeeper-client', () => {
  it('finds everything the wire layer relies on in the pinned release', () => {
    expect(findMissingInternal()).toBeNull();
    expect(() => checkClientInternals()).not.toThrow();
  });

  it('names what is missing, in one line', () => {
    const prototype = (require('node-zookeeper-client/lib/ConnectionManager.js') as { prototype: Record<string, unknown> }).prototype;
    const original = prototype.onSocketData;
    delete prototype.onSocketData;
    try {
      expect(findMissingInternal()).toBe('ConnectionManager.onSocketData is missing');
    } finally {
      prototype.onSocketData = original;
    }
    expect(findMissingInternal()).toBeNull();
  });
});

describe('why a connection failed', () => {
  const server = { host: '127.0.0.1', port: 2281 };
  const error = (code: string, message = code): NodeJS.ErrnoException => Object.assign(new Error(message), { code });

  it('names a certificate the CA did not sign, an expired one, and one for another host', () => {
    expect(describeSocketError(error('UNABLE_TO_VERIFY_LEAF_SIGNATURE'), server, true)).toEqual({
      kind: 'tls',
      reason: 'TLS: the certificate of 127.0.0.1:2281 is not signed by ZK_TLS_CA (UNABLE_TO_VERIFY_LEAF_SIGNATURE)',
    });
    expect(describeSocketError(error('CERT_HAS_EXPIRED'), server, true).reason).toMatch(/has expired/);
    expect(describeSocketError(error('ERR_TLS_CERT_ALTNAME_INVALID'), server, true).reason).toMatch(/does not name 127\.0\.0\.1/);
  });

  it('tells a refused handshake from a refused connection', () => {
    expect(describeSocketError(error('ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED', 'tlsv13 alert certificate required\nmore'), server, true)).toEqual({
      kind: 'tls',
      reason: 'TLS: 127.0.0.1:2281 refused the handshake: tlsv13 alert certificate required',
    });
    expect(describeSocketError(error('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:2281'), server, true)).toEqual({ kind: 'network', reason: '127.0.0.1:2281: connect ECONNREFUSED 127.0.0.1:2281' });
  });
});
