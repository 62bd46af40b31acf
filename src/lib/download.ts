/**
 * UTF-8's byte order mark: Excel opens a double-clicked CSV file as UTF-8 only when it starts with
 * it (else a cashier's "Jürgen" and a masked "•••• 0001" come out garbled). The files stay
 * machine-readable as they are, whatever the store's locale: comma-delimited, dot decimal, times
 * in ISO 8601 UTC; so the mark is the only concession to the spreadsheet.
 */
const BOM = '\uFEFF';

/** Whether a type is CSV's (`text/csv`, with or without its parameters). */
const isCsv = (type: string) => type.split(';')[0]?.trim().toLowerCase() === 'text/csv';

/**
 * Hands a file to the browser's downloads; its URL is released once the browser has taken it.
 * Every CSV file starts with the byte order mark, added here and nowhere else.
 */
export function downloadFile(name: string, content: string, type: string): void {
  const link = document.createElement('a');
  const text = isCsv(type) && !content.startsWith(BOM) ? BOM + content : content;
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
