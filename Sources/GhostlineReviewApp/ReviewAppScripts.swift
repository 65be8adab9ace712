/// The review app's scripts: constant texts, the same on every page and for every suite. What a script needs to know
/// (the entry's name) is in a data attribute, written by ``Escaping/html(_:)``, and never inside a script, so no name
/// from a manifest can become code, and the Content-Security-Policy can allow exactly these scripts by their hashes
/// (``ReviewAppPolicy``).
///
/// The token travels in the page's own URL (`?token=`); the scripts send it back as `Authorization: Bearer` on
/// every API call, and in the event stream's and thumbnails' URLs (an `EventSource` or an image cannot set headers).
enum ReviewAppScripts {
    /// Shared: the token, API calls with it, the help box, and the event stream.
    static let common = """
    const token = new URLSearchParams(location.search).get('token') || '';
    const withToken = (path) => path + (path.includes('?') ? '&' : '?') + 'token=' + encodeURIComponent(token);
    async function api(method, path, body) {
      const r = await fetch(path, { method, headers: { 'Authorization': 'Bearer ' + token,
        'Content-Type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
      const value = await r.json().catch(() => ({}));
      if (!r.ok) throw new Error(value.error || r.statusText);
      return value;
    }
    function toggleHelp() { const h = document.getElementById('help'); h.style.display = h.style.display === 'block' ? 'none' : 'block'; }
    document.getElementById('help-toggle').addEventListener('click', toggleHelp);
    """

    /// The index: every entry with its thumbnails, failing first, with filters, a search box and live updates.
    static let index = common + """

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
    """

    /// The decision bar over an entry's review page: approve, reject, undo, swipe, device pixels and the keys. After
    /// a decision that checked the entry again (a reference approved or restored), the page reloads, so the review
    /// below the bar is the new one and never contradicts the bar.
    static let bar = common + """

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
    """
}
