import type { PageName, PagePropsByName } from '@tessera/pages';
import type { Errors } from './page.ts';
import type { PropInput, PropsInput } from './props.ts';

export type { PageName };

/**
 * What `res.inertia(name, props)` takes for page `N` (its props in `@tessera/pages`
 * `PagePropsByName`): each prop plain or wrapped (a function evaluated only when sent, `once`,
 * `optional`, `always`), plus `errors` to send instead of the flashed ones (a 429 re-render).
 * Shared page data is not given here: `inertia.share` adds it to every page.
 */
export type PageInput<N extends PageName> = PropsInput<PagePropsByName[N]> & {
  errors?: PropInput<Errors>;
};

/** A type no value has, named so that the typecheck's message says what is wrong. */
type NotAPropOfThisPage = { readonly 'not a prop of this page': never };

/**
 * The keys `K` of the props given, each unsatisfiable unless the page declares it.
 * `res.inertia` infers `K` from its argument, so a prop the page does not expect fails even when
 * it comes through a spread or a variable, which TypeScript's excess-property check ignores.
 */
export type OnlyKeysOf<K extends PropertyKey, Allowed> = {
  [Key in K]?: Key extends keyof Allowed ? unknown : NotAPropOfThisPage;
};
