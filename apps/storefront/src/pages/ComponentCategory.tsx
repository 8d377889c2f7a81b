import { Head, usePage } from '@inertiajs/react';
import {
  ComponentCategoryPage,
  componentCategoryPageTitle,
  type SharedPageData,
  type Subcategory,
} from '@tessera/pages';
import { PRICING_URL } from '@tessera/pages/constants';
import { usePreviewColorScheme } from '../lib/use-preview-color-scheme';
import { useSnippetLanguage } from '../lib/use-snippet-language';

type Props = SharedPageData & { subcategory: Subcategory };

export default function ComponentCategory() {
  const { props } = usePage<Props>();
  const [language, setLanguage] = useSnippetLanguage(props.snippetLang);
  const [colorScheme, setColorScheme] = usePreviewColorScheme(props.previewColorScheme);
  const signedIn = props.auth !== null;
  return (
    <>
      <Head title={componentCategoryPageTitle(props.subcategory, signedIn)} />
      <ComponentCategoryPage
        subcategory={props.subcategory}
        signedIn={signedIn}
        snippetLang={language}
        onLanguageChange={setLanguage}
        previewColorScheme={colorScheme}
        onPreviewColorSchemeChange={setColorScheme}
        pricingUrl={PRICING_URL}
      />
    </>
  );
}
