/** Znode paths and stats as ZooKeeper defines them, and how a failed validation is said. */
import { z } from 'zod';
import { znodePathError } from '../zk/path';

/** A znode path, checked as ZooKeeper checks it. */
export const ZnodePath = z.string().superRefine((path, ctx) => {
  const error = znodePathError(path);
  if (error !== null) ctx.addIssue({ code: 'custom', message: error });
});

/** A 64-bit id as ZooKeeper prints it: `0x` and lowercase hex without leading zeros. */
export const HexId = z.string().regex(/^0x[0-9a-f]{1,16}$/);

/** The stat of a znode, with 64-bit fields as hex strings and times in ms since the epoch. */
export const ZnodeStatSchema = z.object({
  czxid: HexId,
  mzxid: HexId,
  pzxid: HexId,
  ctime: z.number(),
  mtime: z.number(),
  version: z.number().int(),
  cversion: z.number().int(),
  aversion: z.number().int(),
  ephemeralOwner: HexId,
  dataLength: z.number().int(),
  numChildren: z.number().int(),
});
export type ZnodeStat = z.infer<typeof ZnodeStatSchema>;

/** The first error of a failed zod parse, as one sentence. */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'invalid input';
  const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue.message}`;
}

/** Where a member's watches and connections came from: its four-letter words, or its AdminServer where they are refused. */
export const IntrospectionSourceSchema = z.enum(['four-letter-words', 'admin-server']);
export type IntrospectionSource = z.infer<typeof IntrospectionSourceSchema>;
