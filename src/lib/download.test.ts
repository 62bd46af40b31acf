// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadFile } from './download';

/** The file the browser saves, as its bytes, and the name it saves it under. */
async function saved(name: string, content: string, type: string): Promise<{ name: string; bytes: number[] }> {
  let blob: Blob | undefined;
  let savedAs = '';
  Object.assign(URL, {
    createObjectURL: vi.fn((b: Blob) => {
      blob = b;
      return 'blob:x';
    }),
    revokeObjectURL: vi.fn(),
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    savedAs = this.download;
  });
  downloadFile(name, content, type);
  return { name: savedAs, bytes: [...new Uint8Array(await blob!.arrayBuffer())] };
}

const utf8 = (text: string) => [...new TextEncoder().encode(text)];

describe('a file handed to the downloads', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a CSV file starts with UTF-8’s byte order mark, so Excel reads "Jürgen" and "•••• 0001" as written', async () => {
    const csv = 'operator,number\r\nJürgen,•••• 0001\r\n';
    const file = await saved('journal.csv', csv, 'text/csv;charset=utf-8');
    expect(file.name).toBe('journal.csv');
    expect(file.bytes).toEqual([0xef, 0xbb, 0xbf, ...utf8(csv)]);
    // Once, however it is asked for.
    expect((await saved('x.csv', `\uFEFF${csv}`, 'Text/CSV')).bytes).toEqual([0xef, 0xbb, 0xbf, ...utf8(csv)]);
  });

  it('any other file as it is', async () => {
    expect((await saved('z.json', '{"a":"ü"}', 'application/json')).bytes).toEqual(utf8('{"a":"ü"}'));
  });
});
