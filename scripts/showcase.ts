/**
 * `npm run showcase`: puts a realistic mix of locks (server/testing/showcase.ts) into a ZooKeeper
 * on loopback, prints what it made, keeps it going, and removes all of it on Ctrl-C.
 *   ZooKeeper: ZK_CONNECT, or else the one the explorer at --url uses (the embedded one of
 *   `npm start`; --url defaults to http://127.0.0.1:$PORT, PORT 3000).
 *   [--root /showcase] [--sim-root $SIM_ROOT or /sim] [--crashed-session-ms 40000] [--crash-every-ms 60000]
 */
import { parseArgs } from 'node:util';
import { HealthResponseSchema } from '../lib/protocol';
import { SHOWCASE_DEFAULTS, SHOWCASE_DIGEST, startShowcase } from '../server/testing/showcase';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: `http://127.0.0.1:${process.env.PORT ?? 3000}` },
    root: { type: 'string', default: SHOWCASE_DEFAULTS.root },
    'sim-root': { type: 'string', default: process.env.SIM_ROOT ?? SHOWCASE_DEFAULTS.simRoot },
    'crashed-session-ms': { type: 'string', default: String(SHOWCASE_DEFAULTS.crashedSessionMs) },
    'crash-every-ms': { type: 'string', default: String(SHOWCASE_DEFAULTS.crashEveryMs) },
  },
});

async function connectString(): Promise<string> {
  if (process.env.ZK_CONNECT) return process.env.ZK_CONNECT;
  try {
    return HealthResponseSchema.parse(await (await fetch(`${values.url}/api/health`)).json()).zookeeper.connectString;
  } catch (error) {
    throw new Error(`no ZK_CONNECT, and no explorer answered at ${values.url} (${String(error)}): start one with \`npm start\`, or set ZK_CONNECT`);
  }
}

/** How long Ctrl-C waits for the showcase's nodes to be removed before it leaves without. */
const STOP_TIMEOUT_MS = 15_000;

function milliseconds(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1000) throw new Error(`--${name} must be a whole number of milliseconds, at least 1000 (got ${text})`);
  return value;
}

try {
  const connect = await connectString();
  // It kills processes and leaves a deadlock: only ever into a ZooKeeper on this machine.
  if (!connect.split('/')[0]!.split(',').every((host) => /^(127\.|localhost:|\[::1\]:)/.test(host))) {
    throw new Error(`refusing to write the showcase into ${connect}: it only writes to a ZooKeeper on loopback (127.0.0.1)`);
  }
  console.log(`showcase: making the mix in the ZooKeeper at ${connect} (the Java clients compile on the first run)…`);
  const showcase = await startShowcase({
    connectString: connect,
    root: values.root,
    simRoot: values['sim-root'],
    crashedSessionMs: milliseconds('crashed-session-ms', values['crashed-session-ms']),
    crashEveryMs: milliseconds('crash-every-ms', values['crash-every-ms']),
    log: (line) => console.log(line),
  });
  console.log('\nshowcase ready:');
  for (const lock of showcase.locks) console.log(`  ${lock.path}\n      ${lock.what}\n      the explorer should say: ${lock.expect}`);
  console.log(`\nThe vault lock is readable with ZK_AUTH=digest:${SHOWCASE_DIGEST.slice(0, SHOWCASE_DIGEST.indexOf(':'))}:… (see server/testing/showcase.ts). Ctrl-C removes everything.`);
  let stopping = false;
  const stop = (): void => {
    // A second Ctrl-C leaves at once.
    if (stopping) process.exit(1);
    stopping = true;
    console.log('showcase: stopping its clients and removing its nodes…');
    // A ZooKeeper gone first (the explorer's embedded one, stopped with it) would keep the removal waiting for ever.
    setTimeout(() => {
      console.error(`showcase: ZooKeeper did not answer within ${STOP_TIMEOUT_MS / 1000} s: leaving without removing ${values.root} and ${values['sim-root']}/showcase (remove them with zkCli.sh's deleteall, or start the next showcase with another --root)`);
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
    void showcase.stop().then(
      () => {
        console.log('showcase: removed');
        process.exit(0);
      },
      (error: unknown) => {
        console.error(`showcase: could not remove everything: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  console.error(`showcase: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
