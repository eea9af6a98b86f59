const CORNERS = [
  'top-0 left-0 border-t-4 border-l-4 rounded-tl-xl',
  'top-0 right-0 border-t-4 border-r-4 rounded-tr-xl',
  'bottom-0 left-0 border-b-4 border-l-4 rounded-bl-xl',
  'bottom-0 right-0 border-b-4 border-r-4 rounded-br-xl',
];

/**
 * The square a volunteer aims the ticket into. The dimmed surround is a huge shadow of the square itself,
 * so the frame stays centred at any size. Purely visual: zxing and the native detector read the whole frame.
 */
export function ScanFrame({ captured }: { captured: boolean }) {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 flex items-center justify-center">
      <div className="relative aspect-square w-[68%] max-w-80 rounded-xl shadow-[0_0_0_100vmax_rgb(34_6_11/0.5)]">
        {CORNERS.map((corner) => (
          <span
            key={corner}
            className={`absolute size-10 ${corner} ${captured ? 'border-gold-300' : 'border-saffron-400'}`}
          />
        ))}
        {!captured && (
          <span className="absolute inset-x-3 top-1/2 h-0.5 animate-shimmer rounded-full bg-saffron-300/80" />
        )}
      </div>
    </div>
  );
}
