'use client';
import { memo, useMemo } from 'react';
import { anomalyLabel } from '../lib/i18n/messages';
import type { Anomaly } from '../lib/protocol';
import { formatCount, shortNodeName } from '../lib/view/format';
import { readableAnomaly } from '../lib/view/anomaly-words';
import { groupByKind } from './AnomalyList';
import { useLanguage } from './language';

const NO_PLACES: ReadonlyMap<string, string> = new Map();

/**
 * The anomalies on the queue's canvas, one banner per kind, the worst first: a click selects
 * the first node of its kind (and the queue scrolls to it). The whole list stays in the side
 * panel; this is what a person looking at the picture must not miss.
 */
export const CanvasBanners = memo(function CanvasBanners({ anomalies, onSelect }: { anomalies: readonly Anomaly[]; onSelect: (name: string) => void }) {
  const kinds = useMemo(() => groupByKind(anomalies), [anomalies]);
  const { language, t } = useLanguage();
  if (kinds.length === 0) return null;
  return (
    <ul className="canvas-banners" aria-label={t('lpAnomaliesOnQueue')} data-testid="canvas-banners">
      {kinds.map((group) => {
        const first = group[0]!;
        const node = group.find((anomaly) => anomaly.node !== null)?.node ?? null;
        const said = readableAnomaly(first, NO_PLACES, language);
        const label = `${anomalyLabel(language, first.kind)}${group.length > 1 ? ` · ${formatCount(group.length)}` : ''}`;
        return (
          <li key={first.kind}>
            {node === null ? (
              <span className={`canvas-banner kind-${first.kind}`} title={said} data-testid="canvas-banner" data-kind={first.kind}>
                <strong>{label}</strong>
              </span>
            ) : (
              <button type="button" className={`canvas-banner kind-${first.kind}`} title={said} data-testid="canvas-banner" data-kind={first.kind} data-node={node} onClick={() => onSelect(node)}>
                <strong>{label}</strong> <span className="mono">{shortNodeName(node)}</span>
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
});
