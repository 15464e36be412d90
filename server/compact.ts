/**
 * The one writer of locks' compact form the server's routes and sockets share: a lock's nodes
 * sent to every socket that follows it, and asked for again over HTTP, are written once while
 * they stay the same.
 */
import { CompactWriter } from '../lib/lock/compact';

export const compactWriter = new CompactWriter();
