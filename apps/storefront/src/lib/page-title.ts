/** A page's title gets ' - {brand}' unless it already contains the brand. */
export function formatPageTitle(title: string | undefined, brand: string): string {
  const trimmed = title?.trim() ?? '';
  if (!trimmed) return brand;
  if (trimmed.toLowerCase().includes(brand.toLowerCase())) return trimmed;
  return `${trimmed} - ${brand}`;
}
