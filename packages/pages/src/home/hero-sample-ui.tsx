const bars = [38, 62, 48, 80, 56, 92, 70, 84, 60, 96, 74, 88];

const rows = [
  { tone: 'bg-emerald-400', width: 'w-28' },
  { tone: 'bg-brand-400', width: 'w-20' },
  { tone: 'bg-amber-400', width: 'w-24' },
  { tone: 'bg-emerald-400', width: 'w-16' },
];

/** Spec §2 "Landing hero with decorative sample UI": a stylised dashboard built from components. */
export function HeroSampleUi() {
  return (
    <div aria-hidden="true" className="relative">
      <div className="rounded-2xl bg-gray-900/5 p-2 ring-gray-900/10 lg:rounded-3xl lg:p-3 ring-1 ring-inset">
        <div className="rounded-xl bg-white shadow-2xl ring-gray-900/10 overflow-hidden ring-1">
          <div className="gap-2 border-gray-100 px-4 py-3 flex items-center border-b">
            <span className="size-2.5 bg-red-400 rounded-full" />
            <span className="size-2.5 bg-amber-400 rounded-full" />
            <span className="size-2.5 bg-emerald-400 rounded-full" />
            <span className="ml-4 h-5 rounded-md bg-gray-100 flex-1" />
          </div>
          <div className="flex">
            <div className="w-36 space-y-3 border-gray-100 p-4 sm:block hidden shrink-0 border-r">
              <div className="h-6 w-20 rounded-md bg-brand-600" />
              {['w-24', 'w-16', 'w-20', 'w-14', 'w-24'].map((width, index) => (
                <div key={index} className="gap-2 flex items-center">
                  <span className="size-3 rounded bg-gray-200" />
                  <span className={`h-2.5 bg-gray-200 rounded-full ${width}`} />
                </div>
              ))}
            </div>
            <div className="space-y-4 p-4 sm:p-5 flex-1">
              <div className="gap-3 grid grid-cols-3">
                {['bg-brand-50', 'bg-emerald-50', 'bg-amber-50'].map((tone) => (
                  <div key={tone} className={`rounded-lg p-3 ${tone}`}>
                    <div className="h-2 w-10 bg-gray-300 rounded-full" />
                    <div className="mt-3 h-4 w-14 rounded-md bg-gray-800" />
                  </div>
                ))}
              </div>
              <div className="rounded-lg border-gray-100 p-4 border">
                <div className="h-28 gap-1.5 flex items-end">
                  {bars.map((height, index) => (
                    <span
                      key={index}
                      className="rounded-t-sm flex-1 bg-gradient-to-t from-brand-600 to-brand-400"
                      style={{ height: `${height}%` }}
                    />
                  ))}
                </div>
              </div>
              <div className="divide-gray-100 rounded-lg border-gray-100 divide-y border">
                {rows.map((row, index) => (
                  <div key={index} className="gap-3 px-4 py-2.5 flex items-center">
                    <span className="size-6 bg-gray-200 rounded-full" />
                    <span className={`h-2.5 bg-gray-300 rounded-full ${row.width}`} />
                    <span className={`h-4 w-12 ml-auto rounded-full opacity-80 ${row.tone}`} />
                  </div>
                ))}
              </div>
            </div>
          </div>
        </div>
      </div>
      <div className="-bottom-6 -left-6 w-56 rounded-xl bg-white p-4 shadow-xl ring-gray-900/10 sm:block absolute hidden ring-1">
        <div className="gap-3 flex items-center">
          <span className="size-9 rounded-lg bg-brand-600" />
          <div className="space-y-2">
            <div className="h-2.5 w-24 bg-gray-800 rounded-full" />
            <div className="h-2 w-16 bg-gray-300 rounded-full" />
          </div>
        </div>
        <div className="mt-4 h-8 rounded-md bg-gray-900" />
      </div>
    </div>
  );
}
