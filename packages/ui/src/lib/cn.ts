import { clsx, type ClassValue } from 'clsx';

// A caller's `className` wins over a component's defaults: of two classes that set the same
// thing under the same variants, the later one stays. This is tailwind-merge's rule for the
// utilities the store uses, in a few hundred bytes instead of its 8 KiB (gzip) and its run-time
// class map (decision 057); `cn.test.ts` proves it keeps what tailwind-merge keeps for every class
// list the store's sources can build.

const DISPLAY = new Set(
  [
    'block inline-block inline flex inline-flex grid inline-grid hidden contents flow-root',
    'table inline-table table-cell table-row table-caption table-column table-column-group',
    'table-header-group table-row-group table-footer-group list-item',
  ]
    .join(' ')
    .split(' '),
);
const POSITION = new Set('static fixed absolute relative sticky'.split(' '));
const SIZES = new Set('xs sm base lg xl 2xl 3xl 4xl 5xl 6xl 7xl 8xl 9xl'.split(' '));
const WEIGHTS = new Set(
  'thin extralight light normal medium semibold bold extrabold black'.split(' '),
);
const TEXT_ALIGN = new Set('left center right justify start end'.split(' '));
const SHADOWS = new Set(['', 'xs', 'sm', 'md', 'lg', 'xl', '2xl', 'none', 'inner']);
const LINE_STYLES = new Set('solid dashed dotted double hidden none'.split(' '));
const TEXT_OTHER = new Set('ellipsis clip wrap nowrap balance pretty'.split(' '));
/** Utilities whose bare name (`rounded`, `border`) is a value of their group. */
/** tailwind-merge's radius scale: a theme radius it does not know (`rounded-control`) conflicts with nothing. */
const RADII = new Set('none xs sm md lg xl 2xl 3xl 4xl full'.split(' '));
const BARE = new Set('rounded border shadow ring outline transition grow shrink'.split(' '));
/** Groups that a shorthand overrides: `p-4` after `px-2` drops it; `px-2` after `p-4` does not. */
const OVERRIDES: Record<string, string[]> = {
  p: ['px', 'py', 'pt', 'pr', 'pb', 'pl', 'ps', 'pe'],
  px: ['pr', 'pl', 'ps', 'pe'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'mt', 'mr', 'mb', 'ml', 'ms', 'me'],
  mx: ['mr', 'ml', 'ms', 'me'],
  my: ['mt', 'mb'],
  gap: ['gap-x', 'gap-y'],
  size: ['w', 'h'],
  inset: ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left'],
  rounded: ['rounded-t', 'rounded-r', 'rounded-b', 'rounded-l', 'rounded-tl', 'rounded-tr'],
  'font-size': ['leading'],
  overflow: ['overflow-x', 'overflow-y'],
  'inset-x': ['right', 'left'],
  'inset-y': ['top', 'bottom'],
  flex: ['shrink', 'grow', 'basis'],
  'border-w': ['border-w-x', 'border-w-y', 'border-w-t', 'border-w-r', 'border-w-b', 'border-w-l'],
  'border-w-x': ['border-w-r', 'border-w-l'],
  'border-w-y': ['border-w-t', 'border-w-b'],
};

/** The group a utility (without its variants) belongs to, or undefined for a class it does not know. */
function groupOf(utility: string): string | undefined {
  const base = utility.replace(/^!|!$/g, '').replace(/^-/, '');
  if (DISPLAY.has(base)) return 'display';
  if (POSITION.has(base)) return 'position';
  const dash = base.indexOf('-');
  const head = dash < 0 ? base : base.slice(0, dash);
  const value = dash < 0 ? '' : base.slice(dash + 1);
  switch (head) {
    case 'text':
      if (SIZES.has(value.split('/')[0] ?? '') || /^\[[\d.]/.test(value)) return 'font-size';
      if (TEXT_OTHER.has(value)) return `text-${value}`;
      return TEXT_ALIGN.has(value) ? 'text-align' : 'text-color';
    case 'flex':
      if (/^(row|col)/.test(value)) return 'flex-direction';
      return /wrap/.test(value) ? 'flex-wrap' : 'flex';
    case 'border': {
      if (value === '' || /^\d+$/.test(value)) return 'border-w';
      const side = /^([xytrbl])(-\d+)?$/.exec(value);
      if (side) return `border-w-${side[1]}`;
      return LINE_STYLES.has(value) ? 'border-style' : 'border-color';
    }
    case 'divide':
      return /^[xy](-\d+)?$/.test(value) ? `divide-${value[0]}` : 'divide-color';
    case 'outline':
      if (value === '' || /^\d+$/.test(value)) return 'outline-w';
      if (value.startsWith('offset-')) return 'outline-offset';
      return LINE_STYLES.has(value) ? 'outline-style' : 'outline-color';
    case 'list':
      return value === 'inside' || value === 'outside' ? 'list-position' : 'list-type';
    case 'font':
      return WEIGHTS.has(value) ? 'font-weight' : 'font-family';
    case 'bg':
      return /^(linear-|radial|conic|none$|\[.*(gradient|url)\()/.test(value)
        ? 'bg-image'
        : 'bg-color';
    case 'rounded': {
      const side = /^([trblse]|tl|tr|br|bl)(-|$)/.exec(value);
      const size = side ? value.slice(side[0].length) : value;
      if (size !== '' && !RADII.has(size) && !size.startsWith('[')) return undefined;
      return side ? `rounded-${side[1]}` : 'rounded';
    }
    case 'shadow':
      return SHADOWS.has(value) ? 'shadow' : 'shadow-color';
    case 'ring':
      if (value === '' || /^\d+$/.test(value)) return 'ring-w';
      return value === 'inset' ? 'ring-inset' : 'ring-color';
    default: {
      if (dash < 0) return BARE.has(base) ? base : undefined;
      // `gap-x-1` → gap-x, `min-w-0` → min-w, `rounded-full` → rounded, `[&_svg]:size-4` → size
      const segments = base.split('-');
      return segments.length > 1 ? segments.slice(0, -1).join('-') : undefined;
    }
  }
}

function merge(classList: string): string {
  const claimed = new Set<string>();
  const kept: string[] = [];
  const classes = classList.split(' ');
  for (let i = classes.length - 1; i >= 0; i -= 1) {
    const name = classes[i];
    if (!name) continue;
    const split = variantEnd(name);
    const variants = name.slice(0, split);
    const group = groupOf(name.slice(split));
    if (group === undefined) {
      kept.push(name);
      continue;
    }
    const key = `${variants}${group}`;
    if (claimed.has(key)) continue;
    claimed.add(key);
    for (const overridden of OVERRIDES[group] ?? []) claimed.add(`${variants}${overridden}`);
    kept.push(name);
  }
  return kept.reverse().join(' ');
}

/** Where a class's variants (`hover:`, `sm:`, `[&_svg]:`) end: the last `:` outside brackets. */
export function variantEnd(name: string): number {
  let depth = 0;
  let end = 0;
  for (let i = 0; i < name.length; i += 1) {
    const char = name[i];
    if (char === '[') depth += 1;
    else if (char === ']') depth -= 1;
    else if (char === ':' && depth === 0) end = i + 1;
  }
  return end;
}

/** Joins class names; of two that conflict, the later one (a caller's `className`) stays. */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}
