import { CODE128 } from 'jsbarcode/bin/barcodes/CODE128';
import { useMemo } from 'react';

const QUIET = 10;

/** A Code 128 barcode as SVG (JsBarcode's encoder; only the bars are drawn here). */
export function Barcode({ value, height = 60, label }: { value: string; height?: number; label: string }) {
  const bars = useMemo(() => {
    const code = new CODE128(value, {});
    return code.valid() ? code.encode().data : '';
  }, [value]);
  if (!bars) return null;
  const width = bars.length + QUIET * 2;
  const rects: { x: number; w: number }[] = [];
  for (let i = 0; i < bars.length; i += 1) {
    if (bars[i] !== '1') continue;
    const last = rects.at(-1);
    if (last && last.x + last.w === i + QUIET) last.w += 1;
    else rects.push({ x: i + QUIET, w: 1 });
  }
  return (
    <svg
      className="barcode"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      data-bars={bars}
    >
      <rect width={width} height={height} fill="#fff" />
      {rects.map((r) => (
        <rect key={r.x} x={r.x} width={r.w} height={height} fill="#000" />
      ))}
    </svg>
  );
}
