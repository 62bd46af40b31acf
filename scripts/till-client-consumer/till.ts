/**
 * A till's own code as an integrator on `moduleResolution: NodeNext` writes it, typechecked against
 * the built client's types (`npm run build:till-client` runs this): relative imports in the
 * published .d.ts files must carry their extension, or such a till does not compile.
 */
import { connectTerminal, type TillResult } from '../../dist/till-client/till-client.js';

const frame = document.createElement('iframe');
const terminal = connectTerminal({ window: () => frame.contentWindow, origin: 'https://terminal.example' });
export const paid: Promise<TillResult> = terminal.pay({ reference: 'R-1001', amountDue: 4250, currency: 'EUR' });
