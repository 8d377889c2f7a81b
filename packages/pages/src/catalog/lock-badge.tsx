import { Badge, cn } from '@tessera/ui';

/** What assistive technology hears for a locked subcategory (PNG previews until an upgrade). */
export const LOCKED_DESCRIPTION = 'Locked: PNG previews only until you upgrade';

export type LockBadgeProps = {
  /** Show 'PNG only' beside the lock; icon-only otherwise (the text is still read out). */
  showLabel?: boolean;
  className?: string;
};

/** The lock on a subcategory whose components the viewer sees as PNG previews only. */
export function LockBadge({ showLabel = false, className }: LockBadgeProps) {
  return (
    <Badge
      variant="lock"
      data-slot="lock-badge"
      title={LOCKED_DESCRIPTION}
      className={cn('py-1', !showLabel && 'px-1.5', className)}
    >
      <span className="sr-only">{LOCKED_DESCRIPTION}</span>
      {showLabel ? <span aria-hidden="true">PNG only</span> : null}
    </Badge>
  );
}
