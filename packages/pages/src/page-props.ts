import type {
  AdminAuditLogPageProps,
  AdminCustomerPageProps,
  AdminCustomersPageProps,
  AdminQueuesPageProps,
  AdminWebhookPageProps,
  AdminWebhooksPageProps,
} from './admin/types';
import type { PageViewsReportPageData } from './admin/page-views-report/page-views-report-page';
import type { AccountSettingsPageData } from './account-settings/account-settings-page';
import type { CheckoutPageProps } from './checkout/types';
import type { AllAccessPageProps as AllAccessPageData } from './all-access/types';
import type { ChangelogPageData } from './changelog/changelog-page';
import type { ComponentCategoryPageData } from './component-category/component-category-page';
import type { ComponentsPageData } from './components-page/components-page';
import type { DocumentationPageData } from './documentation/documentation-page';
import type { ErrorPageProps } from './error-page/error-page';
import type { ForgotPasswordPageData } from './forgot-password/forgot-password-page';
import type { HomePageData } from './home/home-page';
import type {
  JoinTeamPageProps,
  LicensePageProps,
  RedeemLicensePageProps,
  TeamSettingsPageProps,
} from './licenses/types';
import type { LoginPageData } from './login/login-page';
import type { NewsletterThankYouPageData } from './newsletter-thank-you/newsletter-thank-you-page';
import type { PreviewPageData } from './preview-page/preview-page';
import type { PrivacyPolicyPageData } from './privacy-policy/privacy-policy-page';
import type { ResetPasswordPageData } from './reset-password/reset-password-page';
import type { SandboxCheckoutPageProps } from './sandbox-checkout/types';
import type { SecondFactorPageData } from './second-factor/second-factor-page';
import type { PageProps } from './shared/shared-page-data';
import type { SupportPageData } from './support/support-page';
import type { TemplatePageData } from './template/template-page';
import type { TemplatesPageData } from './templates/templates-page';
import type { ThankYouPageProps } from './thank-you/thank-you-page';
import type { YourUpdatesPageData } from './your-updates/your-updates-page';
import type {
  AlreadyOnPackagePageProps as AlreadyOnPackagePageData,
  ChooseUpgradePageProps as ChooseUpgradePageData,
} from './upgrade/types';

/**
 * The one contract between the server and the pages: for each Inertia component name (the
 * page's name, e.g. AccountSettings), the props the server sends that page. Shared page data
 * (`SharedPageData`) and `errors` come on top of these for every page.
 *
 * - The server's `res.inertia(name, props)` is typed by this map (apps/server
 *   `http/inertia/page-contract.ts`): an unknown name, a prop the page does not expect, or a
 *   missing one fails `pnpm typecheck`. Each prop may be given plainly or wrapped (a function
 *   evaluated only when sent, `once(…)`, `optional(…)`, `always(…)`).
 * - The page's container reads the same type: `usePage<PagePropsFor<'Home'>>()`.
 *
 * Registering a page (Checkout, ThankYou, SandboxCheckout, AllAccess, AlreadyOnPackage,
 * ChooseUpgrade, License, RedeemLicense, TeamSettings, JoinTeam, …):
 * 1. Beside the page component, export the type of what the server sends it (e.g.
 *    `export type CheckoutPageData = { product: CheckoutProduct; … }`), only its own props:
 *    never a shared one, never `errors`.
 * 2. Add one import and one line below, each in alphabetical order, so that branches adding
 *    pages in parallel touch different lines and merge cleanly:
 *    `Checkout: CheckoutPageData;`
 * 3. Export the type from `index.ts`, add the container `apps/storefront/src/pages/Checkout.tsx`
 *    reading `usePage<PagePropsFor<'Checkout'>>()`, and call `res.inertia('Checkout', …)`.
 *
 * It is an interface, so a module of this package may also add its page by declaration merging
 * (`declare module '../page-props' { interface PagePropsByName { Checkout: CheckoutPageData } }`),
 * but one list here is the place a reader looks first: prefer the line.
 */
export interface PagePropsByName {
  AccountSettings: AccountSettingsPageData;
  AdminAuditLog: AdminAuditLogPageProps;
  AdminCustomer: AdminCustomerPageProps;
  AdminCustomers: AdminCustomersPageProps;
  AdminPageViews: PageViewsReportPageData;
  AdminQueues: AdminQueuesPageProps;
  AdminWebhook: AdminWebhookPageProps;
  AdminWebhooks: AdminWebhooksPageProps;
  AllAccess: AllAccessPageData;
  AlreadyOnPackage: AlreadyOnPackagePageData;
  Changelog: ChangelogPageData;
  Checkout: CheckoutPageProps;
  ChooseUpgrade: ChooseUpgradePageData;
  ComponentCategory: ComponentCategoryPageData;
  Components: ComponentsPageData;
  Documentation: DocumentationPageData;
  ErrorPage: ErrorPageProps;
  ForgotPassword: ForgotPasswordPageData;
  Home: HomePageData;
  JoinTeam: JoinTeamPageProps;
  License: LicensePageProps;
  Login: LoginPageData;
  NewsletterThankYou: NewsletterThankYouPageData;
  Preview: PreviewPageData;
  PrivacyPolicy: PrivacyPolicyPageData;
  RedeemLicense: RedeemLicensePageProps;
  ResetPassword: ResetPasswordPageData;
  SandboxCheckout: SandboxCheckoutPageProps;
  SecondFactor: SecondFactorPageData;
  Support: SupportPageData;
  TeamSettings: TeamSettingsPageProps;
  Template: TemplatePageData;
  Templates: TemplatesPageData;
  ThankYou: ThankYouPageProps;
  YourUpdates: YourUpdatesPageData;
}

/** Every page the server may render, by its Inertia component name. */
export type PageName = keyof PagePropsByName;

/** Everything page `N` receives: its own props, the shared page data and `errors`. */
export type PagePropsFor<N extends PageName> = PageProps<PagePropsByName[N]>;
