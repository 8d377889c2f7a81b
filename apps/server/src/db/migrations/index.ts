import { accounts } from './0001-accounts.ts';
import { purchases } from './0002-purchases.ts';
import { catalogueVisits } from './0003-catalogue-visits.ts';
import { emailChangeUndo } from './0004-email-change-undo.ts';
import { previewColorScheme } from './0005-preview-color-scheme.ts';
import { commerceAndTeams } from './0006-commerce-and-teams.ts';
import { payments } from './0007-payments.ts';
import { licenseTeamIndex } from './0008-license-team-index.ts';
import { productDescriptions } from './0009-product-descriptions.ts';
import { backOffice } from './0010-back-office.ts';
import { checkoutLicenseProduct } from './0011-checkout-license-product.ts';
import { accessTokens } from './0012-access-tokens.ts';
import { testMode } from './0020-test-mode.ts';
import { purchaseCredits } from './0021-purchase-credits.ts';
import { licenseGoods } from './0035-license-goods.ts';
import { relativeReceiptLinks } from './0036-relative-receipt-links.ts';
import { secondFactor } from './0037-second-factor.ts';
import { periodicJobs } from './0045-periodic-jobs.ts';
import { passkeys } from './0046-passkeys.ts';
import { productChangeSignal } from './0047-product-change-signal.ts';
import { previewWidth } from './0048-preview-width.ts';
import { componentsTaken } from './0049-components-taken.ts';
import { colorScheme } from './0050-color-scheme.ts';
import type { MigrationContext, StoreMigration } from './context.ts';

/**
 * Every migration, in order. Names are permanent: the migrator records them in the database.
 * A change is a new file. Expand/contract (context.ts, decision 035): the previous release must
 * keep running against what a migration leaves, unless the migration says otherwise.
 */
export function migrations(context: MigrationContext): Record<string, StoreMigration> {
  return {
    '0001-accounts': accounts(context),
    '0002-purchases': purchases(context),
    '0003-catalogue-visits': catalogueVisits(context),
    '0004-email-change-undo': emailChangeUndo(context),
    '0005-preview-color-scheme': previewColorScheme(context),
    '0006-commerce-and-teams': commerceAndTeams(context),
    '0007-payments': payments(context),
    '0008-license-team-index': licenseTeamIndex(context),
    '0009-product-descriptions': productDescriptions(context),
    '0010-back-office': backOffice(context),
    '0011-checkout-license-product': checkoutLicenseProduct(context),
    '0012-access-tokens': accessTokens(context),
    '0020-test-mode': testMode(context),
    '0021-purchase-credits': purchaseCredits(context),
    '0035-license-goods': licenseGoods(context),
    '0036-relative-receipt-links': relativeReceiptLinks(),
    '0037-second-factor': secondFactor(context),
    '0045-periodic-jobs': periodicJobs(),
    '0046-passkeys': passkeys(context),
    '0047-product-change-signal': productChangeSignal(context),
    '0048-preview-width': previewWidth(context),
    '0049-components-taken': componentsTaken(context),
    '0050-color-scheme': colorScheme(context),
  };
}
