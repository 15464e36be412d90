/**
 * Everything the explorer adds to node-zookeeper-client's connection: the transport (TCP or
 * TLS), the SASL exchange before any other request, whole-packet framing and the replies to the
 * requests of `requests.ts`. The client's internals this relies on (`internals.ts`) are checked
 * once, at start (`checkClientInternals`).
 */
import { randomBytes } from 'node:crypto';
import { connect as connectTcp, isIP, type Socket } from 'node:net';
import { connect as connectTls, type ConnectionOptions } from 'node:tls';
import type { Client } from 'node-zookeeper-client';
import type { Reason } from '../../../lib/protocol';
import { reasonOf } from '../../../lib/i18n/messages';
import { answerChallenge, verifyRspauth, type DigestMd5Step } from './digest-md5';
import { gssapiLogin, type SaslLogin, type ZkGssapi } from './gssapi';
import { checkClientInternals, managerOf, STATE, type ConnectionManager, type Server, type WatcherManager } from './internals';
import { clientException, errorName, WireRequest } from './requests';
import { encodeSaslRequest, ErrorCode, Framer, readConnectResponse, readReplyHeader, readSaslResponse, readWatcherEvent, Xid } from './jute';

/** TLS towards ZooKeeper: PEM contents (not paths). The server's certificate is always verified. */
export interface ZkTls {
  /** CA bundle that must have signed the server's certificate; Node's default CAs when null. */
  ca: string | null;
  /** Client certificate and key, for mutual TLS. */
  cert: string | null;
  key: string | null;
}

/** SASL towards ZooKeeper: DIGEST-MD5 with a user and password, or GSSAPI (Kerberos). */
export type ZkSasl = ZkDigestMd5 | ZkGssapi;

export interface ZkDigestMd5 {
  mechanism: 'digest-md5';
  username: string;
  /** Never logged, shown or sent anywhere but in the DIGEST-MD5 hash. */
  password: string;
}

/** How every session the explorer opens reaches ZooKeeper. */
export interface ZkTransport {
  tls: ZkTls | null;
  sasl: ZkSasl | null;
}

export const PLAIN_TCP: ZkTransport = { tls: null, sasl: null };

/** Why the last attempt to connect did not give a session: `tls` and `auth` are not cured by trying again at once. */
export interface ConnectProblem {
  kind: 'tls' | 'auth' | 'network';
  /** One line for an operator, in English; never holds a secret. */
  reason: string;
  /** The same as a kind and its parameters, for a page to word in its language. */
  why: Reason;
}

/** A problem of `kind` for a reason. */
function problem(kind: ConnectProblem['kind'], said: { why: Reason; reason: string }): ConnectProblem {
  return { kind, ...said };
}

/** A watch notification as ZooKeeper sent it: its event type (Watcher.Event.EventType) and the path within the client's chroot. */
export interface Notification {
  type: number;
  path: string;
}

export interface WireOptions {
  transport: ZkTransport;
  /** Sees every notification (one-shot and persistent watches alike) before the client does. */
  onNotification?: (notification: Notification) => void;
  /** Called with the problem of each failed attempt, and with null once a session is established. */
  onProblem?: (problem: ConnectProblem | null) => void;
  /** Counts the bytes ZooKeeper sends (after TLS): what following locks costs the ensemble's network. */
  onBytes?: (count: number) => void;
  /** Until when (ms since the epoch) no connection is opened: a test that expires the session keeps the client from taking it back meanwhile. */
  heldUntil?: () => number;
}

/**
 * How long the client may send nothing before it pings, for a negotiated session timeout: as
 * ZooKeeper's Java client (`ClientCnxn`), half the read timeout (two thirds of the session
 * timeout), a second early once that is over a second. ZooKeeper expires a session it has
 * received nothing from, so the clock is what the client sends, never what it receives.
 */
export function pingAfterMs(sessionTimeoutMs: number): number {
  const half = Math.floor((sessionTimeoutMs * 2) / 3 / 2);
  return Math.max(Math.min(half, 1_000), half - 1_000);
}

/** Whether node-zookeeper-client holds a one-shot watcher of any kind on `path` (within the chroot). */
function hasOneShotWatcher(watchers: WatcherManager, path: string): boolean {
  return Object.hasOwn(watchers.dataWatchers, path) || Object.hasOwn(watchers.childWatchers, path) || Object.hasOwn(watchers.existenceWatchers, path);
}

/** A ping as ZooKeeper's clients frame it: a request header of xid -2 and opcode 11, no body. */
export const PING = Buffer.from([0, 0, 0, 8, 0xff, 0xff, 0xff, 0xfe, 0, 0, 0, 11]);

/** The longest a server may take to answer a connect request (and its SASL exchange) before the connection is dropped and tried again. */
export const HANDSHAKE_TIMEOUT_MS = 2_000;
/** After a TLS or SASL refusal, the next attempt waits this long: the same credentials would be refused again at once. */
export const RETRY_AFTER_REFUSAL_MS = 5_000;


/** Node's TLS options for a connection to `host`: the server verified against the CA, the client's certificate for mutual TLS. */
export function tlsOptions(host: string, tls: ZkTls): ConnectionOptions {
  return {
    // SNI takes names only; an address is checked against the certificate's IP entries.
    ...(isIP(host) === 0 ? { servername: host } : {}),
    ...(tls.ca !== null ? { ca: tls.ca } : {}),
    ...(tls.cert !== null ? { cert: tls.cert } : {}),
    ...(tls.key !== null ? { key: tls.key } : {}),
    rejectUnauthorized: true,
  };
}

/** Opens the socket to one server: TCP, or TLS with the server verified. */
function openSocket(server: Server, tls: ZkTls | null): { socket: Socket; ready: 'connect' | 'secureConnect' } {
  if (tls === null) return { socket: connectTcp({ host: server.host, port: server.port }), ready: 'connect' };
  return { socket: connectTls({ host: server.host, port: server.port, ...tlsOptions(server.host, tls) }), ready: 'secureConnect' };
}

const NOT_SIGNED = new Set(['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'UNABLE_TO_GET_ISSUER_CERT', 'SELF_SIGNED_CERT_IN_CHAIN', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'CERT_SIGNATURE_FAILURE']);

/** One line on why a connection failed, from Node's error: a TLS problem, or a network one. */
export function describeSocketError(error: NodeJS.ErrnoException, server: Server, tls: boolean): ConnectProblem {
  const where = `${server.host}:${server.port}`;
  const code = error.code ?? '';
  if (tls) {
    if (NOT_SIGNED.has(code)) return problem('tls', reasonOf('tls-unsigned', { where, code }));
    if (code === 'CERT_HAS_EXPIRED') return problem('tls', reasonOf('tls-expired', { where, code }));
    if (code === 'CERT_NOT_YET_VALID') return problem('tls', reasonOf('tls-not-yet-valid', { where, code }));
    if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return problem('tls', reasonOf('tls-wrong-name', { where, host: server.host, code }));
    // OpenSSL's message is `<id>:error:<code>:SSL routines:<function>:<reason>:<file>:<line>:SSL alert number N`.
    const alert = /alert ([a-z ]+?)(?::|$)/i.exec(error.message)?.[1];
    if (alert !== undefined) return problem('tls', reasonOf(/certificate/.test(alert) ? 'tls-alert-certificate' : 'tls-alert', { where, alert }));
    if (/^ERR_SSL|^ERR_TLS|CERT/.test(code)) return problem('tls', reasonOf('tls-refused', { where, detail: error.message.split('\n')[0]! }));
  }
  return problem('network', reasonOf('network', { where, detail: error.message.split('\n')[0]! }));
}

/**
 * Attaches the wire layer to one client before it connects. The client's own handlers are
 * replaced where noted, so that:
 * - the socket is TCP or TLS as the transport says, and a TLS failure is reported with its
 *   reason (and retried only after RETRY_AFTER_REFUSAL_MS);
 * - with SASL, the exchange runs right after the server's connect response and before the
 *   client sees it: the client sends nothing (not even its queued requests) until it succeeds;
 *   a refusal is reported and the connection dropped;
 * - the client reads one whole packet at a time (it throws on a reply with an error code it
 *   does not know: such a connection is dropped instead of crashing the process; it joined a
 *   large reply with each chunk and copied the rest of a chunk after each reply: quadratic);
 * - each new connection starts empty (the client kept a partial reply across connections);
 * - requests queued in one tick go out in one write (the reads of 10,000 children);
 * - a server that accepts the connection and never answers it (a ZooKeeper starting up) is
 *   dropped after HANDSHAKE_TIMEOUT_MS, or a third of the session timeout if shorter, and the
 *   next is tried, instead of waiting until the session is lost;
 * - multiRead and sync replies are read here;
 * - it pings when it has sent nothing for `pingAfterMs` of the negotiated timeout, whatever it
 *   receives (the client pinged only when its socket had been idle both ways, so a stream of
 *   watch notifications kept it from pinging and ZooKeeper expired the session).
 */
export function attachWire(client: Client, options: WireOptions): void {
  checkClientInternals();
  const manager = managerOf(client);
  const { transport } = options;
  const report = options.onProblem ?? ((): void => {});
  const framer = new Framer();
  const read = manager.onSocketData;
  let refusedAt = 0;
  // The SASL exchange of the current connection: the connect response it holds back, its login (null while it begins), and whether the client is making its next token (the KDC asked).
  let sasl: { held: Buffer; xid: number; login: SaslLogin | null; stepping: boolean } | null = null;
  // The host each socket was opened to, as the connect string names it: a Kerberos service principal names it.
  const hosts = new WeakMap<Socket, string>();

  const deliver = (self: ConnectionManager, socket: Socket, packet: Buffer): void => {
    self.pendingBuffer = null;
    try {
      read.call(self, packet);
    } catch (error) {
      console.warn(`dropping a ZooKeeper connection whose reply could not be read: ${error instanceof Error ? error.message : String(error)}`);
      socket.destroy();
    }
  };

  const refuse = (socket: Socket, problem: ConnectProblem): void => {
    refusedAt = Date.now();
    report(problem);
    socket.destroy();
  };

  const heldUntil = options.heldUntil ?? ((): number => 0);
  manager.connect = function (this: ConnectionManager): void {
    this.setState(STATE.connecting);
    const wait = Math.max(0, refusedAt + RETRY_AFTER_REFUSAL_MS - Date.now());
    const open = (): void => {
      // Held, the client looks again every tenth of a second: a hold let go early is not waited out.
      if (heldUntil() > Date.now()) {
        setTimeout(open, 100).unref();
        return;
      }
      openNext();
    };
    const openNext = (): void =>
      this.findNextServer((server) => {
        if (this.state !== STATE.connecting) return;
        const { socket, ready } = openSocket(server, transport.tls);
        hosts.set(socket, server.host);
        this.socket = socket;
        countSends(socket);
        this.connectTimeoutHandler = setTimeout(() => this.onSocketConnectTimeout(), this.connectTimeout);
        socket.setNoDelay();
        socket.on(ready, () => this.onSocketConnected());
        socket.on('data', (chunk: Buffer) => this.onSocketData(chunk));
        // The server ended a connection it had accepted before answering the connect request: it refuses this client (not a network failure).
        socket.on('end', () => {
          if (this.state === STATE.connecting && opened.has(socket) && !heard.has(socket)) report(problem('network', reasonOf('closed-unanswered', { where: `${server.host}:${server.port}` })));
        });
        socket.on('drain', () => this.onSocketDrain());
        socket.on('close', (hasError: boolean) => this.onSocketClosed(hasError));
        socket.on('error', (error: NodeJS.ErrnoException) => {
          if (this.state === STATE.connecting) {
            const problem = describeSocketError(error, server, transport.tls !== null);
            if (problem.kind === 'tls') refusedAt = Date.now();
            report(problem);
          }
          this.onSocketError(error);
        });
      });
    if (wait > 0) setTimeout(open, wait).unref();
    else open();
  };

  // When each socket last had something written to it: the ping clock.
  const sentAt = new WeakMap<Socket, number>();
  const countSends = (socket: Socket): void => {
    const write = socket.write;
    socket.write = function (this: Socket, ...args: Parameters<Socket['write']>): boolean {
      sentAt.set(socket, Date.now());
      return (write as (...a: Parameters<Socket['write']>) => boolean).apply(this, args);
    } as Socket['write'];
  };
  // The client's own ping waits for the socket to be idle both ways: replaced by the clock below.
  manager.onSocketTimeout = function (): void {};
  const keepAlive = (self: ConnectionManager, socket: Socket): void => {
    const tick = (): void => {
      if (self.socket !== socket || socket.destroyed) return;
      const live = self.state === STATE.connected || self.state === STATE.connectedReadOnly;
      const after = pingAfterMs(self.sessionTimeout);
      const idle = Date.now() - (sentAt.get(socket) ?? 0);
      if (live && idle >= after) socket.write(PING);
      setTimeout(tick, live && idle < after ? after - idle : after).unref();
    };
    setTimeout(tick, pingAfterMs(self.sessionTimeout)).unref();
  };

  // The sockets whose connection was made (the connect request sent), and those that have heard from the server since.
  const opened = new WeakSet<Socket>();
  const heard = new WeakSet<Socket>();
  const connected = manager.onSocketConnected;
  manager.onSocketConnected = function (this: ConnectionManager): void {
    framer.reset();
    sasl = null;
    connected.call(this);
    const socket = this.socket;
    if (socket !== null) {
      opened.add(socket);
      keepAlive(this, socket);
    }
    const handshakeMs = Math.min(HANDSHAKE_TIMEOUT_MS, Math.floor(this.sessionTimeout / 3));
    // Checked after the input already waiting: a starved process runs its due timers before it reads its sockets.
    const check = (): void =>
      void setImmediate(() => {
        if (this.socket !== socket || this.state !== STATE.connecting) return;
        // The client is the one waiting (for the KDC, a login's first ticket): the server gets its time again once it has been answered.
        if (sasl?.stepping === true) setTimeout(check, handshakeMs).unref();
        else socket?.destroy();
      });
    setTimeout(check, handshakeMs).unref();
  };

  manager.onSocketData = function (this: ConnectionManager, chunk: Buffer): void {
    const socket = this.socket;
    if (socket === null) return;
    heard.add(socket);
    options.onBytes?.(chunk.length);
    for (const packet of framer.push(chunk)) {
      if (this.socket !== socket) return;
      try {
        readPacket(this, socket, packet);
      } catch (error) {
        // A packet too short for what it claims to be: the stream cannot be trusted any more.
        console.warn(`dropping a ZooKeeper connection whose reply could not be read: ${error instanceof Error ? error.message : String(error)}`);
        socket.destroy();
        return;
      }
    }
  };

  const readPacket = (self: ConnectionManager, socket: Socket, packet: Buffer): void => {
    if (self.state === STATE.connecting) {
      if (sasl !== null) continueSasl(self, socket, packet);
      // The connect response: an expired session (no timeout) has nothing to log in to.
      else if (transport.sasl === null || readConnectResponse(packet).timeOut <= 0) deliver(self, socket, packet);
      else startSasl(self, socket, packet);
      return;
    }
    const reply = readReplyHeader(packet);
    if (reply.xid === Xid.notification && options.onNotification !== undefined) {
      const event = readWatcherEvent(packet);
      const chroot = self.chrootPath ?? '';
      const path = chroot === '' ? event.path : event.path === chroot ? '/' : event.path.startsWith(`${chroot}/`) ? event.path.slice(chroot.length) : null;
      if (path !== null) {
        options.onNotification({ type: event.type, path });
        // A persistent watch's notification (nearly all of them) has no one-shot watcher on its path: the client would only read it again for nobody.
        if (!hasOneShotWatcher(self.watcherManager, path)) return;
      }
    }
    const head = self.pendingQueue[0];
    const answers = head !== undefined && reply.xid === head.request.header?.xid;
    if (reply.err === ErrorCode.sessionClosedRequireSaslAuth) {
      // ZooKeeper closes a session that has not logged in, where it enforces SASL; the client does not know the code.
      if (answers) self.pendingQueue.shift()?.callback(clientException(ErrorCode.authFailed));
      refuse(socket, problem('auth', reasonOf(transport.sasl === null ? 'sasl-required' : 'sasl-closed')));
      return;
    }
    if (!answers || !(head.request instanceof WireRequest)) {
      deliver(self, socket, packet);
      return;
    }
    self.pendingQueue.shift();
    if (!reply.zxid.equals(ZERO_ZXID)) self.zxid = Buffer.from(reply.zxid);
    if (reply.err !== ErrorCode.ok) {
      head.callback(clientException(reply.err));
      return;
    }
    let result: unknown;
    try {
      result = head.request.read(packet);
    } catch (error) {
      head.callback(error);
      throw error;
    }
    head.callback(null, result);
  };

  /** A step of the client's side of the exchange, then its token sent (null: logged in, the connect response delivered); a failure refuses the connection. */
  const clientStep = (self: ConnectionManager, socket: Socket, exchange: NonNullable<typeof sasl>, make: () => Promise<Buffer | null>): void => {
    exchange.stepping = true;
    make().then(
      (token) => {
        exchange.stepping = false;
        // The connection went meanwhile (dropped, or another one made): the answer is for nobody.
        if (sasl !== exchange || self.socket !== socket) return;
        if (token === null) {
          sasl = null;
          deliver(self, socket, exchange.held);
          return;
        }
        exchange.xid += 1;
        socket.write(encodeSaslRequest(exchange.xid, token));
      },
      (error: unknown) => {
        exchange.stepping = false;
        if (sasl !== exchange || self.socket !== socket) return;
        const message = error instanceof Error ? error.message : String(error);
        const mechanism = /^SASL GSSAPI:/.test(message) ? 'SASL GSSAPI' : 'SASL';
        refuse(socket, problem('auth', reasonOf('sasl', { mechanism, detail: message.replace(/^SASL( GSSAPI)?: /, '') })));
      },
    );
  };

  const startSasl = (self: ConnectionManager, socket: Socket, connectResponse: Buffer): void => {
    const exchange: NonNullable<typeof sasl> = { held: connectResponse, xid: 0, login: null, stepping: false };
    sasl = exchange;
    const credentials = transport.sasl!;
    clientStep(self, socket, exchange, async () => {
      exchange.login = credentials.mechanism === 'gssapi' ? await gssapiLogin(credentials, hosts.get(socket) ?? socket.remoteAddress ?? 'localhost') : digestMd5Login(credentials);
      return exchange.login.first;
    });
  };

  const continueSasl = (self: ConnectionManager, socket: Socket, packet: Buffer): void => {
    const exchange = sasl!;
    // The server speaks only when spoken to: nothing comes while the client makes its token.
    if (exchange.login === null || exchange.stepping) throw new Error('a SASL reply before the client sent its token');
    const reply = readReplyHeader(packet);
    if (reply.err !== ErrorCode.ok) {
      refuse(socket, problem('auth', exchange.login.refused(errorName(reply.err))));
      return;
    }
    const token = readSaslResponse(packet);
    const login = exchange.login;
    clientStep(self, socket, exchange, () => login.answer(token));
  };

  client.on('state', (state) => {
    if (state.name === 'SYNC_CONNECTED' || state.name === 'CONNECTED_READ_ONLY') {
      refusedAt = 0;
      report(null);
    }
  });

  const queue = manager.queue;
  let corked: Socket | null = null;
  manager.queue = function (this: ConnectionManager, request: unknown, callback: (error: unknown, response?: unknown) => void): void {
    const socket = this.socket;
    if (socket && corked !== socket) {
      corked = socket;
      socket.cork();
      process.nextTick(() => {
        corked = null;
        socket.uncork();
      });
    }
    queue.call(this, request, callback);
  };
}

const ZERO_ZXID = Buffer.alloc(8);

/** DIGEST-MD5 (RFC 2831) as ZooKeeper's DigestLoginModule speaks it: no first token, the challenge answered, then the server's proof checked. */
function digestMd5Login(credentials: ZkDigestMd5): SaslLogin {
  let step: DigestMd5Step | null = null;
  return {
    first: Buffer.alloc(0),
    async answer(token) {
      if (step === null) {
        step = answerChallenge(token, credentials, randomBytes(16).toString('base64'));
        return step.response;
      }
      if (!verifyRspauth(token, step)) throw new Error('SASL: the server could not prove that it knows the password (DIGEST-MD5 rspauth did not match)');
      return null;
    },
    refused: (error) => reasonOf('sasl-digest-refused', { user: credentials.username, error }),
  };
}

export { checkClientInternals, CLIENT_VERSION, findMissingInternal } from './internals';
export { addRecursiveWatch, clientException, getAllChildrenNumber, multiRead, multiReadChildren, NewerKeeperError, removeWatches, sync } from './requests';
