import type { Message } from './message';

/**
 * English texts of the first screen (the header, the amount due, the sign-on's way there): in the
 * first download. The rest are in en-more.ts, loaded with the first screen that needs them. Every
 * other language supplies the keys of both (checked by the type of `de` and by catalogs.test.ts).
 * A text that names a count has a form per plural category (Intl.PluralRules).
 */
export const en = {
  appTitle: 'Loyalty terminal',
  'nav.label': 'Main',
  'nav.lookup': 'Card lookup',
  'nav.training': 'Training',
  'nav.settings': 'Settings',
  'nav.returns': 'Returns',
  'training.banner': 'TRAINING — simulated server, no real money',
  'training.starting': 'Starting the training server…',
  'training.startFailed': 'The training server could not start: {reason}',
  'mode.live': 'Live: {server}',
  'mode.trainingShort': 'TRAINING',
  'menu.open': 'Menu',
  'menu.language': 'Language',
  'error.retry': 'Try again',
  'error.crash': 'Something went wrong on this screen.',
  'error.reload': 'Reload the terminal',
  'error.notLoaded':
    'This screen could not be loaded: the terminal has a new version, or the network is down. Reload the terminal; payments under way are kept.',
  'error.partFailed':
    'Part of the terminal could not load (a new version, or no network). Reload; payments under way are kept.',
  'nav.sale': 'Sale',
  'sale.settingsChanged':
    "The terminal's server, currency or mode was being changed (in Settings, perhaps in another window), so nothing was recorded or sent. Look at the sale on screen and try again.",
  'sale.notRecorded':
    'This terminal could not record that, so nothing was sent. Try again; if it keeps failing, reload the page.',
  'sale.newTitle': 'New sale',
  'sale.dueLabel': 'Amount due',
  'sale.start': 'Start sale',
  'sale.keypad': 'Keypad',
  'sale.key.clear': 'Clear',
  'sale.key.backspace': 'Delete last digit',
  'sale.waiting': {
    one: '{count} operation waiting to reach the server',
    other: '{count} operations waiting to reach the server',
  },
  'amount.empty': 'Enter an amount.',
  'amount.not_a_number': 'Enter an amount like {example}.',
  'amount.too_many_decimals': 'Too many decimals for this currency.',
  'amount.not_positive': 'The amount must be more than zero.',
  'amount.too_large': 'That amount is too large.',
  'amount.over_remaining': 'More than what is still due.',
  'amount.over_available': 'More than this card has available.',
  'nav.issue': 'Issue',
  'nav.journal': 'Journal',
  'journal.attentionCount': { one: '{count} operation needs a manager', other: '{count} operations need a manager' },
  'amount.ambiguous':
    'Did you mean {decimal} or {grouping}? Type it so it can only be one: {typedGrouping} or {typedDecimal}.',
  'sale.cardBeforeDue': 'Card {number} was read. Key the amount due first, start the sale, then scan the card to pay.',
  'mode.insecure': 'not encrypted',
  'manager.lock': 'Lock manager',
  'cashier.signOff': 'Sign off',
  'cashier.current': 'Cashier: {name}',
  'screen.loading': 'Loading…',
  'update.ready': 'A new version of the terminal is ready. It is offered between sales; nothing waiting is lost.',
  'update.apply': 'Update now',
  'display.open': 'Customer display',
  'printer.failed': "The receipt printer did not answer: the slip went to the browser's print dialog instead.",
  'printer.dismiss': 'OK',
  'printer.notLoaded':
    "Printing could not load (a new version, or no network): the slip went to the browser's print dialog. Reload between sales.",
  'camera.open': 'Scan with camera',
  'camera.starting': 'Starting the camera…',
  'storage.unusable': 'This browser keeps no records here: payments and issues are off. Lookups and training work.',
  'storage.noPayments':
    'No payment can be taken: this browser does not let the terminal keep its records (a private window, or site data blocked), and a payment without a record could be lost. Open the terminal in a normal window, or allow this site to keep data in the browser settings. Card lookups and training still work.',
  'storage.olderWindow':
    'Another window of this terminal runs an older version: close or reload it, and this one goes on. Nothing is lost.',
  'storage.updatedElsewhere': 'The terminal was updated in another window: reload this one to go on. Nothing is lost.',
  'storage.olderVersion':
    'A newer version of the terminal wrote the records here: reload (if this stays, that version must be served again). No payment is taken until then; nothing is lost.',
  'storage.unanswered':
    'The browser did not open the records in {seconds} s: reload (again: restart the browser). No payment is taken until then.',
  'storage.closed': 'The browser closed the records (site data cleared?): reload. No payment is taken until then.',
  'storage.unwritable':
    'Records cannot be saved: free space on this device. Nothing unsaved is sent; payments under way finish then, charged once.',
  'storage.reload': 'Reload',
  'storage.evicted': 'The records on this device are gone: import the last backup',
  'storage.nearlyFull': 'Storage {percent}% full: export a backup',
  'storage.addToHomeScreen':
    'Add the terminal to the home screen: this browser may delete its records after seven days without use',
  'cashier.hint': 'Sign on before you take payments: the journal names who did each operation.',
  'cashier.idFormat': 'Use 1 to 20 letters or digits.',
  'cashier.name': 'Name',
  'cashier.operatorId': 'Operator id',
  'cashier.signOn': 'Sign on',
  'cashier.title': 'Sign on',
} as const satisfies Record<string, Message>;
