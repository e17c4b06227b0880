// @ts-check
// The reviewer console: sign in with a reviewer key, work through the queue (earliest due first, so
// overdue items lead; filtered by category, reason or kind), decide items. Opening an item only shows it;
// the reviewer claims it (c, or by starting a decision with a or r) and may release it (u) for someone
// else. Tenant admins also have the supervisor view (s). Every action has a key; ? lists them.
import { ApiError, ReviewApi, clearSession, loadSession, reviewerIdOf, signIn, tokenClaims } from './api.js';
import { age, boxes, clock, dateTime, dueText, el, highlighted, nearestFrame, percent, score, span } from './view.js';

/** @typedef {import('./api.js').ReviewItem} ReviewItem */
/** @typedef {import('./api.js').ReviewItemDetail} ReviewItemDetail */
/** @typedef {import('./api.js').Session} Session */
/** @typedef {import('./api.js').QueueFilter} QueueFilter */
/** @typedef {import('./api.js').Facet} Facet */
/** @typedef {import('./api.js').Me} Me */
/** @typedef {import('./api.js').Stats} Stats */

const QUEUE_POLL_MS = 15_000;
const LEVEL_ORDER = ['HIGH', 'MEDIUM', 'UNKNOWN', 'LOW', 'NONE'];
const REVIEWER_LEVELS = ['high', 'medium', 'low', 'none'];

/**
 * @template {HTMLElement} T
 * @param {string} id
 * @param {new () => T} type
 * @returns {T}
 */
function $(id, type) {
  const node = document.getElementById(id);
  if (!(node instanceof type)) throw new Error(`console markup: #${id} missing`);
  return node;
}

const ui = {
  who: $('who', HTMLElement),
  signOut: $('sign-out', HTMLButtonElement),
  helpButton: $('help-button', HTMLButtonElement),
  help: $('help', HTMLDialogElement),
  supervisorButton: $('supervisor-button', HTMLButtonElement),
  status: $('status', HTMLElement),
  signInForm: $('sign-in', HTMLFormElement),
  key: $('key', HTMLInputElement),
  workspace: $('workspace', HTMLElement),
  refresh: $('refresh', HTMLButtonElement),
  filterCategory: $('filter-category', HTMLSelectElement),
  filterReason: $('filter-reason', HTMLSelectElement),
  filterKind: $('filter-kind', HTMLSelectElement),
  clearFilters: $('clear-filters', HTMLButtonElement),
  queue: $('queue', HTMLOListElement),
  queueCount: $('queue-count', HTMLElement),
  queueOverdue: $('queue-overdue', HTMLElement),
  queueEmpty: $('queue-empty', HTMLElement),
  item: $('item', HTMLElement),
  itemTitle: $('item-title', HTMLElement),
  appealed: $('appealed', HTMLElement),
  facts: $('item-facts', HTMLElement),
  reveal: $('reveal', HTMLButtonElement),
  prevFrame: $('prev-frame', HTMLButtonElement),
  nextFrame: $('next-frame', HTMLButtonElement),
  bankMatches: $('bank-matches', HTMLElement),
  bankList: $('bank-list', HTMLUListElement),
  bankFrame: $('bank-frame', HTMLButtonElement),
  mediaNote: $('media-note', HTMLElement),
  media: $('media', HTMLElement),
  frame: $('frame', HTMLImageElement),
  boxes: $('boxes', HTMLElement),
  frameCaption: $('frame-caption', HTMLElement),
  timeline: $('timeline', HTMLOListElement),
  categoryRows: $('category-rows', HTMLTableSectionElement),
  texts: $('texts', HTMLElement),
  reason: $('reason', HTMLTextAreaElement),
  approve: $('approve', HTMLButtonElement),
  reject: $('reject', HTMLButtonElement),
  claim: $('claim', HTMLButtonElement),
  release: $('release', HTMLButtonElement),
  prev: $('prev', HTMLButtonElement),
  next: $('next', HTMLButtonElement),
  result: $('decision-result', HTMLElement),
  history: $('history', HTMLElement),
  supervisor: $('supervisor', HTMLElement),
  supervisorUpdated: $('supervisor-updated', HTMLElement),
  supervisorRefresh: $('supervisor-refresh', HTMLButtonElement),
  supervisorClose: $('supervisor-close', HTMLButtonElement),
  supervisorQueues: $('supervisor-queue-rows', HTMLTableSectionElement),
  supervisorReviewers: $('supervisor-reviewer-rows', HTMLTableSectionElement),
  supervisorOverturns: $('supervisor-overturn-rows', HTMLTableSectionElement),
  supervisorNote: $('supervisor-note', HTMLElement),
};

const state = {
  /** @type {ReviewApi | null} */
  api: null,
  /** The signed-in reviewer's id (from the token), to tell their own claims from others'. @type {string | null} */
  me: null,
  /** Who is signed in (GET /review/me); null until it answers. @type {Me | null} */
  self: null,
  /** @type {ReviewItem[]} */
  queue: [],
  /** Where the open item stood in the queue when opened (next/previous go on from there once it left). */
  queueIndex: -1,
  /** The queue filters chosen. @type {QueueFilter} */
  filter: {},
  /** What the filters may choose from (every item the reviewer may take). @type {{ categories: Facet[], reasons: Facet[] }} */
  facets: { categories: [], reasons: [] },
  /** Whether the supervisor view is shown. */
  supervising: false,
  /** @type {ReviewItemDetail | null} */
  item: null,
  /** Whether this reviewer may decide the open item now (claiming it first if they do not hold it). */
  canDecide: false,
  /** Whether this reviewer holds the open item's claim. */
  held: false,
  busy: false,
  /** @type {number | null} */
  frameIndex: null,
  revealed: false,
  /** The decision asked for with a shortcut before a reason was typed; Ctrl+Enter in the field submits it. @type {'approve' | 'reject' | null} */
  pending: null,
  /** @type {string | null} */
  objectUrl: null,
  /** @type {number | undefined} */
  poll: undefined,
  /** Bumped on each open, so a slow answer for an item left behind is dropped. */
  openSeq: 0,
};

/**
 * @param {string} message
 * @param {'info' | 'error'} [kind]
 */
function setStatus(message, kind = 'info') {
  ui.status.textContent = message;
  ui.status.classList.toggle('error', kind === 'error');
}

/** @param {unknown} err */
function problem(err) {
  if (err instanceof ApiError) return `${err.message} (${err.code})`;
  return err instanceof Error ? err.message : String(err);
}

// ---- session ----

/** @param {string} [message] */
function showSignIn(message) {
  window.clearInterval(state.poll);
  state.api = null;
  state.self = null;
  closeItem();
  showSupervisor(false);
  ui.workspace.hidden = true;
  ui.signOut.hidden = true;
  ui.supervisorButton.hidden = true;
  ui.who.textContent = '';
  ui.signInForm.hidden = false;
  ui.key.value = '';
  ui.key.focus();
  setStatus(message ?? 'Sign in with your reviewer API key.', message ? 'error' : 'info');
}

/**
 * The sign-in line: who, of which account, signed in since when, and when the session (the token) ends.
 * @param {{ reviewer: string | null, tenant: string | null, admin?: boolean, issuedAt: string | null, expiresAt: string | null }} who
 */
function renderWho(who) {
  const name = `${who.reviewer ?? 'reviewer'}${who.tenant ? ` (${who.tenant})` : ''}${who.admin ? ', tenant admin' : ''}`;
  ui.who.textContent = `Signed in as ${name} since ${dateTime(who.issuedAt)}; session ends ${dateTime(who.expiresAt)}`;
  ui.who.title = `Token issued ${who.issuedAt ?? '?'}, expires ${who.expiresAt ?? '?'}`;
  if (who.issuedAt) ui.who.dataset.issuedAt = who.issuedAt;
  if (who.expiresAt) ui.who.dataset.expiresAt = who.expiresAt;
}

/** @param {Session} session */
function startWorkspace(session) {
  state.me = reviewerIdOf(session.token);
  const claims = tokenClaims(session.token);
  const api = new ReviewApi(session.token, () => {
    clearSession();
    showSignIn('Your session has ended; sign in again.');
  });
  state.api = api;
  ui.signInForm.hidden = true;
  ui.workspace.hidden = false;
  ui.signOut.hidden = false;
  renderWho({ reviewer: claims.rid, tenant: claims.tenant, issuedAt: claims.issuedAt, expiresAt: claims.expiresAt ?? session.expiry });
  setStatus('Signed in. Open an item from the queue.');
  window.clearInterval(state.poll);
  state.poll = window.setInterval(() => {
    if (document.hidden) return;
    if (state.supervising) void refreshStats();
    else void refreshQueue();
  }, QUEUE_POLL_MS);
  void refreshQueue();
  // Who the server says this is (an admin gets the supervisor view).
  api.me().then(
    (me) => {
      if (state.api !== api) return;
      state.self = me;
      renderWho({ reviewer: me.reviewer_id, tenant: me.tenant_id, admin: me.admin, issuedAt: me.issued_at, expiresAt: me.expires_at });
      ui.supervisorButton.hidden = !me.admin;
    },
    () => undefined,
  );
}

function signOut() {
  clearSession();
  showSignIn();
}

ui.signInForm.addEventListener('submit', async (e) => {
  e.preventDefault();
  const key = ui.key.value.trim();
  if (!key) return;
  setStatus('Signing in…');
  try {
    startWorkspace(await signIn(key));
  } catch (err) {
    setStatus(`Sign-in failed: ${problem(err)}`, 'error');
    ui.key.select();
  }
});

ui.signOut.addEventListener('click', signOut);

// ---- queue ----

/** Bumped on each queue request, so an answer overtaken by a newer request (other filters) is dropped. */
let queueSeq = 0;

async function refreshQueue() {
  const api = state.api;
  if (!api) return;
  const seq = ++queueSeq;
  let page;
  try {
    page = await api.queue(state.filter);
  } catch (err) {
    if (state.api && seq === queueSeq) setStatus(`Could not load the queue: ${problem(err)}`, 'error');
    return;
  }
  if (seq !== queueSeq || state.api !== api) return;
  state.queue = page.items;
  state.facets = { categories: page.categories, reasons: page.reasons };
  ui.queueOverdue.textContent = page.overdue ? `${page.overdue} overdue` : '';
  ui.queue.dataset.loaded = String(seq);
  renderFilters();
  renderQueue();
}

function renderQueue() {
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement.dataset.moderationJobId : undefined;
  ui.queue.replaceChildren(
    ...state.queue.map((it) => {
      const button = el(
        'button',
        {
          testid: 'queue-item',
          className: it.overdue ? 'overdue' : '',
          attrs: { type: 'button', 'data-moderation-job-id': it.moderation_job_id, 'data-external-id': it.external_id, 'data-overdue': String(it.overdue), 'data-due-at': it.due_at },
        },
        [
          el('span', { className: 'line' }, [el('span', { className: `kind ${it.kind}`, text: it.kind.replace('_', ' ') }), el('span', { text: `priority ${it.priority}` })]),
          el('span', { className: 'line' }, [el('strong', { text: it.external_id || it.moderation_job_id }), el('span', { className: 'muted', testid: 'queue-age', text: `${age(it.queued_at)} old` })]),
          el('span', { className: 'line' }, [
            it.overdue ? el('span', { className: 'overdue-mark', testid: 'overdue', text: 'OVERDUE' }) : el('span', { text: '' }),
            el('span', { className: it.overdue ? 'due late' : 'due', testid: 'queue-due', attrs: { title: `Due ${dateTime(it.due_at)}` }, text: dueText(it.due_at) }),
          ]),
          el('span', { className: 'reasons', text: it.reasons.join(', ') || 'no reason given' }),
          ...(it.queue === 'admins' ? [el('span', { className: 'tag', text: 'admin queue' })] : []),
          ...(it.claimed_by ? [el('span', { className: 'lease', testid: 'queue-lease', text: leaseText(it) })] : []),
        ],
      );
      if (it.moderation_job_id === state.item?.moderation_job_id) button.setAttribute('aria-current', 'true');
      button.addEventListener('click', () => void openItem(it.moderation_job_id));
      return el('li', {}, [button]);
    }),
  );
  ui.queueCount.textContent = `(${state.queue.length})`;
  ui.queueEmpty.hidden = state.queue.length > 0;
  ui.queueEmpty.textContent = activeFilters() ? 'Nothing to review with these filters (x clears them).' : 'Nothing to review.';
  const again = focused ? ui.queue.querySelector(`button[data-moderation-job-id="${CSS.escape(focused)}"]`) : null;
  if (again instanceof HTMLElement) again.focus();
}

ui.refresh.addEventListener('click', () => void refreshQueue());

// ---- filters ----

/** How many filters are set. */
function activeFilters() {
  return Object.values(state.filter).filter(Boolean).length;
}

/**
 * The options of a filter: "any", each value with its count, and the chosen one even when no item has it now.
 * @param {HTMLSelectElement} select
 * @param {Facet[]} facets
 * @param {string} chosen
 */
function fillSelect(select, facets, chosen) {
  const values = facets.map((f) => f.name);
  if (chosen && !values.includes(chosen)) facets = [...facets, { name: chosen, count: 0 }];
  select.replaceChildren(el('option', { text: 'any', attrs: { value: '' } }), ...facets.map((f) => el('option', { text: `${f.name} (${f.count})`, attrs: { value: f.name } })));
  select.value = chosen;
}

function renderFilters() {
  fillSelect(ui.filterCategory, state.facets.categories, state.filter.category ?? '');
  fillSelect(ui.filterReason, state.facets.reasons, state.filter.reason ?? '');
  ui.filterKind.value = state.filter.kind ?? '';
  ui.clearFilters.disabled = activeFilters() === 0;
}

function filterChanged() {
  state.filter = { category: ui.filterCategory.value || undefined, reason: ui.filterReason.value || undefined, kind: ui.filterKind.value || undefined };
  ui.clearFilters.disabled = activeFilters() === 0;
  const shown = Object.entries(state.filter)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k} ${v}`);
  setStatus(shown.length ? `Showing items with ${shown.join(', ')}.` : 'Showing every item.');
  void refreshQueue();
}
for (const select of [ui.filterCategory, ui.filterReason, ui.filterKind]) select.addEventListener('change', filterChanged);

function clearFilters() {
  if (!activeFilters()) return;
  ui.filterCategory.value = '';
  ui.filterReason.value = '';
  ui.filterKind.value = '';
  filterChanged();
}
ui.clearFilters.addEventListener('click', clearFilters);

/** @param {HTMLSelectElement} select */
function focusFilter(select) {
  select.focus();
  setStatus('Choose with the arrow keys; Esc goes back to the shortcuts.');
}

/**
 * Who holds the item's claim and until when.
 * @param {ReviewItem} item
 */
function leaseText(item) {
  const who = item.claimed_by === state.me ? 'you' : item.claimed_by;
  return `Claimed by ${who}${item.lease_expires_at ? ` until ${new Date(item.lease_expires_at).toLocaleTimeString()}` : ''}`;
}

// ---- item ----

function closeItem() {
  state.item = null;
  state.canDecide = false;
  state.held = false;
  state.openSeq++;
  if (state.objectUrl) URL.revokeObjectURL(state.objectUrl);
  state.objectUrl = null;
  ui.frame.removeAttribute('src');
  ui.item.hidden = true;
}

/**
 * Shows the item; opening it does not claim it. Whether the reviewer may decide it: it is not decided
 * and nobody else holds it (deciding claims it first, unless they hold it already).
 * @param {string} id
 */
async function openItem(id) {
  const api = state.api;
  if (!api) return;
  closeItem();
  const seq = state.openSeq;
  setStatus('Opening…');
  let item;
  try {
    item = await api.item(id);
  } catch (err) {
    if (seq === state.openSeq) setStatus(`Could not open the item: ${problem(err)}`, 'error');
    return;
  }
  if (seq !== state.openSeq) return;
  state.item = item;
  state.queueIndex = state.queue.findIndex((q) => q.moderation_job_id === item.moderation_job_id);
  state.pending = null;
  setHolding(item);
  renderItem(item);
  renderQueue();
  setStatus(holdingStatus(item), state.canDecide || item.state === 'done' ? 'info' : 'error');
}

/**
 * Whether the reviewer holds the item's claim, and so whether they may decide it.
 * @param {ReviewItem} item
 */
function setHolding(item) {
  state.held = item.state === 'claimed' && item.claimed_by === state.me;
  state.canDecide = item.state === 'queued' || state.held;
}

/** @param {ReviewItem} item */
function holdingStatus(item) {
  const name = item.external_id || item.moderation_job_id;
  if (item.state === 'done') return `${name} has been decided.`;
  if (state.held) return `You hold ${name} until ${new Date(item.lease_expires_at ?? Date.now()).toLocaleTimeString()}. Reveal the media with v; decide with a or r; release it with u.`;
  if (item.state === 'claimed') return `You cannot decide this item: ${leaseText(item)}.`;
  return `${name} is not claimed: c claims it (a or r claims it as you decide). Reveal the media with v.`;
}

/**
 * Claims the open item for this reviewer (the lease the server gives); true when they hold it.
 * @param {boolean} [quiet] leave the status line to the caller on success
 */
async function claimItem(quiet = false) {
  const item = state.item;
  const api = state.api;
  if (!item || !api || state.busy) return false;
  if (item.state === 'done') {
    setStatus('This item has been decided.', 'error');
    return false;
  }
  state.busy = true;
  updateButtons();
  try {
    const claimed = await api.claim(item.moderation_job_id);
    if (state.item !== item) return false;
    Object.assign(item, { state: claimed.state, claimed_by: claimed.claimed_by, lease_expires_at: claimed.lease_expires_at });
    setHolding(item);
    renderFacts(item);
    if (!quiet) setStatus(holdingStatus(item));
    void refreshQueue();
    return state.held;
  } catch (err) {
    if (state.item === item) setStatus(`Could not claim this item: ${problem(err)}`, 'error');
    return false;
  } finally {
    state.busy = false;
    updateButtons();
  }
}

/** Gives the open item's claim back to the queue. */
async function releaseItem() {
  const item = state.item;
  const api = state.api;
  if (!item || !api || state.busy) return;
  if (!state.held) {
    setStatus('You hold no claim on this item.', 'error');
    return;
  }
  state.busy = true;
  updateButtons();
  try {
    const released = await api.release(item.moderation_job_id);
    if (state.item !== item) return;
    Object.assign(item, { state: released.state, claimed_by: released.claimed_by, lease_expires_at: released.lease_expires_at });
    setHolding(item);
    state.pending = null;
    renderFacts(item);
    setStatus(`Released ${item.external_id || item.moderation_job_id}: it is back in the queue.`);
    void refreshQueue();
  } catch (err) {
    if (state.item === item) setStatus(`Could not release this item: ${problem(err)}`, 'error');
  } finally {
    state.busy = false;
    updateButtons();
  }
}

ui.claim.addEventListener('click', () => void claimItem());
ui.release.addEventListener('click', () => void releaseItem());

/** @param {ReviewItemDetail} item */
function renderItem(item) {
  ui.item.hidden = false;
  ui.item.dataset.moderationJobId = item.moderation_job_id;
  ui.itemTitle.textContent = item.external_id || item.moderation_job_id;
  renderAppealed(item);
  renderFacts(item);
  renderBankMatches(item);
  setRevealed(false);
  renderCategories(item);
  renderTexts(item);
  renderHistory(item);
  ui.reason.value = '';
  ui.reason.classList.remove('needed');
  ui.result.hidden = true;
  ui.result.textContent = '';
  delete ui.result.dataset.decision;
  updateButtons();

  const listed = listedFrames(item);
  ui.timeline.hidden = !(item.content_type === 'video' || item.frames.length > 1) || !item.media_available;
  ui.timeline.replaceChildren(
    ...listed.map((f) => {
      const classes = item.evidence.filter((e) => nearestFrame(item.frames, e.timestamp)?.index === f.index).map((e) => `${e.class} ${score(e.score)}`);
      const label = `Frame at ${clock(f.timestamp)}${classes.length ? `: ${classes.join(', ')}` : ''}`;
      const b = el('button', { text: clock(f.timestamp), className: classes.length ? 'evidence' : '', testid: 'timeline-frame', attrs: { type: 'button', 'aria-label': label, title: label, 'data-index': String(f.index) } });
      b.addEventListener('click', () => void showFrame(f.index));
      return el('li', {}, [b]);
    }),
  );

  const first = item.evidence.find((e) => e.box) ?? item.evidence[0];
  const start = (first && nearestFrame(item.frames, first.timestamp)) ?? item.frames[0];
  if (!item.media_available || !start) {
    ui.media.hidden = true;
    ui.mediaNote.textContent = item.media_available ? 'No frames were kept for this item.' : 'The media has expired (retention period over).';
    ui.reveal.disabled = true;
  } else {
    ui.media.hidden = false;
    ui.mediaNote.textContent = 'Hidden until you reveal it.';
    ui.reveal.disabled = false;
    void showFrame(start.index);
  }
  const several = item.media_available && listedFrames(item).length > 1;
  ui.prevFrame.hidden = !several;
  ui.nextFrame.hidden = !several;
}

/**
 * The decision an appeal contests, first thing on the item: the earlier reviewer's (who, when, why) or
 * the rules' own, and the caller's appeal reason.
 * @param {ReviewItemDetail} item
 */
function renderAppealed(item) {
  const d = item.appealed_decision;
  ui.appealed.hidden = !d && item.kind !== 'appeal';
  if (ui.appealed.hidden) {
    ui.appealed.replaceChildren();
    return;
  }
  const verb = (/** @type {string} */ decision) => (decision === 'approve' ? 'Approved' : 'Rejected');
  const levels = (d?.categories ?? []).filter((c) => c.risk_level !== 'none').map((c) => `${c.name} ${c.risk_level}`);
  /** @type {string} */
  let what;
  if (!d) what = 'No decision stood before this appeal.';
  else if (d.decided_by === 'reviewer') what = `${verb(d.decision)} by ${d.reviewer_id} on ${dateTime(d.at)}${d.kind ? ` (${d.kind.replace('_', ' ')})` : ''}${d.reason ? `: “${d.reason}”` : ''}`;
  else what = `${verb(d.decision)} by the rules${d.reasons.length ? ` (${d.reasons.join(', ')})` : ''}`;
  ui.appealed.dataset.decision = d?.decision ?? '';
  ui.appealed.replaceChildren(
    el('h3', { text: 'Decision appealed' }),
    el('p', { className: `appealed-what ${d?.decision ?? ''}`, testid: 'appealed-what', text: what }),
    ...(levels.length ? [el('p', { className: 'muted', text: `Levels: ${levels.join(', ')}` })] : []),
    ...(item.appeal_reason ? [el('p', { testid: 'appeal-reason', text: `Appeal: “${item.appeal_reason}”` })] : []),
  );
}

/** @param {ReviewItemDetail} item */
function renderFacts(item) {
  /** @type {[string, string][]} */
  const rows = [
    ['Moderation job', item.moderation_job_id],
    ['Kind', item.kind.replace('_', ' ')],
    ['Reasons', item.reasons.join(', ') || '—'],
    ['Priority', String(item.priority)],
    ['Queued', `${dateTime(item.queued_at)} (${age(item.queued_at)} ago)`],
    ['Due', item.state === 'done' ? dateTime(item.due_at) : `${dateTime(item.due_at)} (${dueText(item.due_at)})`],
    ['Content', item.content_type],
  ];
  const auto = item.automated;
  // An appeal's first fact is the decision appealed (above); what the rules said first comes after.
  if (auto) rows.push([item.kind === 'appeal' ? 'Rules decided first' : 'Automated', auto.is_error ? `error: ${auto.error_message ?? ''}` : `${auto.decision} (${auto.decision_type})`]);
  if (item.appeal_reason && item.kind !== 'appeal') rows.push(['Appeal', item.appeal_reason]);
  if (item.queue === 'admins') rows.push(['Queue', 'admin queue (every other reviewer decided it before)']);
  if (item.claimed_by && item.state === 'claimed') rows.push(['Claimed by', leaseText(item).replace(/^Claimed by /, '')]);
  ui.facts.replaceChildren(...rows.flatMap(([k, v]) => [el('dt', { text: k }), el('dd', { text: v })]));
  ui.facts.classList.toggle('overdue', item.overdue);
}

/**
 * The hash-bank matches beside the media: the bank, its category and level, the banked entry's note
 * and when it was added, and how close the match was.
 * @param {ReviewItemDetail} item
 */
function renderBankMatches(item) {
  const matches = item.bank_matches ?? [];
  ui.bankMatches.hidden = matches.length === 0;
  ui.bankFrame.disabled = !item.media_available || matches.length === 0;
  ui.bankList.replaceChildren(
    ...matches.map((m) => {
      /** @type {[string, string][]} */
      const rows = [
        ['Bank', m.bank_name],
        ['Category', m.category ? `${m.category}${m.risk_level ? ` (${m.risk_level.toLowerCase()})` : ''}` : 'bank deleted since'],
        ['Note', m.note ?? (m.added_at ? '—' : 'entry removed since')],
        ['Added', m.added_at ? dateTime(m.added_at) : '—'],
        ['Distance', `${m.distance} of 256 bits${m.threshold !== null ? ` (matches up to ${m.threshold})` : ''}`],
        ['Frame', clock(m.frame_timestamp)],
      ];
      if (m.vpdq) rows.push(['Video', `${m.vpdq.query_match_percent}% of the frames match (${m.vpdq.compared_match_percent}% of the banked video's)`]);
      return el('li', { testid: 'bank-match', attrs: { 'data-bank-id': m.bank_id, 'data-content-id': m.content_id, 'data-distance': String(m.distance) } }, [
        ...(m.sets_category ? [el('span', { className: 'tag', text: 'set a category' })] : []),
        el('dl', { className: 'facts' }, rows.flatMap(([k, v]) => [el('dt', { text: k }), el('dd', { text: v })])),
      ]);
    }),
  );
}

/** The frames the timeline lists (those with evidence, else all), in order. @param {ReviewItemDetail} item */
function listedFrames(item) {
  const evidenceFrames = new Set(item.evidence.map((e) => nearestFrame(item.frames, e.timestamp)?.index));
  return item.frames.some((f) => evidenceFrames.has(f.index)) ? item.frames.filter((f) => evidenceFrames.has(f.index)) : item.frames;
}

/** Shows the previous (-1) or next (+1) frame of the timeline. @param {number} step */
function stepFrame(step) {
  const item = state.item;
  if (!item || !item.media_available) return;
  const frames = listedFrames(item);
  if (frames.length < 2) return;
  const at = frames.findIndex((f) => f.index === state.frameIndex);
  const next = frames[Math.min(frames.length - 1, Math.max(0, at + step))];
  if (next && next.index !== state.frameIndex) void showFrame(next.index);
}
ui.prevFrame.addEventListener('click', () => stepFrame(-1));
ui.nextFrame.addEventListener('click', () => stepFrame(1));

/** Shows the frame of the closest hash-bank match. */
function showBankFrame() {
  const item = state.item;
  const match = item?.bank_matches?.[0];
  if (!item || !match) {
    setStatus('This item matched no hash bank.', 'error');
    return;
  }
  const frame = item.media_available ? nearestFrame(item.frames, match.frame_timestamp) : undefined;
  if (!frame) {
    setStatus('The frame that matched is no longer kept.', 'error');
    return;
  }
  void showFrame(frame.index);
  setStatus(`Showing the frame at ${clock(frame.timestamp)} that matched ${match.bank_name} (${match.distance} bits apart).`);
}
ui.bankFrame.addEventListener('click', showBankFrame);

/** @param {number} index */
async function showFrame(index) {
  const item = state.item;
  const api = state.api;
  if (!item || !api) return;
  const seq = state.openSeq;
  state.frameIndex = index;
  for (const b of ui.timeline.querySelectorAll('button')) b.setAttribute('aria-current', String(b.dataset.index === String(index)));
  const frame = item.frames.find((f) => f.index === index);
  ui.frameCaption.textContent = frame ? `Frame ${index + 1} of ${item.frames.length}, at ${clock(frame.timestamp)}` : '';
  ui.boxes.replaceChildren();
  let blob;
  try {
    blob = await api.frame(item.moderation_job_id, index);
  } catch (err) {
    if (seq === state.openSeq) setStatus(`Could not load the frame: ${problem(err)}`, 'error');
    return;
  }
  if (seq !== state.openSeq || state.frameIndex !== index) return;
  if (state.objectUrl) URL.revokeObjectURL(state.objectUrl);
  state.objectUrl = URL.createObjectURL(blob);
  ui.frame.alt = `${item.content_type === 'video' ? 'Video frame' : 'Image'} of ${item.external_id || item.moderation_job_id}`;
  ui.frame.src = state.objectUrl;
  try {
    await ui.frame.decode();
  } catch {
    setStatus('The frame could not be displayed.', 'error');
    return;
  }
  if (seq !== state.openSeq || state.frameIndex !== index) return;
  const here = item.evidence.filter((e) => nearestFrame(item.frames, e.timestamp)?.index === index);
  ui.boxes.replaceChildren(...boxes(here, ui.frame.naturalWidth, ui.frame.naturalHeight));
  ui.media.dataset.frameIndex = String(index);
}

/** @param {boolean} revealed */
function setRevealed(revealed) {
  state.revealed = revealed;
  ui.media.dataset.revealed = String(revealed);
  ui.reveal.setAttribute('aria-pressed', String(revealed));
  ui.reveal.textContent = revealed ? 'Hide media (v)' : 'Reveal media (v)';
  if (!ui.reveal.disabled) ui.mediaNote.textContent = revealed ? '' : 'Hidden until you reveal it.';
}

function toggleReveal() {
  if (!state.item || ui.reveal.disabled) return;
  setRevealed(!state.revealed);
}
ui.reveal.addEventListener('click', toggleReveal);
ui.frame.addEventListener('click', toggleReveal);

/** @param {ReviewItemDetail} item */
function renderCategories(item) {
  const rank = (/** @type {string} */ level) => {
    const i = LEVEL_ORDER.indexOf(level.toUpperCase());
    return i < 0 ? LEVEL_ORDER.length : i;
  };
  const sorted = [...item.policy_categories].sort((a, b) => rank(a.risk_level) - rank(b.risk_level) || (b.score ?? -1) - (a.score ?? -1));
  ui.categoryRows.replaceChildren(
    ...sorted.map((c) => {
      const level = c.risk_level.toLowerCase();
      const select = el('select', { attrs: { 'aria-label': `Your level for ${c.name}`, 'data-category': c.name } }, [
        el('option', { text: 'keep', attrs: { value: '' } }),
        ...REVIEWER_LEVELS.map((l) => el('option', { text: l, attrs: { value: l } })),
      ]);
      return el('tr', { testid: 'category-row', attrs: { 'data-category': c.name, 'data-level': level } }, [
        el('th', { text: c.name, attrs: { scope: 'row', title: c.description } }),
        el('td', { text: level, className: `level level-${level}` }),
        el('td', { text: score(c.score) }),
        el('td', { text: c.triggered_by ?? '—' }),
        el('td', {}, [select]),
      ]);
    }),
  );
}

/** @param {ReviewItemDetail} item */
function renderTexts(item) {
  /** @type {[string, string | null, 'caption' | 'ocr' | 'speech', string][]} */
  const sections = [
    ['Caption', item.caption, 'caption', 'caption'],
    ['Text in the image (OCR)', item.ocr_text, 'ocr', 'ocr'],
    ['Transcript', item.transcript, 'speech', 'transcript'],
  ];
  ui.texts.replaceChildren(
    ...sections.flatMap(([title, text, source, testid]) => {
      if (!text) return [];
      const spans = item.text_spans.filter((s) => s.source === source);
      /** @type {HTMLElement[]} */
      const nodes = [el('h3', { text: title }), highlighted(text, spans, testid)];
      if (spans.length) {
        nodes.push(el('ul', { className: 'spans', attrs: { 'aria-label': `${title}: spans that scored` } }, spans.map((s) => el('li', { text: `${s.label} ${score(s.score)}: “${s.text}”` }))));
      }
      return nodes;
    }),
  );
  if (item.speech_segments.length && item.transcript) {
    ui.texts.append(
      el('details', {}, [
        el('summary', { text: 'Transcript by time' }),
        el('ul', {}, item.speech_segments.map((s) => el('li', { text: `${clock(s.start)}–${clock(s.end)} ${s.text}` }))),
      ]),
    );
  }
}

/** @param {ReviewItemDetail} item */
function renderHistory(item) {
  if (!item.decisions.length) {
    ui.history.replaceChildren();
    return;
  }
  ui.history.replaceChildren(
    el('h3', { text: 'Earlier decisions' }),
    el(
      'ul',
      { className: 'history' },
      item.decisions.map((d) => el('li', { text: `${new Date(d.at).toLocaleString()}: ${d.reviewer_id} ${d.decision === 'approve' ? 'approved' : 'rejected'} (${d.kind.replace('_', ' ')})${d.reason ? `: ${d.reason}` : ''}` })),
    ),
  );
}

// ---- deciding ----

function updateButtons() {
  const off = !state.canDecide || state.busy;
  ui.approve.disabled = off;
  ui.reject.disabled = off;
  ui.reason.disabled = !state.canDecide;
  ui.claim.disabled = state.busy || !state.item || state.held || state.item.state !== 'queued';
  ui.release.disabled = state.busy || !state.held;
}

/** The reviewer's own levels: only the categories they changed. */
function reviewerCategories() {
  return [...ui.categoryRows.querySelectorAll('select')].filter((s) => s.value).map((s) => ({ name: String(s.dataset.category), risk_level: s.value }));
}

/** @param {'approve' | 'reject'} decision */
async function decide(decision) {
  const item = state.item;
  const api = state.api;
  if (!item || !api || state.busy) return;
  if (!state.canDecide) {
    setStatus('This item cannot be decided by you now (claimed by someone else, or already decided).', 'error');
    return;
  }
  // Deciding starts with the claim, so nobody else takes the item while the reason is written.
  if (!state.held && !(await claimItem(true))) return;
  if (state.item !== item) return;
  const reason = ui.reason.value.trim();
  if (!reason) {
    state.pending = decision;
    ui.reason.classList.add('needed');
    ui.reason.focus();
    setStatus(`A reason is required: type it, then press Ctrl+Enter to ${decision}.`, 'error');
    return;
  }
  state.busy = true;
  updateButtons();
  setStatus(decision === 'approve' ? 'Approving…' : 'Rejecting…');
  try {
    const outcome = await api.decide(item.moderation_job_id, { decision, categories: reviewerCategories(), reason });
    if (state.item !== item) return;
    state.canDecide = false;
    state.held = false;
    state.pending = null;
    ui.reason.classList.remove('needed');
    const verb = decision === 'approve' ? 'Approved' : 'Rejected';
    ui.result.textContent = `${verb} (${outcome.decision_type ?? 'decided'}). Press n for the next item.`;
    ui.result.dataset.decision = decision;
    ui.result.hidden = false;
    setStatus(`${verb} ${item.external_id || item.moderation_job_id}.`);
    if (document.activeElement === ui.reason) ui.reason.blur();
    void refreshQueue();
  } catch (err) {
    if (state.api === api) setStatus(`The decision was not saved: ${problem(err)}`, 'error');
  } finally {
    state.busy = false;
    updateButtons();
  }
}

ui.approve.addEventListener('click', () => void decide('approve'));
ui.reject.addEventListener('click', () => void decide('reject'));
ui.reason.addEventListener('input', () => ui.reason.classList.remove('needed'));

/**
 * Opens the next (+1) or previous (-1) item of the queue. Once the open item has left the queue (decided),
 * the next is the one that took its place.
 * @param {1 | -1} step
 */
function openNeighbour(step) {
  const current = state.item?.moderation_job_id;
  const others = state.queue.filter((it) => it.moderation_job_id !== current);
  if (!others.length) {
    setStatus('No other item in the queue.');
    return;
  }
  const at = state.queue.findIndex((it) => it.moderation_job_id === current);
  /** @type {number} */
  let to;
  if (at >= 0) to = (at + step + state.queue.length) % state.queue.length;
  else if (step > 0) to = Math.max(0, state.queueIndex) % state.queue.length;
  else to = (Math.max(0, state.queueIndex) - 1 + state.queue.length) % state.queue.length;
  const target = state.queue[to];
  if (target) void openItem(target.moderation_job_id);
}
const openNext = () => openNeighbour(1);
ui.next.addEventListener('click', openNext);
ui.prev.addEventListener('click', () => openNeighbour(-1));

// ---- supervisor view ----

/** @param {boolean} on */
function showSupervisor(on) {
  state.supervising = on && !!state.api && !!state.self?.admin;
  ui.supervisor.hidden = !state.supervising;
  ui.workspace.hidden = state.supervising || !state.api;
  ui.supervisorButton.setAttribute('aria-pressed', String(state.supervising));
  ui.supervisorButton.textContent = state.supervising ? 'Queue (s)' : 'Supervisor (s)';
  if (state.supervising) void refreshStats();
}

function toggleSupervisor() {
  if (!state.self?.admin) {
    setStatus('The supervisor view is for tenant admins.', 'error');
    return;
  }
  showSupervisor(!state.supervising);
  if (!state.supervising) {
    setStatus('Back to the queue.');
    void refreshQueue();
  }
}
ui.supervisorButton.addEventListener('click', toggleSupervisor);
ui.supervisorClose.addEventListener('click', toggleSupervisor);
ui.supervisorRefresh.addEventListener('click', () => void refreshStats());

let statsSeq = 0;

async function refreshStats() {
  const api = state.api;
  if (!api || !state.supervising) return;
  const seq = ++statsSeq;
  try {
    const stats = await api.stats();
    if (seq !== statsSeq || !state.supervising) return;
    renderStats(stats);
    ui.supervisor.dataset.loaded = String(seq);
    setStatus('Supervisor view: queues now, decisions over the last 24 hours.');
  } catch (err) {
    if (seq === statsSeq) setStatus(`Could not load the statistics: ${problem(err)}`, 'error');
  }
}

/**
 * @param {string[]} cells
 * @param {string} testid
 * @param {Record<string, string>} [attrs]
 */
const statsRow = (cells, testid, attrs = {}) => el('tr', { testid, attrs }, cells.map((c, i) => el(i === 0 ? 'th' : 'td', { text: c, attrs: i === 0 ? { scope: 'row' } : {} })));

/**
 * Decisions per hour as a small bar chart (heights set through the CSSOM, which the page's CSP allows).
 * @param {number[]} perHour
 * @param {string[]} hours
 */
function hourBars(perHour, hours) {
  const top = Math.max(1, ...perHour);
  return el(
    'span',
    { className: 'bars', attrs: { role: 'img', 'aria-label': `Decisions per hour: ${perHour.join(', ')}` } },
    perHour.map((n, i) => {
      const bar = el('span', { className: 'hour-bar', attrs: { title: `${dateTime(hours[i])}: ${n}` } });
      bar.style.height = `${Math.round((100 * n) / top)}%`;
      return bar;
    }),
  );
}

/** @param {Stats} stats */
function renderStats(stats) {
  ui.supervisorUpdated.textContent = `as of ${dateTime(stats.generated_at)}`;
  ui.supervisorQueues.replaceChildren(
    ...stats.queues.map((q) =>
      statsRow(
        [q.kind.replace('_', ' '), String(q.depth), String(q.overdue), q.oldest_age_seconds === null ? '—' : `${span(q.oldest_age_seconds * 1000)} (${dateTime(q.oldest_queued_at)})`, `${q.sla_hours} h`],
        'supervisor-queue-row',
        { 'data-kind': q.kind, 'data-overdue': String(q.overdue) },
      ),
    ),
  );
  const activeHours = (/** @type {number[]} */ perHour) => perHour.filter((n) => n > 0).length;
  ui.supervisorReviewers.replaceChildren(
    ...stats.reviewers.map((r) => {
      const row = statsRow(
        [
          r.reviewer_id,
          String(r.decisions),
          activeHours(r.per_hour) ? (r.decisions / activeHours(r.per_hour)).toFixed(1) : '—',
          String(r.per_hour.at(-1) ?? 0),
          '',
          `${r.overturned} of ${r.compared}`,
          percent(r.overturn_rate),
        ],
        'supervisor-reviewer-row',
        { 'data-reviewer-id': r.reviewer_id },
      );
      row.children[4]?.append(hourBars(r.per_hour, stats.hours));
      return row;
    }),
  );
  ui.supervisorOverturns.replaceChildren(
    ...stats.overturns.map((o) => statsRow([o.kind.replace('_', ' '), String(o.decisions), String(o.compared), String(o.overturned), percent(o.overturn_rate)], 'supervisor-overturn-row', { 'data-kind': o.kind })),
    statsRow(['all', String(stats.decisions), String(stats.compared), String(stats.overturned), percent(stats.overturn_rate)], 'supervisor-overturn-row', { 'data-kind': 'all' }),
  );
  ui.supervisorNote.textContent =
    `Per hour: decisions over the hours with any (since ${dateTime(stats.window_from)}). Overturn rate: of the decisions that had a decision standing (quality samples, appeals), the share that changed it.` +
    (stats.truncated ? ' More decisions than one answer reads: the counts are a lower bound.' : '');
}

// ---- keyboard ----

function toggleHelp() {
  if (ui.help.open) ui.help.close();
  else ui.help.showModal();
}
ui.helpButton.addEventListener('click', toggleHelp);

/** @param {EventTarget | null} target */
function isTyping(target) {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/** Focuses the first "Your level" menu of the open item. */
function focusLevels() {
  const first = ui.categoryRows.querySelector('select');
  if (!state.item || !(first instanceof HTMLSelectElement)) return;
  first.focus();
  setStatus('Your level: arrows choose, Tab goes to the next category, Esc goes back to the shortcuts.');
}

function focusReason() {
  if (!state.item || ui.reason.disabled) {
    setStatus('This item cannot be decided by you now.', 'error');
    return;
  }
  ui.reason.focus();
}

/** The shortcuts of the queue and item view. @type {Record<string, () => void>} */
const workspaceKeys = {
  a: () => void decide('approve'),
  r: () => void decide('reject'),
  c: () => void claimItem(),
  u: () => void releaseItem(),
  m: focusReason,
  l: focusLevels,
  n: openNext,
  p: () => openNeighbour(-1),
  v: toggleReveal,
  '[': () => stepFrame(-1),
  ']': () => stepFrame(1),
  b: showBankFrame,
  g: () => void refreshQueue(),
  f: () => focusFilter(ui.filterCategory),
  w: () => focusFilter(ui.filterReason),
  t: () => focusFilter(ui.filterKind),
  x: clearFilters,
};

/** The shortcuts of the supervisor view. @type {Record<string, () => void>} */
const supervisorKeys = { g: () => void refreshStats() };

document.addEventListener('keydown', (e) => {
  if (e.defaultPrevented || e.isComposing || ui.help.open) return;
  if (e.target === ui.reason) {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      if (state.pending) void decide(state.pending);
      else setStatus('Press Esc to leave the field, then a to approve or r to reject.');
    } else if (e.key === 'Escape') {
      e.preventDefault();
      ui.reason.blur();
    }
    return;
  }
  if (isTyping(e.target)) {
    if (e.key === 'Escape' && e.target instanceof HTMLElement) e.target.blur();
    return;
  }
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === '?') {
    e.preventDefault();
    toggleHelp();
    return;
  }
  if (!state.api) return;
  /** @type {Record<string, () => void>} */
  const common = { s: toggleSupervisor, Q: signOut };
  const action = common[e.key] ?? (state.supervising ? supervisorKeys[e.key] : workspaceKeys[e.key]);
  if (action) {
    e.preventDefault();
    action();
  }
});

// ---- start ----

const session = loadSession();
if (session) startWorkspace(session);
else showSignIn();
