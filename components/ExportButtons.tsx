'use client';
import { useState } from 'react';
import type { LockSnapshot } from '../lib/protocol';
import { useLanguage } from './language';
import { formatClock, zoneLabel } from './momentInput';
import { queuePictureSvg } from './QueuePicture';
import { useReplayClock } from './replay';

function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A file's name: the lock's path and the moment it shows, in the browser's time zone (`lock_app_lock-2026-11-25T03-51-50.120`), so that two exports of one lock never share a name. */
export function exportName(path: string, at: number): string {
  return `lock${path.replace(/[^A-Za-z0-9._-]+/g, '_')}-${formatClock(at, true).replace(' ', 'T').replaceAll(':', '-')}`;
}

/** Saves what the page shows at the moment it shows (the replay's, or now): the snapshot as JSON, the picture as SVG or PNG, each stamped with that moment. */
export function ExportButtons({ snapshot }: { snapshot: LockSnapshot }) {
  const [busy, setBusy] = useState(false);
  const { t, language } = useLanguage();
  const replayed = useReplayClock();
  // Ages on the picture are told against the moment shown: a past hold of 18 s is not "8 min 51 s" against the wall clock.
  const moment = (): number => replayed ?? Date.now();
  // The picture of what the page shows at `at`, in its theme and language, its moment and zone in the caption.
  const svg = (at: number): string => {
    const stamp = t('pictureAt', { moment: `${formatClock(at, true)} ${zoneLabel(at)}` });
    return queuePictureSvg({ snapshot, theme: document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light', now: at, t, language, stamp });
  };
  return (
    <div className="export" role="group" aria-label={t('exportGroup')}>
      <button
        type="button"
        data-testid="export-json"
        onClick={() => {
          const at = moment();
          download(new Blob([JSON.stringify({ ...snapshot, shownAt: new Date(at).toISOString() }, null, 2)], { type: 'application/json' }), `${exportName(snapshot.path, at)}.json`);
        }}
      >
        JSON
      </button>
      <button
        type="button"
        data-testid="export-svg"
        onClick={() => {
          const at = moment();
          download(new Blob([svg(at)], { type: 'image/svg+xml' }), `${exportName(snapshot.path, at)}.svg`);
        }}
      >
        SVG
      </button>
      <button
        type="button"
        data-testid="export-png"
        disabled={busy}
        onClick={() => {
          const at = moment();
          setBusy(true);
          const image = new Image();
          image.onload = () => {
            const scale = 2;
            const canvas = document.createElement('canvas');
            canvas.width = image.width * scale;
            canvas.height = image.height * scale;
            const context = canvas.getContext('2d');
            context?.scale(scale, scale);
            context?.drawImage(image, 0, 0);
            canvas.toBlob((blob) => {
              if (blob) download(blob, `${exportName(snapshot.path, at)}.png`);
              setBusy(false);
            }, 'image/png');
          };
          image.onerror = () => setBusy(false);
          image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg(at))}`;
        }}
      >
        {busy ? 'PNG…' : 'PNG'}
      </button>
    </div>
  );
}
