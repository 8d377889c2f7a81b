/**
 * The catalogue's size as the copy states it. The spec's "over 500" is a claim we may make only
 * while it is true, so it comes from the count of current components the server sends.
 */
export function componentCountClaim(count: number): string {
  return count >= 500 ? `Over ${Math.floor(count / 100) * 100}` : String(count);
}
