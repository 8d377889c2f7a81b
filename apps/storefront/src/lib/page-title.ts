/** Spec §1: page titles get the product suffix unless they already contain the brand. */
export function formatPageTitle(title: string | undefined, brand: string): string {
  const trimmed = title?.trim() ?? '';
  if (!trimmed) return brand;
  if (trimmed.toLowerCase().includes(brand.toLowerCase())) return trimmed;
  return `${trimmed} - ${brand}`;
}
