'use client';
import { useState } from 'react';
import { recipeName } from '../lib/i18n/messages';
import { UnreadableLockSchema, type UnreadableLock } from '../lib/protocol';
import { formatCount } from '../lib/view/format';
import { encodeZnodePath } from '../lib/zk/path';
import { useLanguage } from './language';
import { usePoll } from './usePoll';
import { WrappingText } from './WrappingPath';
import { apiPath } from './ensemble';

/** The explorer lists such a lock again with each listing of the ephemeral nodes (about each second): the page follows a little slower. */
const REFRESH_MS = 3000;

/** What the explorer knows of a lock ZooKeeper will not let it read: undefined until the first answer, null where it knows no contender (not listed yet, or none). */
function useUnreadable(path: string): UnreadableLock | null | undefined {
  const [known, setKnown] = useState<UnreadableLock | null | undefined>(undefined);
  usePoll(
    async (current) => {
      const response = await fetch(apiPath(`/api/unreadable${encodeZnodePath(path)}`));
      const parsed = response.ok ? UnreadableLockSchema.safeParse(await response.json()) : null;
      if (current()) setKnown(parsed?.success === true && parsed.data.total > 0 ? parsed.data : null);
    },
    REFRESH_MS,
    true,
    path,
  );
  return known;
}

/**
 * A lock the explorer may not read, as ZooKeeper's list of ephemeral nodes tells it (the
 * dashboard's row, whole): its contenders in queue order, who holds as their names say, each
 * owner's session and where it connects from. What its data and watches would tell is not known.
 */
export function UnreadableLockPanel({ path }: { path: string }) {
  const { language, t } = useLanguage();
  const known = useUnreadable(path);
  // The list of ephemeral nodes is asked of ZooKeeper apart from the lock: the panel says so while it has none, rather than appear later.
  if (known === undefined || known === null) {
    return (
      <p className="muted unreadable-pending" role="status" data-testid="unreadable-pending" data-state={known === undefined ? 'reading' : 'none'}>
        {t(known === undefined ? 'lpUnreadableReading' : 'lpUnreadableNone')}
      </p>
    );
  }
  return (
    <section className="panel unreadable-lock" aria-label={t('lpUnreadableTitle')} data-testid="unreadable-lock">
      <h2>{t('lpUnreadableTitle')}</h2>
      <p>
        {t('lpUnreadableText', { n: formatCount(known.total), recipe: recipeName(language, known.recipe), holding: formatCount(known.holding), waiting: formatCount(known.total - known.holding) })}
      </p>
      <div className="table-scroll">
        <table className="locks unreadable-nodes">
          <thead>
            <tr>
              <th scope="col" className="num">
                #
              </th>
              <th scope="col">{t('lpUnreadableNode')}</th>
              <th scope="col">{t('lpUnreadableRole')}</th>
              <th scope="col">{t('lpUnreadableSession')}</th>
              <th scope="col">{t('lpUnreadableClient')}</th>
            </tr>
          </thead>
          <tbody>
            {known.nodes.map((node, index) => (
              <tr key={node.name} data-testid="unreadable-node" data-role={node.holds ? 'holder' : 'waiter'}>
                <td className="num">{index + 1}</td>
                <td className="mono">
                  <WrappingText text={node.name} after="-" />
                </td>
                <td>{node.holds ? t('lpUnreadableHolds') : t('lpUnreadableWaits')}</td>
                <td className="mono session-cell">{node.sessionId}</td>
                <td className="mono client-cell">{node.client === null ? <span className="muted">{t('lpUnreadableNoClient')}</span> : <WrappingText text={node.client} after=".:" />}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {known.total > known.nodes.length ? <p className="muted">{t('lpUnreadableFirst', { shown: formatCount(known.nodes.length), n: formatCount(known.total) })}</p> : null}
      <p className="muted">{t('lpUnreadableUnknown')}</p>
    </section>
  );
}
