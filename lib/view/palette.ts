/**
 * The one palette of the product, light and dark, and the look of a queue's cards and edges in
 * one stylesheet: the page sets the palette as CSS variables and draws with the rules through
 * them; an exported picture carries the same rules with the colours written in.
 */

export const PALETTES = {
  light: {
    bg: '#f6f7f9',
    surface: '#ffffff',
    'surface-2': '#eef1f5',
    border: '#d9dee6',
    text: '#17202c',
    muted: '#5b6677',
    accent: '#2f6fdf',
    /** Text on an accent background (a primary button): AA contrast on it. */
    'on-accent': '#ffffff',
    holder: '#117a49',
    'holder-soft': '#e3f5ec',
    waiter: '#3566c8',
    'waiter-soft': '#e8effc',
    warn: '#8a5a12',
    'warn-soft': '#fdf3e1',
    danger: '#c53030',
    'danger-soft': '#fdeaea',
    edge: '#8793a6',
  },
  dark: {
    bg: '#0f141b',
    surface: '#171e28',
    'surface-2': '#1f2834',
    border: '#2c3746',
    text: '#e6ebf2',
    muted: '#9aa6b8',
    accent: '#6ea2ff',
    'on-accent': '#0b1220',
    holder: '#3ccf8e',
    'holder-soft': '#143528',
    waiter: '#78a6ff',
    'waiter-soft': '#1a2a45',
    warn: '#f0b354',
    'warn-soft': '#3a2c12',
    danger: '#ff7b7b',
    'danger-soft': '#3d1a1a',
    edge: '#6f7d92',
  },
} as const;

export type Theme = keyof typeof PALETTES;
export type ColorName = keyof (typeof PALETTES)['light'];
export type Palette = Record<ColorName, string>;

/** The font stacks the diagram's text is set in. */
export interface Fonts {
  sans: string;
  mono: string;
}

/** Fonts for a picture that leaves the page: ones a viewer is likely to have. */
export const PICTURE_FONTS: Fonts = { sans: "'DejaVu Sans', 'Noto Sans', sans-serif", mono: "'DejaVu Sans Mono', monospace" };

/** The palette as CSS variables (`--holder`, …), light on `:root` and dark on `:root[data-theme='dark']`. */
export function paletteCss(): string {
  const variables = (palette: Palette): string =>
    Object.entries(palette)
      .map(([name, value]) => `--${name}:${value};`)
      .join('');
  return `:root{${variables(PALETTES.light)}}:root[data-theme='dark']{${variables(PALETTES.dark)}}`;
}

/**
 * The cards' and edges' rules, with each colour given by `color`: `var(--name)` on the page,
 * the palette's value in a picture.
 */
export function diagramCss(color: (name: ColorName) => string, fonts: Fonts): string {
  const rules: Array<[string, string]> = [
    ['svg.queue', `font-family:${fonts.sans}`],
    ['.card-bg', `fill:${color('surface')};stroke:${color('border')};stroke-width:1`],
    ['.is-holder .card-bg', `fill:${color('holder-soft')};stroke:${color('holder')};stroke-width:1.5`],
    ['.is-waiter .card-bg', `fill:${color('surface-2')}`],
    ['.card-accent', `fill:${color('waiter')}`],
    ['.is-holder .card-accent', `fill:${color('holder')}`],
    ['.card-role', `font-size:11px;font-weight:700;letter-spacing:0.08em;fill:${color('waiter')}`],
    ['.is-holder .card-role', `fill:${color('holder')}`],
    ['.card-age', `font-size:12px;fill:${color('muted')};font-variant-numeric:tabular-nums`],
    ['.card-name', `font-family:${fonts.mono};font-size:15px;font-weight:600;fill:${color('text')}`],
    ['.card-name.compact', 'font-size:13px'],
    ['.card-meta', `font-family:${fonts.mono};font-size:11.5px;fill:${color('muted')}`],
    ['.watch-edge', `fill:none;stroke:${color('edge')};stroke-width:1.6`],
    ['.watch-edge.expected', 'stroke-dasharray:5 4'],
    ['.watch-edge.missing', `stroke:${color('danger')};stroke-dasharray:3 4`],
    ['.watch-edge.is-woken', `stroke:${color('warn')};stroke-width:2.5`],
    ['.edge-arrow', `fill:${color('edge')}`],
    ['.parent-bg', `fill:${color('surface')};stroke:${color('edge')};stroke-width:1.5`],
    ['.parent-label', `font-family:${fonts.mono};font-size:12px;font-weight:600;fill:${color('text')}`],
    ['.group-frame', `fill:none;stroke:${color('waiter')};stroke-width:1.5;stroke-dasharray:6 4`],
    ['.is-holders .group-frame', `stroke:${color('holder')}`],
    ['.group-label-bg', `fill:${color('surface')}`],
    ['.group-label', `font-size:11px;font-weight:700;fill:${color('waiter')}`],
    ['.is-holders .group-label', `fill:${color('holder')}`],
    ['.watch-stub', `fill:none;stroke:${color('edge')};stroke-width:1.2`],
    ['.watch-stub.missing', `stroke:${color('danger')}`],
    ['.watch-edge.is-bundle', 'stroke-linecap:round'],
    // As marks, a chain's links are one snaking line: no arrowheads, which would be larger than the gaps.
    ['svg.queue.is-marks .watch-edge:not(.is-bundle)', 'marker-end:none;stroke-width:1.2'],
    ['.ghost-bg', `fill:${color('danger-soft')};stroke:${color('danger')};stroke-width:1.5;stroke-dasharray:6 4`],
    ['.ghost-role', `font-size:11px;font-weight:700;letter-spacing:0.08em;fill:${color('danger')}`],
    ['.ghost-verdict', `font-family:${fonts.mono};font-size:11.5px;fill:${color('text')}`],
    ['.ghost-link', `fill:none;stroke:${color('danger')};stroke-width:1.5;stroke-dasharray:4 4`],
    ['.watcher-mark', `fill:${color('waiter-soft')};stroke:${color('waiter')};stroke-width:1.5`],
    ['.watcher-count', `font-size:12px;font-weight:600;fill:${color('waiter')}`],
    ['.hatch-line', `fill:${color('danger')};fill-opacity:0.22`],
    ['.card-hatch', 'fill:url(#hatch);pointer-events:none'],
    ['.card-expiry', `font-size:12px;font-weight:700;fill:${color('danger')};font-variant-numeric:tabular-nums`],
    ['.card-expiry-bg', `fill:${color('surface')}`],
    ['.card-mark', `fill:${color('waiter')}`],
    ['.is-holder .card-mark', `fill:${color('holder')}`],
    ['[data-flagged] .card-mark', `fill:${color('danger')}`],
    ['.herd-badge', `fill:${color('surface')};stroke:${color('edge')};stroke-width:1.5`],
    ['.herd-badge-text', `font-size:11px;font-weight:700;fill:${color('text')};font-variant-numeric:tabular-nums`],
  ];
  return rules.map(([selector, body]) => `${selector}{${body}}`).join('');
}

/** The page's stylesheet of the palette and the diagram, through CSS variables. */
export function pageThemeCss(): string {
  return paletteCss() + diagramCss((name) => `var(--${name})`, { sans: 'var(--font)', mono: 'var(--mono)' });
}
