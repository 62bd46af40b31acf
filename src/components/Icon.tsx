/**
 * Icons as inline SVG: they draw on any device (an emoji needs a font a cheap tablet may lack and
 * then shows an empty box). Decorative: the button's words name it.
 */
const paths = {
  camera:
    'M9 4 7.2 6H4a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V8a2 2 0 0 0-2-2h-3.2L15 4H9Zm3 5a4 4 0 1 1 0 8 4 4 0 0 1 0-8Z',
  unlocked:
    'M7 10V7a5 5 0 0 1 9.6-2l-1.8.9A3 3 0 0 0 9 7v3h9a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h1Z',
} as const;

/** Line icons (drawn with a 2 px stroke): the navigation's screens and the menu. */
const lines = {
  sale: 'M3 4h3l2.5 11h10L21 7H7M9 20h.01M17 20h.01',
  returns: 'M9 14 4 9l5-5M4 9h11a5 5 0 0 1 0 10h-3',
  issue: 'M3 6h18v12H3zM3 10h18M14 15h4',
  lookup: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM21 21l-5-5',
  journal: 'M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01',
  training: 'M2 9l10-5 10 5-10 5zM6 11v5c3 2 9 2 12 0v-5',
  settings: 'M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1M15 4v4M9 10v4M17 16v4',
  menu: 'M4 6h16M4 12h16M4 18h16',
} as const;

export type IconName = keyof typeof paths | keyof typeof lines;

export function Icon({ name, size = '1.1em' }: { name: IconName; size?: string }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      {name in paths ? (
        <path d={paths[name as keyof typeof paths]} fill="currentColor" />
      ) : (
        <path
          d={lines[name as keyof typeof lines]}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      )}
    </svg>
  );
}
