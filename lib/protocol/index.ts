/**
 * The one protocol between the server and its clients: REST payloads, socket.io events and
 * the runtime validators for everything that comes in. Types are inferred from the schemas so
 * that a payload and its check cannot drift apart.
 */
export * from './znode';
export * from './lock';
export * from './sim';
export * from './ops';
export * from './socket';
export * from './history';
export * from './replay';
export * from './incidents';
export * from './garbage';
