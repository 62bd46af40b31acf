/** The customer display and the terminal talk over this BroadcastChannel (same origin only). */
export const DISPLAY_CHANNEL = 'loyalty-terminal-customer-display';

/** Where the display window opens. */
export const DISPLAY_PATH = '/#/customer-display';
export const DISPLAY_WINDOW = 'loyalty-customer-display';
