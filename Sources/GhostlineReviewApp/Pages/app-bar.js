const bar = document.getElementById('ghostline-review-bar');
const name = bar.dataset.name;
document.getElementById('entry-name').textContent = name;
document.getElementById('back').href = withToken('/');
// The review page's own link to the suite's static index leads to the app's index instead, with the token (once
// the page below the bar is parsed).
document.addEventListener('DOMContentLoaded', () => {
  const suiteIndex = document.getElementById('suite-index');
  if (suiteIndex) suiteIndex.href = withToken('/');
});
const say = (text) => { document.getElementById('message').textContent = text; };
const kept = sessionStorage.getItem('ghostline-review-message');
if (kept) { sessionStorage.removeItem('ghostline-review-message'); say(kept); }
let checks = null;
function show(e) {
  const s = document.getElementById('entry-status'); s.textContent = e.status; s.className = 'status ' + e.status;
  document.getElementById('undo').disabled = !e.canUndo;
  if (checks === null) checks = e.checks;
}
// Whether the review under the bar is older than the entry's latest check.
const stale = (e) => checks !== null && e.checks !== checks && !e.running;
// Once a reload is asked for, the first reason is the one shown (an event arriving before the page unloads must
// not replace 'approved' with 'checked again').
let leaving = false;
function reload(message) {
  if (leaving) return;
  leaving = true; sessionStorage.setItem('ghostline-review-message', message); location.reload();
}
async function refresh() { show(await api('GET', '/api/entries/' + encodeURIComponent(name))); }
// While a decision is being made its own answer says what happened; the events its checks send are not edits.
let deciding = false;
async function decide(action, body) {
  say(action + '…');
  deciding = true;
  try {
    const e = await api('POST', '/api/entries/' + encodeURIComponent(name) + '/' + action, body);
    const done = { approve: 'approved', reject: 'rejected', undo: 'undone' }[action];
    if (stale(e)) { reload(done); return; }
    show(e); say(done);
  }
  catch (error) { say(error.message); }
  finally { deciding = false; }
}
document.getElementById('approve').addEventListener('click', () => decide('approve', {}));
document.getElementById('reject').addEventListener('click', () => {
  const comment = document.getElementById('comment').value.trim();
  if (!comment) { say('write a comment to reject'); document.getElementById('comment').focus(); return; }
  decide('reject', { comment });
});
document.getElementById('undo').addEventListener('click', () => decide('undo', {}));
function swipe() {
  const section = document.getElementById('swipe'), frame = document.getElementById('swipe-frame');
  if (!frame.childElementCount) {
    const design = document.getElementById('ghost-design'), render = document.getElementById('ghost-render');
    if (!design || !render) { say('no images to swipe'); return; }
    const d = design.cloneNode(); d.id = 'swipe-design'; d.style.opacity = 1; d.style.position = 'static';
    const r = render.cloneNode(); r.id = 'swipe-render'; r.style.position = 'absolute'; r.style.left = 0; r.style.top = 0;
    frame.append(d, r);
    const apply = () => { r.style.clipPath = 'inset(0 ' + (100 - document.getElementById('swipe-position').value) + '% 0 0)'; };
    document.getElementById('swipe-position').addEventListener('input', apply); apply();
  }
  section.style.display = section.style.display === 'none' ? 'block' : 'none';
  section.scrollIntoView();
}
document.getElementById('swipe-toggle').addEventListener('click', swipe);
function devicePixels() {
  for (const img of document.querySelectorAll('img')) {
    img.style.imageRendering = 'pixelated';
    if (img.naturalWidth) img.style.width = (img.naturalWidth / devicePixelRatio) + 'px';
  }
}
document.getElementById('pixels').addEventListener('click', devicePixels);
async function neighbour(step) {
  const v = await api('GET', '/api/entries'); const i = v.entries.findIndex((e) => e.name === name);
  const next = v.entries[i + step]; if (next) location.href = withToken(next.page);
}
const jump = (id) => { const el = document.getElementById(id); if (el) el.scrollIntoView(); };
document.addEventListener('keydown', (ev) => {
  if (ev.target.tagName === 'INPUT' || ev.target.tagName === 'SELECT') return;
  const actions = { j: () => neighbour(1), k: () => neighbour(-1), a: () => document.getElementById('approve').click(),
    r: () => document.getElementById('comment').focus(), u: () => document.getElementById('undo').click(),
    g: () => jump('ghost-image'), d: () => jump('diff'), s: swipe, p: devicePixels, '?': toggleHelp };
  if (actions[ev.key]) { ev.preventDefault(); actions[ev.key](); }
});
document.getElementById('comment').addEventListener('keydown', (ev) => { if (ev.key === 'Enter') document.getElementById('reject').click(); });
const events = new EventSource(withToken('/api/events'));
events.addEventListener('entry', (ev) => {
  const e = JSON.parse(ev.data);
  if (e.name !== name || deciding) return;
  // Checked again (an edit the watcher saw): the page reloads to show the new review, unless a comment is being
  // written, which a reload would lose.
  if (stale(e) && !document.getElementById('comment').value) { reload('checked again'); return; }
  show(e); if (stale(e)) say('checked again: reload to see the new review');
});
refresh();
