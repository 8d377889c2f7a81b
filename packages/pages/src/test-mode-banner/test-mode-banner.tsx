/**
 * On every page of a store in test mode (its payments are test payments: test cards, no money;
 * decision 040), above everything else, so a test store is never taken for a live one.
 */
export function TestModeBanner() {
  return (
    <div
      role="region"
      aria-label="Test mode"
      data-slot="test-mode-banner"
      className="bg-amber-300 px-6 py-2 text-gray-950 lg:px-8"
    >
      <p className="mx-auto max-w-7xl text-center text-sm/6">
        <strong className="font-semibold">Test mode.</strong> This store takes test payments only:
        test cards, no money. Nothing bought here is paid for, and its licences are test licences
        that a live store does not accept.
      </p>
    </div>
  );
}
