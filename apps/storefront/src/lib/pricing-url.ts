/**
 * Where 'Get the code' and 'Upgrade to get these components' lead: the pricing section of the
 * Components page, until the all-access page arrives with the commerce work.
 */
export const PRICING_URL = '/components#pricing';
