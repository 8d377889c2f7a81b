const KIND = Symbol.for('tessera.inertia.prop');

type Resolver<T> = () => T | Promise<T>;

/** A value, or a function evaluated only when the prop is actually sent. */
export type Lazy<T> = T | Resolver<T>;

export interface OptionalProp<T = unknown> {
  readonly [KIND]: 'optional';
  readonly resolve: Resolver<T>;
}

export interface AlwaysProp<T = unknown> {
  readonly [KIND]: 'always';
  readonly value: Lazy<T>;
}

export interface OnceProp<T = unknown> {
  readonly [KIND]: 'once';
  readonly value: Lazy<T>;
  /** Epoch milliseconds after which the client asks again; null = for the whole visit history. */
  readonly expiresAt: number | null;
}

export type SpecialProp = OptionalProp | AlwaysProp | OnceProp;

/** What a prop can be given as: a plain value, a lazy function, or one of the wrappers below. */
export type PropInput<T = unknown> = Lazy<T> | OptionalProp<T> | AlwaysProp<T> | OnceProp<T>;

/** Props by name, each given as a `PropInput`: `T` is the props' plain shape (any shape by default). */
export type PropsInput<T extends object = Record<string, unknown>> = {
  [K in keyof T]: PropInput<T[K]>;
};

/** Never sent on a normal visit; evaluated only on a partial reload that names it in `only`. */
export function optional<T>(resolve: Resolver<T>): OptionalProp<T> {
  return { [KIND]: 'optional', resolve };
}

/** Sent on every response, even a partial reload that did not ask for it or excluded it. */
export function always<T>(value: Lazy<T>): AlwaysProp<T> {
  return { [KIND]: 'always', value };
}

/**
 * Sent once, then remembered by the client: later Inertia visits list it in
 * `X-Inertia-Except-Once-Props` and the server skips evaluating it (unless a partial reload
 * asks for it by name).
 */
export function once<T>(value: Lazy<T>, options: { expiresAt?: number | null } = {}): OnceProp<T> {
  return { [KIND]: 'once', value, expiresAt: options.expiresAt ?? null };
}

export function specialKind(input: unknown): SpecialProp[typeof KIND] | null {
  if (typeof input === 'object' && input !== null && KIND in input) {
    return (input as SpecialProp)[KIND];
  }
  return null;
}

export async function evaluate(value: unknown): Promise<unknown> {
  return typeof value === 'function' ? await (value as Resolver<unknown>)() : value;
}

export interface PropSelection {
  /** A partial reload for this very component. */
  partial: boolean;
  only: readonly string[];
  except: readonly string[];
  /** Once-props the client already holds. */
  exceptOnce: readonly string[];
}

export interface ResolvedProps {
  props: Record<string, unknown>;
  onceProps: Record<string, { prop: string; expiresAt: number | null }>;
}

/**
 * Applies the v3 partial-reload rules and evaluates only the props that will be sent,
 * concurrently. `except` wins over `only`; `always` props survive both.
 */
export async function resolveProps(
  input: PropsInput,
  selection: PropSelection,
): Promise<ResolvedProps> {
  const { partial, only, except, exceptOnce } = selection;
  const onceProps: ResolvedProps['onceProps'] = {};
  const pending: Array<Promise<[string, unknown]>> = [];

  for (const [key, entry] of Object.entries(input)) {
    const kind = specialKind(entry);
    const namedInOnly = only.includes(key);
    const selected = !partial || ((only.length === 0 || namedInOnly) && !except.includes(key));

    let value: unknown;
    switch (kind) {
      case 'always':
        value = (entry as AlwaysProp).value;
        break;
      case 'optional':
        if (!partial || !selected || !namedInOnly) continue;
        value = (entry as OptionalProp).resolve;
        break;
      case 'once': {
        if (!selected) continue;
        const prop = entry as OnceProp;
        onceProps[key] = { prop: key, expiresAt: prop.expiresAt };
        if (exceptOnce.includes(key) && !namedInOnly) continue;
        value = prop.value;
        break;
      }
      default:
        if (!selected) continue;
        value = entry;
    }
    pending.push(evaluate(value).then((resolved) => [key, resolved] as [string, unknown]));
  }

  return { props: Object.fromEntries(await Promise.all(pending)), onceProps };
}
