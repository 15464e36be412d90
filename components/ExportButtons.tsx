'use client';
import { useState } from 'react';
import type { LockSnapshot } from '../lib/protocol';
import { useLanguage } from './language';
import { queuePictureSvg } from './QueuePicture';

function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function fileBase(path: string): string {
  return `lock${path.replace(/[^A-Za-z0-9._-]+/g, '_')}`;
}

/** Saves what the page shows: the snapshot as JSON, the picture as SVG or PNG. */
export function ExportButtons({ snapshot }: { snapshot: LockSnapshot }) {
  const [busy, setBusy] = useState(false);
  const { t, language } = useLanguage();
  // The picture of what the page shows, in its theme and language.
  const svg = (): string => queuePictureSvg({ snapshot, theme: document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light', now: Date.now(), t, language });
  return (
    <div className="export" role="group" aria-label={t('exportGroup')}>
      <button type="button" data-testid="export-json" onClick={() => download(new Blob([JSON.stringify(snapshot, null, 2)], { type: 'application/json' }), `${fileBase(snapshot.path)}.json`)}>
        JSON
      </button>
      <button type="button" data-testid="export-svg" onClick={() => download(new Blob([svg()], { type: 'image/svg+xml' }), `${fileBase(snapshot.path)}.svg`)}>
        SVG
      </button>
      <button
        type="button"
        data-testid="export-png"
        disabled={busy}
        onClick={() => {
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
              if (blob) download(blob, `${fileBase(snapshot.path)}.png`);
              setBusy(false);
            }, 'image/png');
          };
          image.onerror = () => setBusy(false);
          image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg())}`;
        }}
      >
        {busy ? 'PNG…' : 'PNG'}
      </button>
    </div>
  );
}
