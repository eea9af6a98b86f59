import { useState } from 'react';

/** The person's picture, or the first letter of their name when there is none (or it fails to load). */
export function Avatar({ name, src, size = 36 }: { name: string; src: string | null; size?: number }) {
  const [failed, setFailed] = useState(false);
  const initial = (name.trim().charAt(0) || '?').toUpperCase();
  const style = { width: size, height: size };
  if (src && !failed) {
    return (
      <img
        src={src}
        alt=""
        width={size}
        height={size}
        style={style}
        referrerPolicy="no-referrer"
        className="shrink-0 rounded-full object-cover ring-2 ring-gold-400/60"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      style={style}
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-saffron-300 to-gold-400 font-bold text-ink ring-2 ring-gold-400/60"
    >
      {initial}
    </span>
  );
}
