import { COMPONENTS_CLAIMED } from '../constants';

/**
 * The catalogue's size as the copy states it. "Over 500 components" is a claim we may make only
 * while it is true, so it comes from the count of current components the server sends: below the
 * claim the exact number, from it on "Over" the whole hundreds reached.
 */
export function componentCountClaim(count: number): string {
  return count >= COMPONENTS_CLAIMED ? `Over ${Math.floor(count / 100) * 100}` : String(count);
}
