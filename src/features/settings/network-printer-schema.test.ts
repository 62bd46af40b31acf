import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { networkPrinterSchema } from './network-printer-schema';

const check = (address: string, timeoutSeconds = '10', secureTerminal = false) => {
  const result = v.safeParse(networkPrinterSchema(secureTerminal), { address, timeoutSeconds });
  return result.success ? result.output : result.issues.map((i) => i.message);
};

describe('the network printer form', () => {
  it('takes an address as the terminal will use it: the origin', () => {
    expect(check(' http://192.168.1.50/ ')).toEqual({ address: 'http://192.168.1.50', timeoutSeconds: 10 });
    expect(check('https://printer.local:8443', '3')).toEqual({
      address: 'https://printer.local:8443',
      timeoutSeconds: 3,
    });
  });

  it("refuses an address in the words of parsePrinterAddress's problem", () => {
    expect(check('')).toEqual(['printerNotUrl']);
    expect(check('192.168.1.50')).toEqual(['printerNotUrl']);
    expect(check('ftp://192.168.1.50')).toEqual(['printerScheme']);
    expect(check('http://admin:secret@192.168.1.50')).toEqual(['printerCredentials']);
    expect(check('http://192.168.1.50/cgi-bin/epos/service.cgi')).toEqual(['printerPath']);
  });

  it('a terminal served over https refuses a plain http printer on the network (mixed content), not this machine', () => {
    expect(check('http://192.168.1.50', '10', true)).toEqual(['printerMixed']);
    expect(check('https://192.168.1.50', '10', true)).toMatchObject({ address: 'https://192.168.1.50' });
    expect(check('http://127.0.0.1:9100', '10', true)).toMatchObject({ address: 'http://127.0.0.1:9100' });
  });

  it('gives the printer 1 to 60 seconds for a slip', () => {
    for (const bad of ['0', '61', 'abc', '-3', '2.5', ''])
      expect(check('http://10.0.0.9', bad)).toEqual(['wholeRange']);
    expect(check('http://10.0.0.9', ' 60 ')).toMatchObject({ timeoutSeconds: 60 });
  });
});
