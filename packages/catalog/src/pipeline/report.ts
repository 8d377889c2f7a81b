import type { BuildStats } from './build.ts';
import type { CatalogJson } from './types.ts';

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)}s`;
}

/** The build's console summary: counts per product, category and subcategory, then timings. */
export function formatSummary(catalog: CatalogJson, stats: BuildStats): string[] {
  const rows: Array<[string, number, number]> = [];
  let total = 0;
  let totalArchived = 0;
  for (const product of catalog.products) {
    const productRow: [string, number, number] = [product.name, 0, 0];
    rows.push(productRow);
    for (const category of product.categories) {
      const categoryRow: [string, number, number] = [`  ${category.name}`, 0, 0];
      rows.push(categoryRow);
      for (const subcategory of category.subcategories) {
        const archived = subcategory.components.length - subcategory.componentCount;
        rows.push([`    ${subcategory.name}`, subcategory.componentCount, archived]);
        categoryRow[1] += subcategory.componentCount;
        categoryRow[2] += archived;
      }
      productRow[1] += categoryRow[1];
      productRow[2] += categoryRow[2];
    }
    total += productRow[1];
    totalArchived += productRow[2];
  }
  rows.push(['Total', total, totalArchived]);
  const width = Math.max(
    ...rows.map(([name]) => name.length),
    'Product / category / subcategory'.length,
  );
  const line = (name: string, count: string, archived: string) =>
    `${name.padEnd(width)}  ${count.padStart(10)}  ${archived.padStart(8)}`;
  const t = stats.timings;
  return [
    line('Product / category / subcategory', 'components', 'archived'),
    '-'.repeat(width + 22),
    ...rows.map(([name, count, archived]) => line(name, String(count), String(archived))),
    '',
    `Converted and checked ${stats.converted} component(s), ${stats.convertedFromCache} from cache; ` +
      `screenshots: ${stats.screenshotsTaken} rendered, ${stats.screenshotsFromCache} from cache.`,
    `Timings: load ${seconds(t.load)}, convert ${seconds(t.convert)}, highlight ${seconds(t.highlight)}, ` +
      `rendered-text check ${seconds(t.rendered)}, previews ${seconds(t.previews)}, screenshots ${seconds(t.screenshots)}, total ${seconds(t.total)}.`,
    `Screenshot renders agreeing: ${stats.screenshotAgreement.identical} identical, ` +
      `${stats.screenshotAgreement.withinTolerance} within tolerance; ` +
      `${stats.screenshotAgreement.retaken} component(s) rendered a third time.`,
    `Screenshot page time per mode: light ${seconds(t.screenshotsLight)}, dark ${seconds(t.screenshotsDark)}; ` +
      `dark mode checked for ${stats.darkChecked} component(s), ${stats.darkPending} pending (dark-pending.txt).`,
    `Right to left: ${stats.rtlChecked} laid out in Chromium, ${stats.rtlFromCache} from cache; ` +
      `${stats.rtlPassed} pass, ${stats.rtlPending} pending (rtl-pending.txt).`,
  ];
}
