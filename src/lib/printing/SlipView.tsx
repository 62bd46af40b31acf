import type { SlipDoc } from '@/lib/printing/slip-doc';
import { Barcode } from './Barcode';

/** A slip document on screen and through the browser's print dialog. */
export function SlipView({ doc, className = '' }: { doc: SlipDoc; className?: string }) {
  return (
    <article className={`slip ${className}`.trim()} aria-label={doc.name}>
      {doc.training && <p className="slip-training">{doc.training}</p>}
      <p className="slip-title">{doc.title}</p>
      {doc.subtitle && (
        <p className="slip-series">
          <bdi>{doc.subtitle}</bdi>
        </p>
      )}
      {doc.header.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {doc.number && <p className="slip-number">{doc.number}</p>}
      {doc.barcode && <Barcode value={doc.barcode.value} label={doc.barcode.label} />}
      {doc.barcode?.text && <p className="slip-reference">{doc.barcode.text}</p>}
      <dl>
        {doc.rows.map((row, i) => (
          <div key={i}>
            <dt>{row.label}</dt>
            <dd>
              <bdi>{row.value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
      {doc.training && <p className="slip-training">{doc.training}</p>}
    </article>
  );
}
