/**
 * The client side of SASL DIGEST-MD5 (RFC 2831) with `qop=auth`, as ZooKeeper's
 * `DigestLoginModule` expects it: service `zookeeper`, host `zk-sasl-md5` (fixed by ZooKeeper,
 * not the server's name). Written here because the npm packages for it are unmaintained and do
 * not check the server's proof (`rspauth`). The client nonce comes in as an argument.
 */
import { createHash } from 'node:crypto';

/** What ZooKeeper's server side expects as the digest-uri's service and host. */
export const ZOOKEEPER_DIGEST_URI = 'zookeeper/zk-sasl-md5';

export interface DigestMd5Credentials {
  username: string;
  password: string;
  digestUri?: string;
}

/** A server's challenge, or any list of `key=value` and `key="quoted value"`. */
export function parseDirectives(text: string): Map<string, string> {
  const directives = new Map<string, string>();
  const pattern = /\s*([A-Za-z0-9-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^,]*))\s*(?:,|$)/gy;
  let match: RegExpExecArray | null;
  while (pattern.lastIndex < text.length && (match = pattern.exec(text)) !== null) {
    const value = match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : (match[3] ?? '').trim();
    // A repeated qop or realm offers choices; the first is kept, as the client takes the first.
    if (!directives.has(match[1]!.toLowerCase())) directives.set(match[1]!.toLowerCase(), value);
  }
  return directives;
}

function md5(...parts: Array<string | Buffer>): Buffer {
  const hash = createHash('md5');
  for (const part of parts) hash.update(part);
  return hash.digest();
}

const hex = (bytes: Buffer): string => bytes.toString('hex');
const quote = (value: string): string => `"${value.replace(/(["\\])/g, '\\$1')}"`;

/** The state of one exchange: the answer to the challenge, and the proof the server must then send. */
export interface DigestMd5Step {
  response: Buffer;
  /** The `rspauth` the server's final message must carry. */
  expectedRspauth: string;
}

/** Answers the server's first challenge. Throws when the challenge cannot be answered (no nonce, no `auth` qop). */
export function answerChallenge(challenge: Buffer, credentials: DigestMd5Credentials, cnonce: string): DigestMd5Step {
  const directives = parseDirectives(challenge.toString('utf8'));
  const nonce = directives.get('nonce');
  if (nonce === undefined) throw new Error('the DIGEST-MD5 challenge has no nonce');
  const qops = (directives.get('qop') ?? 'auth').split(',').map((qop) => qop.trim());
  if (!qops.includes('auth')) throw new Error(`the server offers qop ${qops.join(', ')}, not auth`);
  const realm = directives.get('realm') ?? '';
  const utf8 = directives.get('charset')?.toLowerCase() === 'utf-8';
  const encoding = utf8 ? 'utf8' : 'latin1';
  const digestUri = credentials.digestUri ?? ZOOKEEPER_DIGEST_URI;
  const nc = '00000001';
  const secret = md5(Buffer.from(`${credentials.username}:${realm}:${credentials.password}`, encoding));
  const a1 = md5(secret, `:${nonce}:${cnonce}`);
  const kd = (a2: string): string => hex(md5(`${hex(a1)}:${nonce}:${nc}:${cnonce}:auth:${hex(md5(a2))}`));
  const fields = [
    ...(utf8 ? ['charset=utf-8'] : []),
    `username=${quote(credentials.username)}`,
    ...(directives.has('realm') ? [`realm=${quote(realm)}`] : []),
    `nonce=${quote(nonce)}`,
    `nc=${nc}`,
    `cnonce=${quote(cnonce)}`,
    `digest-uri=${quote(digestUri)}`,
    'maxbuf=65536',
    `response=${kd(`AUTHENTICATE:${digestUri}`)}`,
    'qop=auth',
  ];
  return { response: Buffer.from(fields.join(','), encoding), expectedRspauth: kd(`:${digestUri}`) };
}

/** Whether the server's final message proves that it knows the password too. */
export function verifyRspauth(final: Buffer, step: DigestMd5Step): boolean {
  return parseDirectives(final.toString('utf8')).get('rspauth') === step.expectedRspauth;
}
