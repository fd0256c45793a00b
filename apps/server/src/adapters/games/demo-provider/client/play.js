// The demo provider's game page behaviour: chips, one play button, results.
// Served as a file (CSP script-src 'self'); amounts stay minor-unit strings.
/* global document, window */
'use strict';

/**
 * @typedef {{ id: string, playedAt: string, bet: string, payout: string }} Round
 * @typedef {{ error?: string, balance: string, payout: string, detail: Record<string, unknown>, round: Round }} BetAnswer
 */

const SYMBOL_NAMES = { cherry: 'cherry', lemon: 'lemon', bell: 'bell', star: 'star', seven: 'seven' };

/** @param {string} minor */
function formatMinor(minor) {
  const negative = minor.startsWith('-');
  const digits = (negative ? minor.slice(1) : minor).padStart(3, '0');
  const units = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${units}.${digits.slice(-2)}`;
}

/** @param {string} id */
function byId(id) {
  const element = document.getElementById(id);
  if (!element) throw new Error(`missing #${id}`);
  return element;
}

/** The picture comes from CSS (data-symbol); the label is for screen readers. */
function paintSymbols() {
  for (const el of document.querySelectorAll('[data-symbol]')) {
    const symbol = /** @type {HTMLElement} */ (el).dataset.symbol ?? '';
    el.setAttribute('role', 'img');
    el.setAttribute('aria-label', SYMBOL_NAMES[/** @type {keyof typeof SYMBOL_NAMES} */ (symbol)] ?? symbol);
  }
}

/** The provider's own answer, trusted as its documented shape. @param {unknown} value */
function asBetAnswer(value) {
  return /** @type {BetAnswer} */ (value);
}

/** @param {Round} round */
function addRound(round) {
  const row = document.createElement('tr');
  for (const text of [new Date(round.playedAt).toLocaleTimeString(), formatMinor(round.bet), formatMinor(round.payout)]) {
    const cell = document.createElement('td');
    cell.textContent = text;
    row.append(cell);
  }
  const body = byId('rounds');
  body.prepend(row);
  while (body.children.length > 10) body.lastElementChild?.remove();
}

/** @param {string} kind @param {Record<string, unknown>} detail */
function showDetail(kind, detail) {
  if (kind === 'slot' && Array.isArray(detail.reels)) {
    detail.reels.forEach((symbol, i) => byId(`reel-${i}`).setAttribute('data-symbol', String(symbol)));
    paintSymbols();
  } else if (kind === 'sport' && Array.isArray(detail.score)) {
    byId('score').textContent = `${detail.score[0]} : ${detail.score[1]}`;
  } else if (kind === 'lotto') {
    byId('drawn').textContent = String(detail.drawn);
  }
}

function start() {
  paintSymbols();
  const body = document.body;
  const api = body.dataset.api;
  const kind = body.dataset.kind ?? 'slot';
  if (!api) return;
  let bet = '100';
  const chips = /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll('.chip'));
  for (const chip of chips) {
    chip.addEventListener('click', () => {
      bet = chip.dataset.bet ?? bet;
      for (const other of chips) other.setAttribute('aria-pressed', String(other === chip));
    });
  }
  const play = /** @type {HTMLButtonElement} */ (byId('play'));
  const result = byId('result');
  const balance = byId('balance');

  fetch(`${api}/state`, { credentials: 'same-origin' })
    .then((res) => (res.ok ? res.json() : null))
    .then((/** @type {{ rounds: Round[] } | null} */ state) => {
      for (const round of [...(state?.rounds ?? [])].reverse()) addRound(round);
    })
    .catch(() => undefined);

  play.addEventListener('click', () => {
    /** @type {Record<string, string>} */
    const payload = { bet };
    if (kind === 'sport') {
      const picked = /** @type {HTMLInputElement | null} */ (document.querySelector('input[name="pick"]:checked'));
      payload.pick = picked?.value ?? 'home';
    }
    if (kind === 'lotto') {
      const number = /** @type {HTMLInputElement} */ (byId('number'));
      if (!/^[0-9]{2}$/.test(number.value)) {
        result.textContent = 'Pick two digits, 00 to 99.';
        return;
      }
      payload.number = number.value;
    }
    play.disabled = true;
    result.textContent = '…';
    fetch(`${api}/bet`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    })
      .then(async (res) => {
        const data = asBetAnswer(await res.json());
        if (res.status === 401) {
          window.location.reload();
          return;
        }
        if (!res.ok) {
          result.textContent =
            data.error === 'INSUFFICIENT_BALANCE' ? 'Not enough credit for this bet.' : `Refused: ${data.error ?? res.status}`;
          return;
        }
        showDetail(kind, data.detail);
        balance.textContent = formatMinor(data.balance);
        balance.dataset.minor = data.balance;
        result.textContent = data.payout === '0' ? 'No win this time.' : `You win ${formatMinor(data.payout)}!`;
        addRound(data.round);
      })
      .catch(() => {
        result.textContent = 'Connection problem, try again.';
      })
      .finally(() => {
        play.disabled = false;
      });
  });
}

document.addEventListener('DOMContentLoaded', start);
