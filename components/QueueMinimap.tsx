'use client';
import { useEffect, useRef } from 'react';
import type { QueueLayout } from '../lib/view/queue-layout';
import { PALETTES, type Theme } from '../lib/view/palette';

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
  const rows = Math.max(1, layout.rowStarts.length);
  const total = layout.height;

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
    context.clearRect(0, 0, WIDTH, pixels);
    const rowHeight = Math.max(1, pixels / rows - (pixels / rows > 3 ? 1 : 0));
    // One mark per row; a row of many (readers, leases) is as wide as its share of the columns.
    for (let row = 0; row < rows; row += 1) {
      const start = layout.rowStarts[row]!;
      const end = layout.rowStarts[row + 1] ?? layout.nodes.length;
      const first = layout.nodes[start]!.node;
      let colour: string = first.role === 'holder' ? palette.holder : palette.waiter;
      for (let index = start; index < end; index += 1) if (flagged.has(layout.nodes[index]!.node.name)) colour = palette.danger;
      context.fillStyle = colour;
      const width = Math.max(6, (WIDTH - 8) * Math.min(1, (end - start) / layout.options.columns));
      context.fillRect(4, (row / rows) * pixels, width, rowHeight);
    }
  }, [layout, rows, flagged]);

  const jumpTo = (clientY: number, target: HTMLElement): void => {
    const box = target.getBoundingClientRect();
    onJump(((clientY - box.top) / box.height) * total);
  };

  return (
    <div
      className="queue-minimap"
      role="scrollbar"
      aria-label="The whole queue: click to go there"
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
