const SIZES = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-[3px]' } as const;

function Ring({ size }: { size: keyof typeof SIZES }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block shrink-0 animate-spin rounded-full border-current border-r-transparent ${SIZES[size]}`}
    />
  );
}

/** A spinning ring; with a label it is announced as a status, without one it is decoration. */
export function Spinner({ size = 'md', label }: { size?: keyof typeof SIZES; label?: string }) {
  if (!label) return <Ring size={size} />;
  return (
    <span role="status" className="inline-flex">
      <Ring size={size} />
      <span className="sr-only">{label}</span>
    </span>
  );
}
