import type { Config } from '../../../config.ts';
import type { DatabaseHandle } from '../../../db/database.ts';
import type { Logger } from '../../../logger.ts';
import { checkoutsService, type CheckoutsService } from './checkouts.ts';
import { createFulfilment, type Fulfilment } from './fulfilment.ts';
import { createPaddleProvider } from './paddle-provider.ts';
import { createRefunds, type Refunds } from './refunds.ts';
import type { PaymentProvider } from './provider.ts';
import { createWebhookDeliverer, type WebhookDeliverer } from '../sandbox/deliveries.ts';
import { createSandboxProvider, type SandboxProvider } from '../sandbox/provider.ts';

const WEBHOOK_PATH = '/webhooks/paddle';

/** The money path, made once per process (services.ts) from the configuration. */
export interface Payments {
  provider: PaymentProvider;
  checkouts: CheckoutsService;
  fulfilment: Fulfilment;
  /** The one refund path: the receipt's and the back office's (decision 041). */
  refunds: Refunds;
  /** The sandbox provider and its webhook deliverer, when PAYMENT_PROVIDER is sandbox. */
  sandbox: SandboxProvider | null;
  deliverer: WebhookDeliverer | null;
  webhookSecrets: readonly string[];
  toleranceSeconds: number;
  now: () => number;
  /** Once listening: where the sandbox delivers, unless SANDBOX_WEBHOOK_URL says otherwise. */
  listeningAt(origin: string): void;
  start(): void;
  stop(): Promise<void>;
}

export function createPayments(deps: {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  now?: () => number;
}): Payments {
  const { config, database, logger } = deps;
  const now = deps.now ?? Date.now;
  const settings = config.payments;
  let provider: PaymentProvider;
  let sandbox: SandboxProvider | null = null;
  let deliverer: WebhookDeliverer | null = null;
  let webhookSecrets: readonly string[];
  if (settings.provider === 'sandbox') {
    deliverer = createWebhookDeliverer({
      database,
      secret: settings.webhookSecret,
      target: settings.webhookUrl ?? `${config.appUrl}${WEBHOOK_PATH}`,
      chaos: settings.chaos,
      logger,
      now,
    });
    sandbox = createSandboxProvider({
      database,
      appUrl: config.appUrl,
      chaos: settings.chaos,
      deliverer,
      now,
    });
    provider = sandbox;
    webhookSecrets = [settings.webhookSecret];
  } else {
    provider = createPaddleProvider({
      apiKey: settings.apiKey,
      clientToken: settings.clientToken,
      environment: settings.environment,
      appUrl: config.appUrl,
    });
    webhookSecrets = settings.webhookSecrets;
  }
  const fulfilment = createFulfilment({
    database,
    provider,
    appUrl: config.appUrl,
    logger,
    testMode: config.testMode,
    now,
  });
  const checkouts = checkoutsService({
    database,
    provider,
    mode: { testMode: config.testMode },
    now,
  });
  return {
    provider,
    checkouts,
    fulfilment,
    refunds: createRefunds({ database, provider }),
    sandbox,
    deliverer,
    webhookSecrets,
    toleranceSeconds: settings.webhookToleranceSeconds,
    now,
    listeningAt(origin) {
      if (deliverer && settings.provider === 'sandbox' && !settings.webhookUrl) {
        deliverer.setTarget(`${origin}${WEBHOOK_PATH}`);
      }
    },
    start() {
      deliverer?.start();
    },
    async stop() {
      await deliverer?.stop();
    },
  };
}
