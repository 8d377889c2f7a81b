/** How long the type-ahead buffer of a list (Menu, Select) keeps what was typed. */
export const TYPEAHEAD_RESET_MS = 350;
