import { CHECKOUT_FRAME_INITIAL_HEIGHT } from '../constants';

/** Stands in for the payment provider's frame in checkout stories and tests. */
export function CheckoutFramePlaceholder() {
  return (
    <div
      data-testid="payment-frame"
      style={{ height: CHECKOUT_FRAME_INITIAL_HEIGHT }}
      className="flex items-center justify-center rounded-card border-2 border-dashed border-gray-300 text-sm text-gray-500"
    >
      <button type="button" className="rounded-control border bg-white px-3 py-2 text-gray-700">
        Payment provider’s frame
      </button>
    </div>
  );
}
