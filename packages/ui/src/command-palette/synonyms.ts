/**
 * The words shoppers type for things the catalogue names otherwise ("modal" for Dialogs, "toast"
 * for Notifications). Each entry lists the words and the subcategory names, as the catalogue
 * spells them, that the words should find. The search adds the words to those items' keywords
 * when it builds its index, so a synonym ranks like a keyword: below a name that matches as
 * well, above a weaker match. Add a word here when someone searches for it and finds nothing;
 * a word that already appears in the name it means needs no entry.
 */
export type PaletteSynonym = {
  readonly words: readonly string[];
  readonly finds: readonly string[];
};

export const PALETTE_SYNONYMS: readonly PaletteSynonym[] = [
  { words: ['modal', 'modals', 'lightbox'], finds: ['Dialogs'] },
  { words: ['popup', 'pop-up', 'popover'], finds: ['Dialogs', 'Flyout Menus'] },
  {
    words: ['navbar', 'nav bar', 'top bar', 'app bar'],
    finds: ['Navbars', 'Header Sections'],
  },
  { words: ['toast', 'snackbar'], finds: ['Notifications'] },
  { words: ['hero', 'jumbotron', 'splash'], finds: ['Heroes'] },
  { words: ['dropdown', 'drop-down'], finds: ['Dropdowns', 'Select Menus', 'Flyout Menus'] },
  { words: ['menu'], finds: ['Dropdowns'] },
  { words: ['drawer', 'offcanvas', 'off-canvas'], finds: ['Slide-over Panels'] },
  { words: ['switch'], finds: ['Toggles'] },
  {
    words: ['login', 'log in', 'signin', 'signup', 'sign up', 'register'],
    finds: ['Sign-in and Registration'],
  },
  { words: ['chip', 'pill', 'tag'], finds: ['Badges'] },
  { words: ['callout', 'warning'], finds: ['Alerts'] },
  { words: ['stepper', 'wizard', 'steps'], finds: ['Progress Bars'] },
  { words: ['call to action'], finds: ['CTA Sections'] },
  { words: ['autocomplete', 'typeahead'], finds: ['Comboboxes'] },
  { words: ['spotlight', 'command bar', 'omnibar'], finds: ['Command Palettes'] },
  { words: ['datagrid', 'data grid', 'datatable'], finds: ['Tables'] },
  { words: ['kpi', 'metrics'], finds: ['Stats'] },
  { words: ['blank slate', 'zero state'], finds: ['Empty States'] },
  { words: ['basket', 'bag'], finds: ['Shopping Carts'] },
  { words: ['profile picture'], finds: ['Avatars'] },
  { words: ['accordion'], finds: ['FAQ Sections'] },
];

/** The synonym words for an item named `name` (any case), in list order, without repeats. */
export function synonymsFor(name: string): string[] {
  const lower = name.toLowerCase();
  const words = PALETTE_SYNONYMS.filter((synonym) =>
    synonym.finds.some((target) => target.toLowerCase() === lower),
  ).flatMap((synonym) => synonym.words);
  return [...new Set(words)];
}
