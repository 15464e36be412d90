'use client';
import { useEffect, useRef } from 'react';
import { minimapMarks } from '../lib/view/minimap';
import type { QueueLayout } from '../lib/view/queue-layout';
import { PALETTES, type Theme } from '../lib/view/palette';
import { useLanguage } from './language';

const WIDTH = 44;
/** The room a minimap takes beside the queue: its width and the frame's gap (0.5rem). */
export const MINIMAP_ROOM = WIDTH + 8;

interface QueueMinimapProps {
  layout: QueueLayout;
  /** What the scroller shows, in drawing units. */
  top: number;
  height: number;
  /** Nodes an anomaly names: drawn red. */
  flagged: ReadonlySet<string>;
  /** Scrolls the queue so that drawing unit `y` is at the middle of the screen. */
  onJump(y: number): void;
  /** The id of the scroller it moves. */
  scrollId: string;
}

function currentTheme(): Theme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

/**
 * The whole queue at a glance beside a long one: a mark per row in its state's colour (holder,
 * waiter, flagged), the part on screen framed. A click or a drag there scrolls the queue; the
 * arrow keys move a screen at a time.
 */
export function QueueMinimap({ layout, top, height, flagged, onJump, scrollId }: QueueMinimapProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const total = layout.height;
  const { t } = useLanguage();

  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    const pixels = element.clientHeight;
    const ratio = window.devicePixelRatio || 1;
    element.width = WIDTH * ratio;
    element.height = pixels * ratio;
    context.scale(ratio, ratio);
    const palette = PALETTES[currentTheme()];
    const colours = { holder: palette.holder, waiter: palette.waiter, flagged: palette.danger };
    context.clearRect(0, 0, WIDTH, pixels);
    // A mark a row, or where rows outnumber the canvas's lines a mark a run of lines: a queue of 100,000 is a few strokes.
    // Lines of a CSS pixel: a holder's or a flagged node's mark is never thinner than one.
    for (const mark of minimapMarks(layout, flagged, pixels, pixels, WIDTH - 8)) {
      context.fillStyle = colours[mark.kind];
      context.fillRect(4, mark.y, mark.width, mark.height);
    }
  }, [layout, flagged]);

  const jumpTo = (clientY: number, target: HTMLElement): void => {
    const box = target.getBoundingClientRect();
    onJump(((clientY - box.top) / box.height) * total);
  };

  return (
    <div
      className="queue-minimap"
      role="scrollbar"
      aria-label={t('minimapLabel')}
      aria-controls={scrollId}
      aria-orientation="vertical"
      aria-valuemin={0}
      aria-valuemax={Math.round(total)}
      aria-valuenow={Math.round(top)}
      tabIndex={0}
      data-testid="queue-minimap"
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        jumpTo(event.clientY, event.currentTarget);
      }}
      onPointerMove={(event) => {
        if (event.buttons === 1) jumpTo(event.clientY, event.currentTarget);
      }}
      onKeyDown={(event) => {
        const step = event.key === 'ArrowDown' || event.key === 'PageDown' ? height : event.key === 'ArrowUp' || event.key === 'PageUp' ? -height : 0;
        if (step === 0 && event.key !== 'Home' && event.key !== 'End') return;
        event.preventDefault();
        onJump(event.key === 'Home' ? 0 : event.key === 'End' ? total : top + height / 2 + step);
      }}
    >
      <canvas ref={canvas} className="minimap-canvas" aria-hidden="true" />
      <div className="minimap-view" style={{ top: `${(top / total) * 100}%`, height: `${Math.max(2, (height / total) * 100)}%` }} data-testid="minimap-view" />
    </div>
  );
}
