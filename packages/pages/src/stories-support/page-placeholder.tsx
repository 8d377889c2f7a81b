/** Stands in for a page inside layout stories and tests. */
export function PagePlaceholder({ title = 'Page content' }: { title?: string }) {
  return (
    <div className="mx-auto max-w-7xl px-6 py-16 lg:px-8">
      <h1 className="text-3xl font-semibold tracking-tight text-gray-900">{title}</h1>
      <div className="mt-8 h-64 rounded-card border-2 border-dashed border-gray-200" />
    </div>
  );
}
