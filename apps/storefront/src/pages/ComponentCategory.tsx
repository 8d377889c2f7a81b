import { Head, usePage } from '@inertiajs/react';
import {
  ComponentCategoryPage,
  componentCategoryPageTitle,
  type PagePropsFor,
} from '@tessera/pages';
import { PRICING_URL } from '@tessera/pages/constants';
import { usePreviewColorScheme } from '../lib/use-preview-color-scheme';
import { usePreviewWidth } from '../lib/use-preview-width';
import { recordCopy } from '../lib/record-copy';
import { useSnippetLanguage } from '../lib/use-snippet-language';

export default function ComponentCategory() {
  const { props } = usePage<PagePropsFor<'ComponentCategory'>>();
  const [language, setLanguage] = useSnippetLanguage(props.snippetLang);
  const [colorScheme, setColorScheme] = usePreviewColorScheme(props.previewColorScheme);
  const [previewWidth, setPreviewWidth] = usePreviewWidth(props.previewWidth);
  const signedIn = props.auth !== null;
  // A visitor took nothing to record; an operator acting as a customer is not that customer.
  const recordsCopies = signedIn && !props.isImpersonating;
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
        previewWidth={previewWidth}
        onPreviewWidthChange={setPreviewWidth}
        pricingUrl={PRICING_URL}
        onCopied={recordsCopies ? recordCopy : undefined}
      />
    </>
  );
}
