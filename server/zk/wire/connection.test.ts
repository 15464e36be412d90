import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { checkClientInternals, describeSocketError, findMissingInternal, PING, pingAfterMs } from './connection';

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
      why: { kind: 'tls-unsigned', params: { where: '127.0.0.1:2281', code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' } },
    });
    expect(describeSocketError(error('CERT_HAS_EXPIRED'), server, true).reason).toMatch(/has expired/);
    expect(describeSocketError(error('ERR_TLS_CERT_ALTNAME_INVALID'), server, true).reason).toMatch(/does not name 127\.0\.0\.1/);
  });

  it('tells a refused handshake from a refused connection', () => {
    // As Node 20 reports a server that asks for a client certificate and gets none it trusts.
    const message = '807CEDEB717F0000:error:0A000412:SSL routines:ssl3_read_bytes:sslv3 alert bad certificate:../deps/openssl/openssl/ssl/record/rec_layer_s3.c:1601:SSL alert number 42\n';
    expect(describeSocketError(error('ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE', message), server, true)).toEqual({
      kind: 'tls',
      reason: 'TLS: 127.0.0.1:2281 refused the handshake (bad certificate): does it trust the CA of ZK_TLS_CERT, and is ZK_TLS_KEY its key?',
      why: { kind: 'tls-alert-certificate', params: { where: '127.0.0.1:2281', alert: 'bad certificate' } },
    });
    expect(describeSocketError(error('ERR_SSL_WRONG_VERSION_NUMBER', 'wrong version number'), server, true).reason).toBe('TLS: 127.0.0.1:2281 refused the handshake: wrong version number');
    expect(describeSocketError(error('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:2281'), server, true)).toMatchObject({ kind: 'network', reason: '127.0.0.1:2281: connect ECONNREFUSED 127.0.0.1:2281', why: { kind: 'network' } });
  });
});

describe('the ping clock', () => {
  it('pings after half the read timeout of sending nothing, a second early past a second, as ZooKeeper’s ClientCnxn', () => {
    // ClientCnxn: readTimeout = timeout * 2 / 3; timeToNextPing = readTimeout / 2 - idleSend - (idleSend > 1000 ? 1000 : 0).
    expect(pingAfterMs(4_000)).toBe(1_000);
    expect(pingAfterMs(10_000)).toBe(2_333);
    expect(pingAfterMs(30_000)).toBe(9_000);
    expect(pingAfterMs(2_000)).toBe(666);
  });

  it('sends the ping the client itself frames', () => {
    const jute = require('node-zookeeper-client/lib/jute/index.js') as {
      Request: new (header: unknown, payload: null) => { toBuffer(): Buffer };
      protocol: { RequestHeader: new (xid: number, type: number) => unknown };
      XID_PING: number;
      OP_CODES: { PING: number };
    };
    expect(PING.equals(new jute.Request(new jute.protocol.RequestHeader(jute.XID_PING, jute.OP_CODES.PING), null).toBuffer())).toBe(true);
  });
});
