import { Badge } from '@tessera/ui';
import type { WebhookEventRecord } from '../types';

export const WEBHOOK_OUTCOME_LABELS: Record<string, string> = {
  applied: 'Applied',
  ignored: 'Ignored',
  held: 'Held',
  failed: 'Failed',
};

/** A webhook event's outcome: applied (green), failed (red), held or ignored (neutral). */
export function WebhookOutcome({ outcome }: { outcome: WebhookEventRecord['outcome'] }) {
  const variant = outcome === 'applied' ? 'new' : outcome === 'failed' ? 'danger' : 'neutral';
  return <Badge variant={variant}>{WEBHOOK_OUTCOME_LABELS[outcome] ?? outcome}</Badge>;
}
