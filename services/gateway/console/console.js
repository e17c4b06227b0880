// @ts-check
// The reviewer console: sign in with a reviewer key, work through the queue, decide items.
import { ApiError, ReviewApi, clearSession, loadSession, signIn } from './api.js';
import { age, boxes, clock, el, highlighted, nearestFrame, score } from './view.js';

/** @typedef {import('./api.js').ReviewItem} ReviewItem */
/** @typedef {import('./api.js').ReviewItemDetail} ReviewItemDetail */
/** @typedef {import('./api.js').Session} Session */

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
  status: $('status', HTMLElement),
  signInForm: $('sign-in', HTMLFormElement),
  key: $('key', HTMLInputElement),
  workspace: $('workspace', HTMLElement),
  refresh: $('refresh', HTMLButtonElement),
  queue: $('queue', HTMLOListElement),
  queueCount: $('queue-count', HTMLElement),
  queueEmpty: $('queue-empty', HTMLElement),
  item: $('item', HTMLElement),
  itemTitle: $('item-title', HTMLElement),
  facts: $('item-facts', HTMLElement),
  reveal: $('reveal', HTMLButtonElement),
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
  next: $('next', HTMLButtonElement),
  result: $('decision-result', HTMLElement),
  history: $('history', HTMLElement),
};

const state = {
  /** @type {ReviewApi | null} */
  api: null,
  /** @type {ReviewItem[]} */
  queue: [],
  /** @type {ReviewItemDetail | null} */
  item: null,
  /** Whether this reviewer holds the open item's claim (and has not decided it yet). */
  canDecide: false,
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
  closeItem();
  ui.workspace.hidden = true;
  ui.signOut.hidden = true;
  ui.who.textContent = '';
  ui.signInForm.hidden = false;
  ui.key.value = '';
  ui.key.focus();
  setStatus(message ?? 'Sign in with your reviewer API key.', message ? 'error' : 'info');
}

/** @param {Session} session */
function startWorkspace(session) {
  state.api = new ReviewApi(session.token, () => {
    clearSession();
    showSignIn('Your session has ended; sign in again.');
  });
  ui.signInForm.hidden = true;
  ui.workspace.hidden = false;
  ui.signOut.hidden = false;
  ui.who.textContent = `Signed in until ${new Date(session.expiry).toLocaleTimeString()}`;
  setStatus('Signed in. Open an item from the queue.');
  window.clearInterval(state.poll);
  state.poll = window.setInterval(() => {
    if (!document.hidden) void refreshQueue();
  }, QUEUE_POLL_MS);
  void refreshQueue();
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

ui.signOut.addEventListener('click', () => {
  clearSession();
  showSignIn();
});

// ---- queue ----

async function refreshQueue() {
  const api = state.api;
  if (!api) return;
  try {
    state.queue = await api.queue();
  } catch (err) {
    if (state.api) setStatus(`Could not load the queue: ${problem(err)}`, 'error');
    return;
  }
  renderQueue();
}

function renderQueue() {
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement.dataset.moderationJobId : undefined;
  ui.queue.replaceChildren(
    ...state.queue.map((it) => {
      const button = el('button', { testid: 'queue-item', attrs: { type: 'button', 'data-moderation-job-id': it.moderation_job_id, 'data-external-id': it.external_id } }, [
        el('span', { className: 'line' }, [el('span', { className: `kind ${it.kind}`, text: it.kind.replace('_', ' ') }), el('span', { text: `priority ${it.priority}` })]),
        el('span', { className: 'line' }, [el('strong', { text: it.external_id || it.moderation_job_id }), el('span', { className: 'muted', text: `${age(it.queued_at)} ago` })]),
        el('span', { className: 'reasons', text: it.reasons.join(', ') || 'no reason given' }),
      ]);
      if (it.moderation_job_id === state.item?.moderation_job_id) button.setAttribute('aria-current', 'true');
      button.addEventListener('click', () => void openItem(it.moderation_job_id));
      return el('li', {}, [button]);
    }),
  );
  ui.queueCount.textContent = `(${state.queue.length})`;
  ui.queueEmpty.hidden = state.queue.length > 0;
  const again = focused ? ui.queue.querySelector(`button[data-moderation-job-id="${CSS.escape(focused)}"]`) : null;
  if (again instanceof HTMLElement) again.focus();
}

ui.refresh.addEventListener('click', () => void refreshQueue());

// ---- item ----

function closeItem() {
  state.item = null;
  state.canDecide = false;
  state.openSeq++;
  if (state.objectUrl) URL.revokeObjectURL(state.objectUrl);
  state.objectUrl = null;
  ui.frame.removeAttribute('src');
  ui.item.hidden = true;
}

/**
 * Claims the item (so no one else decides it meanwhile) and shows it; an item someone else holds is
 * shown without the decision buttons.
 * @param {string} id
 */
async function openItem(id) {
  const api = state.api;
  if (!api) return;
  closeItem();
  const seq = state.openSeq;
  setStatus('Opening…');
  let claimed = true;
  let claimProblem = '';
  try {
    await api.claim(id);
  } catch (err) {
    claimed = false;
    claimProblem = problem(err);
  }
  let item;
  try {
    item = await api.item(id);
  } catch (err) {
    if (seq === state.openSeq) setStatus(`Could not open the item: ${claimProblem || problem(err)}`, 'error');
    return;
  }
  if (seq !== state.openSeq) return;
  state.item = item;
  state.canDecide = claimed && item.state !== 'done';
  state.pending = null;
  renderItem(item);
  renderQueue();
  if (claimed) setStatus(`Claimed ${item.external_id || item.moderation_job_id}. Reveal the media with v; decide with a or r.`);
  else setStatus(`You cannot decide this item: ${claimProblem}`, 'error');
}

/** @param {ReviewItemDetail} item */
function renderItem(item) {
  ui.item.hidden = false;
  ui.item.dataset.moderationJobId = item.moderation_job_id;
  ui.itemTitle.textContent = item.external_id || item.moderation_job_id;
  renderFacts(item);
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

  const evidenceFrames = new Set(item.evidence.map((e) => nearestFrame(item.frames, e.timestamp)?.index));
  const listed = item.frames.some((f) => evidenceFrames.has(f.index)) ? item.frames.filter((f) => evidenceFrames.has(f.index)) : item.frames;
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
}

/** @param {ReviewItemDetail} item */
function renderFacts(item) {
  /** @type {[string, string][]} */
  const rows = [
    ['Moderation job', item.moderation_job_id],
    ['Kind', item.kind.replace('_', ' ')],
    ['Reasons', item.reasons.join(', ') || '—'],
    ['Priority', String(item.priority)],
    ['Queued', `${age(item.queued_at)} ago`],
    ['Content', item.content_type],
  ];
  const auto = item.automated;
  if (auto) rows.push(['Automated', auto.is_error ? `error: ${auto.error_message ?? ''}` : `${auto.decision} (${auto.decision_type})`]);
  if (item.appeal_reason) rows.push(['Appeal', item.appeal_reason]);
  if (item.claimed_by) rows.push(['Claimed by', `${item.claimed_by}${item.lease_expires_at ? ` until ${new Date(item.lease_expires_at).toLocaleTimeString()}` : ''}`]);
  ui.facts.replaceChildren(...rows.flatMap(([k, v]) => [el('dt', { text: k }), el('dd', { text: v })]));
}

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
      item.decisions.map((d) => el('li', { text: `${new Date(d.at).toLocaleString()}: ${d.reviewer_id} ${d.decision === 'approve' ? 'approved' : 'rejected'} (${d.kind.replace('_', ' ')}): ${d.reason}` })),
    ),
  );
}

// ---- deciding ----

function updateButtons() {
  const off = !state.canDecide || state.busy;
  ui.approve.disabled = off;
  ui.reject.disabled = off;
  ui.reason.disabled = !state.canDecide;
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
    setStatus('This item cannot be decided by you now (not claimed, or already decided).', 'error');
    return;
  }
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

function openNext() {
  const current = state.item?.moderation_job_id;
  const at = state.queue.findIndex((it) => it.moderation_job_id === current);
  const next = state.queue.slice(at + 1).find((it) => it.moderation_job_id !== current) ?? state.queue.find((it) => it.moderation_job_id !== current);
  if (next) void openItem(next.moderation_job_id);
  else setStatus('No other item in the queue.');
}
ui.next.addEventListener('click', openNext);

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
  if (ui.workspace.hidden) return;
  /** @type {Record<string, () => void>} */
  const actions = { a: () => void decide('approve'), r: () => void decide('reject'), n: openNext, v: toggleReveal };
  const action = actions[e.key];
  if (action) {
    e.preventDefault();
    action();
  }
});

// ---- start ----

const session = loadSession();
if (session) startWorkspace(session);
else showSignIn();
