import { Button } from '@tessera/ui';

export type ImpersonationBannerProps = {
  email: string;
  /** The container sends DELETE /impersonate. */
  onStopImpersonating: () => void;
  stopping?: boolean;
};

export function ImpersonationBanner({
  email,
  onStopImpersonating,
  stopping = false,
}: ImpersonationBannerProps) {
  return (
    <div
      role="region"
      aria-label="Impersonation"
      className="bg-danger-600 px-6 py-2.5 text-white lg:px-8"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-4 gap-y-2">
        <p className="text-sm/6">
          You are impersonating <strong className="font-semibold">{email}</strong>.
        </p>
        <Button
          size="sm"
          variant="secondary"
          loading={stopping}
          onClick={onStopImpersonating}
          className="h-7 rounded-full px-3.5 text-danger-700 ring-0 hover:bg-danger-50"
        >
          Stop Impersonating
        </Button>
      </div>
    </div>
  );
}
