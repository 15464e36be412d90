/** What the systems built on Curator's LeaderLatch and locks write into their nodes: the participant id as text (`LeaderSelector.getIdBytes`). */
import { fields, textOf, type Identity, type SystemNode } from './system';

/** A Curator participant named by the id its node holds (Curator writes it as UTF-8); null when it wrote none. */
export function participant(node: Pick<SystemNode, 'data'>, what: string, field = 'participant id'): Identity | null {
  const id = textOf(node.data)?.trim() ?? '';
  return id === '' ? null : { identity: `${what} ${id}`, decoded: fields([[field, id]]) };
}

/** Whether a path has a segment that names the system (`/flink/…`, `/storm/…`): the names prove the system no further. */
export function under(path: string, name: RegExp): boolean {
  return path.split('/').some((segment) => name.test(segment));
}
