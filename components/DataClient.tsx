import type { Translate } from './language';

/** A client named from its node's data (`LockNode.dataClient`): the address, marked as what the client wrote, not what ZooKeeper saw of its connection. */
export function DataClient({ client, t }: { client: string; t: Translate }) {
  return (
    <span className="client-from-data" title={t('kFromDataTitle', { client })} data-testid="client-from-data">
      {client} <span className="from-data-tag">{t('kFromData')}</span>
    </span>
  );
}
