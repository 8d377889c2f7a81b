/** Stands in for a page inside layout stories and tests. */
export function PagePlaceholder({ title = 'Page content' }: { title?: string }) {
  return (
    <div className="max-w-7xl px-6 py-16 lg:px-8 mx-auto">
      <h1 className="text-3xl font-semibold tracking-tight text-gray-900">{title}</h1>
      <div className="mt-8 h-64 border-gray-200 rounded-card border-2 border-dashed" />
    </div>
  );
}
