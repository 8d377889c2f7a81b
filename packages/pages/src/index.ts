export type {
  AllAccessPricing,
  AuthUser,
  CommandPaletteItem,
  PageErrors,
  PageProps,
  PageSeo,
  PreviewColorScheme,
  SharedPageData,
  SharedProduct,
  SnippetLanguage,
  VersionPrefix,
} from './shared/shared-page-data';
export {
  DEFAULT_BRAND_NAME,
  DEFAULT_COPYRIGHT_YEAR,
  PREVIEW_COLOR_SCHEMES,
} from './shared/shared-page-data';
export { RECENTLY_SUCCESSFUL_MS, type FormState } from './forms/form-state';

export { AppLayout, type AppLayoutProps } from './app-layout/app-layout';
export { SiteHeader, type SiteHeaderProps } from './site-header/site-header';
export { Logo, LogoMark } from './site-header/logo';
export {
  accountNavigation,
  mainNavigation,
  teamNavigation,
  type NavigationLink,
} from './site-header/navigation';
export {
  ImpersonationBanner,
  type ImpersonationBannerProps,
} from './impersonation-banner/impersonation-banner';
export { SiteFooter, type SiteFooterProps } from './site-footer/site-footer';
export {
  footerDirectory,
  footerDirectoryPaletteItems,
  titleFromSlug,
  type FooterDirectoryList,
  type FooterLink,
} from './site-footer/footer-directory';
export { AuthCard, type AuthCardProps } from './auth-card/auth-card';

export { HomePage, homePageTitle, type HomePageProps } from './home/home-page';
export {
  LoginPage,
  loginPageTitle,
  type LoginFormValues,
  type LoginPageProps,
} from './login/login-page';
export {
  ForgotPasswordPage,
  forgotPasswordPageTitle,
  RESET_LINK_SENT_MESSAGE,
  type ForgotPasswordFormValues,
  type ForgotPasswordPageProps,
} from './forgot-password/forgot-password-page';
export {
  PASSWORD_RESET_STATUS,
  ResetPasswordPage,
  resetPasswordPageTitle,
  type ResetPasswordFormValues,
  type ResetPasswordPageProps,
} from './reset-password/reset-password-page';

export {
  AccountSettingsPage,
  accountSettingsPageTitle,
  EMAIL_UPDATED_MESSAGE,
  OTHER_SESSIONS_LOGGED_OUT_MESSAGE,
  PASSWORD_UPDATED_MESSAGE,
  type AccountEmailFormValues,
  type AccountPasswordFormValues,
  type AccountSettingsPageProps,
  type LogoutOtherSessionsFormValues,
} from './account-settings/account-settings-page';
export {
  GUMROAD_RECEIPT_HELP_TEXT,
  PurchaseHistory,
  RECEIPT_HELP_TEXT,
  type Purchase,
  type PurchaseHistoryProps,
} from './purchase-history/purchase-history';
export {
  ChangelogPage,
  changelogPageTitle,
  type ChangelogEntry,
  type ChangelogPageProps,
  type ChangelogSubscribeFormValues,
} from './changelog/changelog-page';
export {
  NewsletterThankYouPage,
  newsletterThankYouPageTitle,
  type NewsletterThankYouPageProps,
} from './newsletter-thank-you/newsletter-thank-you-page';
export {
  DocumentationPage,
  documentationPageTitle,
  documentationHref,
  findTocPath,
  type DocumentationEntry,
  type DocumentationPageProps,
  type TocEntry,
} from './documentation/documentation-page';
export {
  COMMUNITY_CHAT_PATH,
  REFUND_WINDOW_DAYS,
  SupportPage,
  supportPageTitle,
  type SupportPageProps,
} from './support/support-page';
export {
  PrivacyPolicyPage,
  privacyPolicyPageTitle,
  type PrivacyPolicyPageProps,
} from './privacy-policy/privacy-policy-page';
export { Prose, type ProseProps } from './prose/prose';
export {
  FormattedDate,
  formatDate,
  type DateStyle,
  type FormatDateOptions,
  type FormattedDateProps,
} from './prose/formatted-date';
export {
  PageViewsReportPage,
  pageViewsReportPageTitle,
  type PageViewsReportPageProps,
  type PageViewsRow,
} from './page-views-report/page-views-report-page';

export type {
  BlackFridayOffer,
  CatalogCategory,
  CatalogComponent,
  CatalogLink,
  CatalogProductSection,
  ComponentSnippet,
  ComponentViewType,
  FeaturedProduct,
  Money,
  PlaygroundComponent,
  Subcategory,
  SubcategorySummary,
  TemplateDetail,
  TemplateFaqEntry,
  TemplateSummary,
  TemplateTechnology,
} from './catalog/types';
export { CategoryCard, componentCountLabel, type CategoryCardProps } from './catalog/category-card';
export { LOCKED_DESCRIPTION, LockBadge } from './catalog/lock-badge';
export {
  ComponentView,
  DEFAULT_PRICING_URL,
  getTheCodeLabel,
  type ComponentViewProps,
} from './component-view/component-view';
export {
  clampPreviewWidth,
  PREVIEW_BREAKPOINT,
  PREVIEW_MIN_WIDTH,
  PREVIEW_RESIZE_STEP,
  ResizablePreview,
} from './component-view/resizable-preview';
export {
  isBodyHeightMessage,
  useBodyHeight,
  type BodyHeightMessage,
} from './component-view/use-body-height';
export { CODE_FOLD_LINES } from './component-view/code-block';
export {
  ColorSchemeSwitch,
  colorSchemeMessage,
  type ColorSchemeMessage,
} from './component-view/color-scheme-switch';
export {
  ComponentsPage,
  componentsPageTitle,
  type ComponentsPageProps,
} from './components-page/components-page';
export {
  archivedExamplesUrl,
  ComponentCategoryPage,
  componentCategoryPageTitle,
} from './component-category/component-category-page';
export { PreviewPage, previewPageTitle } from './preview-page/preview-page';
export { TemplatesPage, templatesPageTitle } from './templates/templates-page';
export { TemplatePage, templatePageTitle } from './template/template-page';
export { Faq, faqGroups, type FaqProps, type FaqVariant } from './faq/faq';
export { FaqDisclosure } from './faq/faq-disclosure';
export { DISCOUNT_NOTE, PricingSection, pricingHeadline } from './pricing-section/pricing-section';
export { BlackFridayBanner, formatOfferEnd } from './home/black-friday-banner';
export { HomeComponentTabs } from './home/home-component-tabs';
export { TemplateCarousel } from './home/template-carousel';
export {
  ErrorPage,
  errorPageCopy,
  ERROR_PAGE_STATUSES,
  type ErrorPageProps,
  type ErrorPageStatus,
} from './error-page/error-page';
