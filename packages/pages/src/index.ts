export type {
  AllAccessPricing,
  AuthUser,
  ColorScheme,
  CommandPaletteItem,
  FlashMessages,
  PageErrors,
  PageProps,
  PageSeo,
  PreviewColorScheme,
  PreviewWidth,
  SharedPageData,
  SharedProduct,
  SnippetLanguage,
  VersionPrefix,
} from './shared/shared-page-data';
export { DEFAULT_BRAND_NAME } from './shared/shared-page-data';
export type { FormMethod, FormState, FormTarget } from './forms/form-state';
export { ERROR_BAG_FIELD, Form, METHOD_FIELD, TOKEN_FIELD } from './forms/form';
export {
  AccountFields,
  FormErrorAlerts,
  type AccountFieldsProps,
  type AccountFieldValues,
} from './forms/account-fields';
export type { PageName, PagePropsByName, PagePropsFor } from './page-props';
export type * from './admin/types';

export { AppLayout, type AppLayoutProps } from './app-layout/app-layout';
export { SiteHeader, type SiteHeaderProps } from './site-header/site-header';
export { Logo, LogoMark } from './site-header/logo';
export {
  accountNavigation,
  mainNavigation,
  teamNavigation,
  upgradeNavigation,
  type NavigationLink,
} from './site-header/navigation';
export {
  ImpersonationBanner,
  type ImpersonationBannerProps,
} from './impersonation-banner/impersonation-banner';
export { TestModeBanner } from './test-mode-banner/test-mode-banner';
export { SiteFooter, type SiteFooterProps } from './site-footer/site-footer';
export {
  footerDirectory,
  footerDirectoryPaletteItems,
  titleFromSlug,
  type FooterDirectoryList,
  type FooterLink,
} from './site-footer/footer-directory';
export { AuthCard, type AuthCardProps } from './auth-card/auth-card';

export { HomePage, homePageTitle, type HomePageData, type HomePageProps } from './home/home-page';
export {
  LoginPage,
  loginPageTitle,
  type LoginFormValues,
  type LoginPageData,
  type LoginPageProps,
} from './login/login-page';
export {
  ForgotPasswordPage,
  forgotPasswordPageTitle,
  RESET_LINK_SENT_MESSAGE,
  type ForgotPasswordFormValues,
  type ForgotPasswordPageData,
  type ForgotPasswordPageProps,
} from './forgot-password/forgot-password-page';
export {
  PASSWORD_RESET_STATUS,
  ResetPasswordPage,
  resetPasswordPageTitle,
  type ResetPasswordFormValues,
  type ResetPasswordPageData,
  type ResetPasswordPageProps,
} from './reset-password/reset-password-page';

export { SettingsSection, type SettingsSectionProps } from './settings-section/settings-section';
export {
  AccountSettingsPage,
  accountSettingsPageTitle,
  type AccountEmailFormValues,
  type AccountPasswordFormValues,
  type AccountSettingsPageData,
  type AccountSettingsPageProps,
  type LogoutOtherSessionsFormValues,
} from './account-settings/account-settings-page';
export {
  ACCESS_TOKENS_DESCRIPTION,
  AccessTokensSection,
  IMPERSONATING_TOKENS_NOTICE,
  NEW_TOKEN_NOTICE,
  type AccessTokenRecord,
  type AccessTokensSectionProps,
  type CreatedAccessToken,
  type NewAccessTokenFormValues,
} from './account-settings/access-tokens-section';
export {
  DELETION_CONSEQUENCES,
  IMPERSONATING_DATA_NOTICE,
  YOUR_DATA_DESCRIPTION,
  YourDataSection,
  type DeleteAccountFormValues,
  type YourDataSectionProps,
} from './account-settings/your-data-section';
export {
  TWO_FACTOR_DESCRIPTION,
  TwoFactorSection,
  type ConfirmTotpFormValues,
  type DisableTotpFormValues,
  type RecoveryCodesFormValues,
  type TwoFactorSectionProps,
  type TwoFactorStatus,
} from './account-settings/two-factor-section';
export {
  PASSKEYS_DESCRIPTION,
  PASSKEYS_UNSUPPORTED,
  PasskeysSection,
  type AddPasskeyFormValues,
  type PasskeyRecord,
  type PasskeysSectionProps,
  type RemovePasskeyFormValues,
  type RenamePasskeyFormValues,
  type SelectedPasskey,
} from './account-settings/passkeys-section';
export {
  SecondFactorPage,
  secondFactorPageTitle,
  type SecondFactorFormValues,
  type SecondFactorPageData,
  type SecondFactorPageProps,
  type SecondFactorPasskey,
} from './second-factor/second-factor-page';
export {
  GUMROAD_RECEIPT_HELP_TEXT,
  PurchaseHistory,
  RECEIPT_HELP_TEXT,
  type Purchase,
  type PurchaseHistoryEntry,
  type PurchaseHistoryProps,
} from './purchase-history/purchase-history';
export type {
  JoinTeamPageProps,
  LicensePageProps,
  LicenseRecord,
  PackageDownloads,
  DigitalGoodsDownloads,
  RedeemLicensePageProps,
  TeamMemberRecord,
  TeamPurchaseRecord,
  TeamRecord,
  TeamSettingsPageProps,
  TeamSummary,
} from './licenses/types';
export {
  DEACTIVATION_LABELS,
  LICENSE_KIND_LABELS,
  TEAM_ROLE_LABELS,
  otherErrors,
  redemptionFields,
  redemptionPayload,
  redemptionState,
  type RedeemLicenseField,
  type RedeemLicenseFormValues,
  type RedemptionState,
} from './licenses/redemption';
export { LicensePage, licensePageTitle, type LicensePageViewProps } from './licenses/license-page';
export {
  RedeemLicensePage,
  redeemLicensePageTitle,
  redeemLicenseTitle,
  type RedeemLicensePageViewProps,
} from './licenses/redeem-license-page';
export {
  TeamSettingsPage,
  teamSettingsPageTitle,
  type TeamSettingsPageViewProps,
} from './teams/team-settings-page';
export {
  JoinTeamPage,
  joinTeamPageTitle,
  type JoinTeamPageViewProps,
} from './teams/join-team-page';
export {
  joinTeamPayload,
  type JoinTeamFormValues,
  type TeamNameFormValues,
} from './teams/team-forms';
export { useInviteLinkReset, type InviteLinkReset } from './teams/use-invite-link-reset';
export {
  ChangelogPage,
  changelogPageTitle,
  type ChangelogComponentLink,
  type ChangelogEntry,
  type ChangelogPageData,
  type ChangelogPageProps,
  type ChangelogSubscribeFormValues,
} from './changelog/changelog-page';
export {
  NewsletterThankYouPage,
  newsletterThankYouPageTitle,
  type NewsletterThankYouPageData,
  type NewsletterThankYouPageProps,
} from './newsletter-thank-you/newsletter-thank-you-page';
export {
  DocumentationPage,
  documentationPageTitle,
  documentationHref,
  findTocPath,
  type DocumentationEntry,
  type DocumentationPageData,
  type DocumentationPageProps,
  type TocEntry,
} from './documentation/documentation-page';
export {
  SupportPage,
  supportPageTitle,
  type SupportPageData,
  type SupportPageProps,
} from './support/support-page';
export {
  PrivacyPolicyPage,
  privacyPolicyPageTitle,
  type PrivacyPolicyPageData,
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
  type PageViewsReportPageData,
  type PageViewsReportPageProps,
  type PageViewsRow,
} from './admin/page-views-report/page-views-report-page';
export { BackOfficeLayout, BACK_OFFICE_SECTIONS } from './admin/back-office-layout';
export { AUDIT_ACTION_LABELS, AuditEntries } from './admin/audit-entries';
export { formatDateTime } from './admin/format';
export {
  AdminCustomersPage,
  adminCustomersPageTitle,
  type AdminCustomersPageProps as AdminCustomersPageViewProps,
} from './admin/customers/admin-customers-page';
export {
  AdminCustomerPage,
  adminCustomerPageTitle,
  DEACTIVATION_LABELS as ADMIN_DEACTIVATION_LABELS,
  type AdminCustomerPageProps as AdminCustomerPageViewProps,
  type RefundFormValues,
} from './admin/customer/admin-customer-page';
export { AdminAuditLogPage, adminAuditLogPageTitle } from './admin/audit-log/admin-audit-log-page';
export { AdminWebhooksPage, adminWebhooksPageTitle } from './admin/webhooks/admin-webhooks-page';
export { AdminQueuesPage, adminQueuesPageTitle } from './admin/queues/admin-queues-page';
export {
  AdminWebhookPage,
  adminWebhookPageTitle,
  type AdminWebhookPageProps as AdminWebhookPageViewProps,
} from './admin/webhooks/admin-webhook-page';

export type {
  BlackFridayOffer,
  CatalogCategory,
  CatalogComponent,
  CatalogLink,
  CatalogProductSection,
  ComponentChange,
  ComponentTaken,
  ComponentDiff,
  ComponentSnippet,
  ComponentViewType,
  FeaturedProduct,
  Money,
  PlaygroundComponent,
  RelatedComponent,
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
  DirectionToggle,
  directionMessage,
  PreviewWidthSwitch,
  previewWidthName,
  type DirectionMessage,
  type PreviewDirection,
} from './component-view/preview-width-switch';
export {
  ColorSchemeSwitch,
  colorSchemeMessage,
  type ColorSchemeMessage,
} from './component-view/color-scheme-switch';
export {
  ComponentsPage,
  componentsPageTitle,
  type ComponentsPageData,
  type ComponentsPageProps,
} from './components-page/components-page';
export {
  archivedExamplesUrl,
  ComponentCategoryPage,
  componentCategoryPageTitle,
  type ComponentCategoryPageData,
} from './component-category/component-category-page';
export { PreviewPage, previewPageTitle, type PreviewPageData } from './preview-page/preview-page';
export {
  TemplatesPage,
  templatesPageTitle,
  type TemplatesPageData,
} from './templates/templates-page';
export {
  TemplateCard,
  type TemplateCardProps,
  type TemplateCardVariant,
} from './templates/template-card';
export { TemplatePage, templatePageTitle, type TemplatePageData } from './template/template-page';
export { Faq, faqGroups, type FaqProps, type FaqVariant } from './faq/faq';
export { FaqDisclosure } from './faq/faq-disclosure';
export {
  ALREADY_OWNED_LABEL,
  DISCOUNT_NOTE,
  PricingSection,
  pricingHeadline,
  type PlanAction,
  type PricingSectionProps,
} from './pricing-section/pricing-section';
export {
  ProductOffers,
  type ProductOffer,
  type ProductOffersProps,
} from './pricing-section/product-offers';
export {
  BlackFridayBanner,
  designEbookDescription,
  formatOfferEnd,
} from './home/black-friday-banner';
export {
  ALL_ACCESS_TESTIMONIALS,
  AllAccessPage,
  allAccessPageTitle,
  personalPlanAction,
  tailwindVersionLabel,
  teamPlanAction,
  UPGRADE_TO_STANDARD_LABEL,
} from './all-access/all-access-page';
export {
  ALREADY_ON_PACKAGE_HEADLINE,
  AlreadyOnPackagePage,
  alreadyOnPackagePageTitle,
} from './upgrade/already-on-package-page';
export {
  chooseUpgradeHeadline,
  ChooseUpgradePage,
  chooseUpgradePageTitle,
  upgradeOptionName,
} from './upgrade/choose-upgrade-page';
export type {
  AllAccessOffer,
  AllAccessOffers,
  AllAccessPageProps,
  IncludedProduct,
  PersonalAllAccessOffer,
} from './all-access/types';
export type {
  AlreadyOnPackagePageProps,
  ChooseUpgradePageProps,
  UpgradeOption,
} from './upgrade/types';
export { HomeComponentTabs } from './home/home-component-tabs';
export { TemplateCarousel } from './home/template-carousel';

export type { CheckoutFrame, CheckoutPageProps, CheckoutProduct } from './checkout/types';
export {
  CHECKOUT_EVENTS,
  CHECKOUT_STEPS,
  checkoutReducer,
  checkoutStateAfter,
  initialCheckoutState,
  readCheckoutEvent,
  taxRatePercent,
  useCheckoutState,
  type CheckoutAction,
  type CheckoutController,
  type CheckoutCustomerPrices,
  type CheckoutEventName,
  type CheckoutProviderEvent,
  type CheckoutState,
  type CheckoutStatus,
  type CheckoutStep,
} from './checkout/checkout-state';
export {
  CheckoutPage,
  checkoutPageTitle,
  PAYMENT_PROVIDER_DOWN,
  TAXES_PENDING,
  type CheckoutPageViewProps,
} from './checkout/checkout-page';
export {
  SandboxCheckoutFrame,
  type SandboxCheckoutFrameProps,
} from './checkout/sandbox-checkout-frame';
export {
  SANDBOX_CHECKOUT_SOURCE,
  sandboxCheckoutMessage,
  useSandboxCheckoutEvents,
  type SandboxCheckoutMessage,
} from './checkout/sandbox-frame-messages';
export type {
  SandboxCheckoutPageProps,
  SandboxCheckoutStep,
  SandboxDetailsValues,
  SandboxPaymentError,
  SandboxPaymentValues,
  SandboxPrices,
} from './sandbox-checkout/types';
export {
  SandboxCheckoutPage,
  sandboxCheckoutPageTitle,
  type SandboxCheckoutPageViewProps,
} from './sandbox-checkout/sandbox-checkout-page';
export {
  ThankYouPage,
  thankYouPageTitle,
  type PurchasePollStatus,
  type ThankYouPageProps,
  type ThankYouPageViewProps,
} from './thank-you/thank-you-page';
export {
  ErrorPage,
  errorPageCopy,
  ERROR_PAGE_STATUSES,
  type ErrorPageProps,
  type ErrorPageStatus,
} from './error-page/error-page';
export {
  YourUpdatesPage,
  yourUpdatesPageTitle,
  type ComponentUpdate,
  type YourUpdatesPageData,
  type YourUpdatesPageProps,
} from './your-updates/your-updates-page';
