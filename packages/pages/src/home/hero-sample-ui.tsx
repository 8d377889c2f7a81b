const bars = [38, 62, 48, 80, 56, 92, 70, 84, 60, 96, 74, 88];

const rows = [
  { tone: 'bg-emerald-400', width: 'w-28' },
  { tone: 'bg-brand-400', width: 'w-20' },
  { tone: 'bg-amber-400', width: 'w-24' },
  { tone: 'bg-emerald-400', width: 'w-16' },
];

/** The landing hero's decorative sample UI: a stylised dashboard built from components. */
export function HeroSampleUi() {
  return (
    <div aria-hidden="true" className="relative">
      <div className="rounded-2xl bg-gray-900/5 p-2 ring-1 ring-gray-900/10 ring-inset lg:rounded-3xl lg:p-3">
        <div className="overflow-hidden rounded-xl bg-white shadow-2xl ring-1 ring-gray-900/10">
          <div className="flex items-center gap-2 border-b border-gray-100 px-4 py-3">
            <span className="size-2.5 rounded-full bg-red-400" />
            <span className="size-2.5 rounded-full bg-amber-400" />
            <span className="size-2.5 rounded-full bg-emerald-400" />
            <span className="ml-4 h-5 flex-1 rounded-md bg-gray-100" />
          </div>
          <div className="flex">
            <div className="hidden w-36 shrink-0 space-y-3 border-r border-gray-100 p-4 sm:block">
              <div className="h-6 w-20 rounded-md bg-brand-600" />
              {['w-24', 'w-16', 'w-20', 'w-14', 'w-24'].map((width, index) => (
                <div key={index} className="flex items-center gap-2">
                  <span className="size-3 rounded bg-gray-200" />
                  <span className={`h-2.5 rounded-full bg-gray-200 ${width}`} />
                </div>
              ))}
            </div>
            <div className="flex-1 space-y-4 p-4 sm:p-5">
              <div className="grid grid-cols-3 gap-3">
                {['bg-brand-50', 'bg-emerald-50', 'bg-amber-50'].map((tone) => (
                  <div key={tone} className={`rounded-lg p-3 ${tone}`}>
                    <div className="h-2 w-10 rounded-full bg-gray-300" />
                    <div className="mt-3 h-4 w-14 rounded-md bg-gray-800" />
                  </div>
                ))}
              </div>
              <div className="rounded-lg border border-gray-100 p-4">
                <div className="flex h-28 items-end gap-1.5">
                  {bars.map((height, index) => (
                    <span
                      key={index}
                      className="flex-1 rounded-t-sm bg-gradient-to-t from-brand-600 to-brand-400"
                      style={{ height: `${height}%` }}
                    />
                  ))}
                </div>
              </div>
              <div className="divide-y divide-gray-100 rounded-lg border border-gray-100">
                {rows.map((row, index) => (
                  <div key={index} className="flex items-center gap-3 px-4 py-2.5">
                    <span className="size-6 rounded-full bg-gray-200" />
                    <span className={`h-2.5 rounded-full bg-gray-300 ${row.width}`} />
                    <span className={`ml-auto h-4 w-12 rounded-full opacity-80 ${row.tone}`} />
                  </div>
                ))}
              </div>
            </div>
          </div>
        </div>
      </div>
      <div className="absolute -bottom-6 -left-6 hidden w-56 rounded-xl bg-white p-4 shadow-xl ring-1 ring-gray-900/10 sm:block">
        <div className="flex items-center gap-3">
          <span className="size-9 rounded-lg bg-brand-600" />
          <div className="space-y-2">
            <div className="h-2.5 w-24 rounded-full bg-gray-800" />
            <div className="h-2 w-16 rounded-full bg-gray-300" />
          </div>
        </div>
        <div className="mt-4 h-8 rounded-md bg-gray-900" />
      </div>
    </div>
  );
}
