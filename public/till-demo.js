// The demo till: a basket, and a payment through the loyalty terminal in an iframe, with the
// published host client. A payment under way is remembered (localStorage), so a reload of this
// page resumes it by its reference instead of starting another.
import { connectTerminal, TerminalRefused, TerminalTimeout } from './till-client/till-client.js';

const terminalUrl = new URL(new URLSearchParams(location.search).get('terminal') ?? '/', location.href);
const basket = [
  { text: 'Coffee beans 1 kg', amount: 2490 },
  { text: 'Milk frother', amount: 3990 },
  { text: 'Gift wrap', amount: 250 },
];
const currency = 'EUR';
const total = basket.reduce((sum, item) => sum + item.amount, 0);
const money = (minor) => new Intl.NumberFormat('en-IE', { style: 'currency', currency }).format(minor / 100);
const $ = (id) => document.getElementById(id);
const PENDING = 'till-demo.pending';
const REFUND = 'till-demo.refund';
const LAST = 'till-demo.last';

const frame = $('terminal');
const overlay = $('terminal-overlay');
const terminal = connectTerminal({ window: () => frame.contentWindow, origin: terminalUrl.origin });

function say(text) {
  $('till-status').textContent = text;
}

function showTerminal(show) {
  if (!frame.src) frame.src = terminalUrl.href;
  overlay.hidden = !show;
}

function row(label, value) {
  const p = document.createElement('p');
  p.append(`${label}: `);
  const b = document.createElement('strong');
  b.textContent = value;
  p.append(b);
  return p;
}

function showReceipt(result) {
  const receipt = $('receipt');
  receipt.replaceChildren();
  receipt.append(
    row('Reference', result.reference),
    row('Status', result.status),
    row('Paid by card', money(result.amountCovered)),
  );
  const list = document.createElement('ul');
  for (const p of result.payments) {
    const li = document.createElement('li');
    li.textContent = `${p.kind} ${p.maskedNumber}: ${money(p.amount)} (${p.state}${p.authCode ? `, auth ${p.authCode}` : ''}${p.loyaltyResult ? `, ${p.loyaltyResult}` : ''})`;
    list.append(li);
  }
  receipt.append(list);
  if (result.settling) {
    // A card's payment not confirmed yet: the result may change; it comes again by itself.
    const wait = document.createElement('p');
    wait.className = 'due-cash';
    wait.textContent = 'The card server has not confirmed a payment yet: keep the goods until it does';
    receipt.append(wait);
  } else if (result.status === 'paid' || result.status === 'partially_paid') {
    const cash = document.createElement('p');
    cash.className = 'due-cash';
    cash.textContent =
      result.amountRemaining > 0 ? `Collect ${money(result.amountRemaining)} in cash` : 'Nothing left to collect';
    receipt.append(cash);
  } else if (result.status === 'unknown') {
    const wait = document.createElement('p');
    wait.className = 'due-cash';
    wait.textContent = `${money(result.amountUnknown)} not known yet: do not collect it another way; ask its status later`;
    receipt.append(wait);
  }
  if (result.refund) {
    receipt.append(row('Given back', money(result.refund.amountReturned)));
    const back = document.createElement('ul');
    back.setAttribute('aria-label', 'Given back');
    for (const e of result.refund.returned) {
      const li = document.createElement('li');
      const how =
        e.way === 'voidLoyalty'
          ? `loyalty payment voided ${e.maskedNumber}`
          : `new ${e.way === 'storeCredit' ? 'store credit' : 'gift card'} ${e.issuedNumber ?? ''}`;
      li.textContent = `${how}: ${money(e.amount)} (${e.state})`;
      back.append(li);
    }
    receipt.append(back);
    if (result.refund.amountOwed > 0)
      receipt.append(row('Not known yet, do not give back another way', money(result.refund.amountOwed)));
  }
  const slip = document.createElement('pre');
  slip.className = 'slip';
  slip.setAttribute('aria-label', 'Slip text');
  slip.textContent = result.slipText;
  receipt.append(slip);
}

function failed(error) {
  if (error instanceof TerminalRefused) say(`Refused (${error.reason}): ${error.message}`);
  else if (error instanceof TerminalTimeout) say(error.message);
  else say(`Error: ${error}`);
}

// A finished sale's result sent again because a later answer changed it: a commit that was still
// settling landed (the goods may go), or was refused once its hold had lapsed (less was paid, the
// rest is to collect).
terminal.onResultChanged((result) => {
  showReceipt(result);
  say(`Result for ${result.reference} changed: ${result.status}${result.settling ? ', still settling' : ''}`);
});

async function pay(order) {
  localStorage.setItem(PENDING, JSON.stringify(order));
  localStorage.setItem(LAST, order.reference);
  showTerminal(true);
  say(`Paying ${money(order.amountDue)} for ${order.reference}…`);
  try {
    const result = await terminal.pay(order);
    localStorage.removeItem(PENDING);
    showTerminal(false);
    showReceipt(result);
    say(`Result for ${result.reference}: ${result.status}`);
  } catch (error) {
    if (error instanceof TerminalRefused) localStorage.removeItem(PENDING);
    showTerminal(false);
    failed(error);
  }
}

$('basket').replaceChildren(
  ...basket.map((item) => {
    const li = document.createElement('li');
    li.append(item.text);
    const price = document.createElement('span');
    price.textContent = money(item.amount);
    li.append(price);
    return li;
  }),
);
$('total').textContent = money(total);
$('reference').value = localStorage.getItem(LAST) ?? `R-${Date.now().toString(36).toUpperCase()}`;

$('pay').addEventListener('click', () => {
  const reference = $('reference').value.trim();
  void pay({ reference, amountDue: total, currency, basket });
});
/** Asks the terminal about the reference in the field, and shows what it says. */
async function ask(question) {
  const reference = $('reference').value.trim();
  try {
    const answer = await question(reference);
    const result = answer.state === 'finished' ? answer.result : 'status' in answer ? answer : null;
    if (result) {
      showReceipt(result);
      say(`Result for ${reference}: ${result.status}`);
    } else say(`Status of ${reference}: ${answer.state}`);
  } catch (error) {
    failed(error);
  }
}
$('status').addEventListener('click', () => void ask(terminal.status));
$('cancel').addEventListener('click', () => void ask(terminal.cancel));
$('overlay-cancel').addEventListener('click', () => void ask(terminal.cancel));
$('reverse').addEventListener('click', () => void ask(terminal.reverse));
/**
 * A refund keeps its id until it is answered: pressed again, after a time-out or a reload, the same
 * refund is asked about and gives back once. Answered (or refused), the next press is a new refund.
 */
$('refund').addEventListener('click', () => {
  const amount = Math.round(Number($('refund-amount').value.replace(',', '.')) * 100);
  void ask(async (reference) => {
    const kept = JSON.parse(localStorage.getItem(REFUND) ?? 'null');
    const refund =
      kept && kept.reference === reference && kept.amount === amount
        ? kept
        : { reference, amount, id: `refund-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}` };
    localStorage.setItem(REFUND, JSON.stringify(refund));
    try {
      const answer = await terminal.refund(reference, amount, refund.id);
      if (answer.state !== 'in_progress') localStorage.removeItem(REFUND);
      return answer;
    } catch (error) {
      if (error instanceof TerminalRefused) localStorage.removeItem(REFUND);
      throw error;
    }
  });
});

/**
 * The URL transport's answer (docs/till-integration.md), when this page is a callback: it arrives in
 * the fragment, never the query, so no server sees it. Read once, then dropped from the address bar
 * and this history entry (a new card's whole number may be in it).
 */
function urlAnswer() {
  const text = new URLSearchParams(location.hash.slice(1)).get('loyaltyTerminal');
  if (text === null) return;
  history.replaceState(null, '', location.pathname + location.search);
  try {
    const message = JSON.parse(text);
    if (typeof message.reference === 'string') $('reference').value = message.reference; // what Ask status asks about
    if (message.type === 'result') {
      showReceipt(message.result);
      say(`Result for ${message.result.reference}: ${message.result.status}`);
    } else if (message.type === 'refused') say(`Refused (${message.reason}): ${message.message}`);
    else if (message.type === 'status') say(`Status of ${message.reference}: ${message.state}`);
  } catch {
    say('The terminal’s answer could not be read.');
  }
}
urlAnswer();

// A payment that was under way when this page went away: resumed by its reference, never started again.
const pending = localStorage.getItem(PENDING);
if (pending) void pay(JSON.parse(pending));
else {
  frame.src = terminalUrl.href; // loaded ahead, so the terminal is ready when the cashier pays
}
