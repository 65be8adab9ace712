let entries = [], selected = 0;
const matches = (e) => {
  const f = document.getElementById('filter').value, q = document.getElementById('search').value.toLowerCase();
  if (q && !e.name.toLowerCase().includes(q)) return false;
  if (f === 'failing') return ['fail', 'error', 'rejected'].includes(e.status);
  if (f === 'changed') return e.status === 'fail' || e.status === 'accepted' || e.status === 'rejected';
  if (f === 'new') return e.status === 'pending' || e.isNew;
  if (f === 'accepted') return e.status === 'accepted';
  return true;
};
function thumbnail(e, kind) {
  const td = document.createElement('td'); td.className = 'thumb';
  if (e.thumbnails) {
    const img = document.createElement('img'); img.className = 'thumb-image'; img.loading = 'lazy';
    img.alt = kind + ' of ' + e.name; img.src = withToken(e.page + '/thumbs/' + kind + '.png?v=' + e.checks);
    td.appendChild(img);
  }
  return td;
}
function render() {
  const body = document.querySelector('#entries tbody');
  body.textContent = '';
  const shown = entries.filter(matches);
  selected = Math.min(selected, Math.max(0, shown.length - 1));
  shown.forEach((e, i) => {
    const tr = document.createElement('tr');
    tr.dataset.name = e.name; tr.className = i === selected ? 'selected' : '';
    const cells = [e.status + (e.running ? ' …' : ''), null, e.finding || '', e.decision ? e.decision.kind + ' by ' + e.decision.by + (e.decision.comment ? ': ' + e.decision.comment : '') : ''];
    cells.forEach((text, c) => {
      const td = document.createElement('td');
      if (c === 1) {
        const a = document.createElement('a'); a.href = withToken(e.page); a.textContent = e.name; td.appendChild(a);
        const where = document.createElement('div'); where.className = 'where'; where.textContent = e.scene + ' → ' + e.target;
        td.appendChild(where);
      }
      else td.textContent = text;
      if (c === 0) td.className = 'status ' + e.status;
      if (c === 2) td.className = 'finding';
      tr.appendChild(td);
    });
    tr.append(thumbnail(e, 'ghost'), thumbnail(e, 'diff'));
    body.appendChild(tr);
  });
}
async function load() {
  const v = await api('GET', '/api/entries'); entries = v.entries; render();
  const list = document.querySelector('#unused ul'); list.textContent = '';
  for (const line of v.unused || []) { const li = document.createElement('li'); li.textContent = line; list.appendChild(li); }
  document.getElementById('unused').style.display = (v.unused || []).length ? 'block' : 'none';
}
document.getElementById('filter').addEventListener('change', render);
document.getElementById('search').addEventListener('input', render);
document.getElementById('export').addEventListener('click', async (ev) => {
  ev.preventDefault();
  const r = await fetch('/api/export', { headers: { 'Authorization': 'Bearer ' + token } });
  const w = window.open(); w.document.body.innerText = await r.text();
});
document.addEventListener('keydown', (ev) => {
  if (ev.target.tagName === 'INPUT') return;
  const rows = document.querySelectorAll('#entries tbody tr');
  if (ev.key === 'j') { selected = Math.min(selected + 1, rows.length - 1); render(); }
  else if (ev.key === 'k') { selected = Math.max(selected - 1, 0); render(); }
  else if (ev.key === 'Enter' && rows[selected]) location.href = rows[selected].querySelector('a').href;
  else if (ev.key === '?') toggleHelp();
});
const events = new EventSource(withToken('/api/events'));
events.addEventListener('entry', (ev) => {
  const e = JSON.parse(ev.data); const i = entries.findIndex((x) => x.name === e.name);
  if (i >= 0) entries[i] = e; else entries.push(e);
  render();
});
events.addEventListener('progress', (ev) => {
  const p = JSON.parse(ev.data);
  document.getElementById('progress').textContent = p.done < p.total ? 'checking ' + p.done + ' of ' + p.total : '';
});
// The manifest changed: entries may have come or gone.
events.addEventListener('plan', load);
load();
