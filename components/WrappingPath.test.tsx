import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { WatchedName } from './SessionTable';
import { PathByNames, WrappingPath, WrappingText } from './WrappingPath';

/** The lines a text may be broken into: its parts between `<wbr/>`. */
const parts = (html: string): string[] => html.split('<wbr/>');

describe('text that wraps only where it reads well', () => {
  it('breaks after the given characters, never at the end', () => {
    expect(parts(renderToStaticMarkup(<WrappingText text="10.0.0.5:2181" after=".:" />))).toEqual(['10.', '0.', '0.', '5:', '2181']);
    expect(parts(renderToStaticMarkup(<WrappingText text="lock-" after="-" />))).toEqual(['lock-']);
  });

  it('breaks a path before its slashes, not before its first', () => {
    expect(parts(renderToStaticMarkup(<WrappingPath path="/kafka/controller" />))).toEqual(['/kafka', '/controller']);
  });

  it('sets a path as its names, each a span kept whole by the stylesheet, the text unchanged', () => {
    const path = '/showcase/inventory/warehouse-eu-central-1/stock-level-read-write-lock';
    const html = renderToStaticMarkup(<PathByNames path={path} />);
    expect([...html.matchAll(/<span class="path-name">([^<]*)<\/span>/g)].map((match) => match[1])).toEqual(['/showcase', '/inventory', '/warehouse-eu-central-1', '/stock-level-read-write-lock']);
    expect(html.replace(/<[^>]+>/g, '')).toBe(path);
    expect(renderToStaticMarkup(<PathByNames path="/" />)).toBe('<span class="path-name">/</span>');
  });

  it('breaks a watched node after its slashes, inside the lock name after a hyphen, inside the node name only after a GUID cut short', () => {
    const html = renderToStaticMarkup(<WatchedName path="/apps/payments-ledger/_c_3da4a3c2-3a4b-4c5d-8e9f-0123456789ab-lock-0000000001" />);
    expect(parts(html)).toEqual(['…/payments-', 'ledger', '/_c_3da4…', '-lock-0000000001']);
    expect(parts(renderToStaticMarkup(<WatchedName path="/lock-0000000002" />))).toEqual(['/lock-0000000002']);
  });
});
