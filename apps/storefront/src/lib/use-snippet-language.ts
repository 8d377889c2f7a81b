import type { SnippetLanguage } from '@tessera/pages';
import { useRememberedChoice } from './use-remembered-choice';

/** The code language shown in every component view (PUT /snippet-language). */
export const useSnippetLanguage = (shared: SnippetLanguage) =>
  useRememberedChoice(shared, {
    url: '/snippet-language',
    field: 'snippet_lang',
    prop: 'snippetLang',
  });
