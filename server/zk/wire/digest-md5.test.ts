import { describe, expect, it } from 'vitest';
import { answerChallenge, parseDirectives, verifyRspauth } from './digest-md5';

describe('DIGEST-MD5', () => {
  // RFC 2831, section 4: the example exchange, its response and rspauth.
  const challenge = Buffer.from('realm="elwood.innosoft.com",nonce="OA6MG9tEQGm2hh",qop="auth",algorithm=md5-sess,charset=utf-8');
  const credentials = { username: 'chris', password: 'secret', digestUri: 'imap/elwood.innosoft.com' };

  it('answers the RFC’s example challenge with the RFC’s response', () => {
    const step = answerChallenge(challenge, credentials, 'OA6MHXh6VqTrRk');
    const sent = parseDirectives(step.response.toString());
    expect(sent.get('response')).toBe('d388dad90d4bbd760a152321f2143af7');
    expect(Object.fromEntries(sent)).toMatchObject({ username: 'chris', realm: 'elwood.innosoft.com', nc: '00000001', cnonce: 'OA6MHXh6VqTrRk', 'digest-uri': 'imap/elwood.innosoft.com', qop: 'auth' });
  });

  it('accepts the server’s proof only when it knows the password', () => {
    const step = answerChallenge(challenge, credentials, 'OA6MHXh6VqTrRk');
    expect(verifyRspauth(Buffer.from('rspauth=ea40f60335c427b5527b84dbabcdfffd'), step)).toBe(true);
    const wrong = answerChallenge(challenge, { ...credentials, password: 'Secret' }, 'OA6MHXh6VqTrRk');
    expect(verifyRspauth(Buffer.from('rspauth=ea40f60335c427b5527b84dbabcdfffd'), wrong)).toBe(false);
  });

  it('uses ZooKeeper’s fixed digest-uri by default', () => {
    const step = answerChallenge(Buffer.from('realm="zk-sasl-md5",nonce="n",charset=utf-8'), { username: 'u', password: 'p' }, 'c');
    expect(parseDirectives(step.response.toString()).get('digest-uri')).toBe('zookeeper/zk-sasl-md5');
  });

  it('refuses a challenge it cannot answer', () => {
    expect(() => answerChallenge(Buffer.from('realm="r"'), credentials, 'c')).toThrow(/no nonce/);
    expect(() => answerChallenge(Buffer.from('nonce="n",qop="auth-conf"'), credentials, 'c')).toThrow(/not auth/);
  });

  it('reads quoted values with commas and escapes', () => {
    expect(Object.fromEntries(parseDirectives('a="x,y",b=2, c="q\\"d"'))).toEqual({ a: 'x,y', b: '2', c: 'q"d' });
  });
});
