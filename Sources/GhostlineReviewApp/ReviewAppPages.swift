import GhostlineSupport

/// The review app's pages: the index of entries, and each entry's review page with the decision bar laid over it.
/// Plain HTML and a little JavaScript of our own, nothing fetched from elsewhere: review works with no network.
///
/// The token travels in the page's own URL (`?token=`); the scripts send it back as `Authorization: Bearer` on
/// every API call, and in the event stream's URL (an `EventSource` cannot set headers).
enum ReviewAppPages {
    static let style = """
    body { font: 14px -apple-system, system-ui, sans-serif; margin: 0; color: #1c1c1e; }
    header { position: sticky; top: 0; background: #f2f2f7; border-bottom: 1px solid #d1d1d6; padding: 8px 16px;
             display: flex; gap: 12px; align-items: center; z-index: 10; flex-wrap: wrap; }
    main { padding: 16px; } table { border-collapse: collapse; width: 100%; }
    td, th { text-align: left; padding: 6px 8px; border-bottom: 1px solid #e5e5ea; vertical-align: top; }
    tr.selected { background: #e5f1ff; } .status { font-weight: 600; text-transform: uppercase; font-size: 12px; }
    .fail, .error, .rejected { color: #d70015; } .pass { color: #248a3d; } .accepted { color: #0066cc; } .pending { color: #8e8e93; }
    button { font: inherit; padding: 4px 10px; } #help { display: none; position: fixed; right: 16px; top: 56px;
    background: white; border: 1px solid #c7c7cc; padding: 12px; box-shadow: 0 4px 16px #0002; z-index: 20; }
    #progress { color: #6c6c70; } .finding { max-width: 640px; }
    """

    static let help = """
    <div id="help"><b>Keys</b><br>j / k: next / previous entry<br>a: approve<br>r: reject with a comment<br>u: undo<br>
    g: the ghost<br>d: the diff<br>s: swipe<br>p: device pixels<br>?: this help</div>
    """

    /// Shared script: the token, API calls with it, and the event stream.
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
    """

    /// The index: every entry, failing first, with filters, a search box and live updates.
    static func index(suite: String) -> String {
        """
        <!doctype html><html lang="en"><head><meta charset="utf-8"><title>Review: \(Escaping.html(suite))</title>
        <style>\(style)</style></head><body>
        <header><b>\(Escaping.html(suite))</b>
        <label>Show <select id="filter"><option value="failing">failing</option><option value="changed">changed</option>
        <option value="new">new</option><option value="accepted">accepted</option><option value="all">all</option></select></label>
        <input id="search" type="search" placeholder="Search by name"> <span id="progress"></span>
        <a id="export" href="#">Export decisions (Markdown)</a> <button onclick="toggleHelp()">?</button></header>
        \(help)
        <main><table id="entries"><thead><tr><th>status</th><th>entry</th><th>finding (offsets in points: render − design)</th><th>decision</th></tr></thead>
        <tbody></tbody></table>
        <section id="unused" style="display:none"><h3>Not used by any entry (<code>ghostline suite --prune --delete</code> removes them)</h3><ul></ul></section></main>
        <script>
        \(common)
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
              if (c === 1) { const a = document.createElement('a'); a.href = withToken(e.page); a.textContent = e.name; td.appendChild(a); }
              else td.textContent = text;
              if (c === 0) td.className = 'status ' + e.status;
              if (c === 2) td.className = 'finding';
              tr.appendChild(td);
            });
            body.appendChild(tr);
          });
        }
        async function load() {
          const v = await api('GET', '/api/entries'); entries = v.entries; render();
          const list = document.querySelector('#unused ul'); list.textContent = '';
          for (const line of v.unused || []) { const li = document.createElement('li'); li.textContent = line; list.appendChild(li); }
          document.getElementById('unused').style.display = (v.unused || []).length ? 'block' : 'none';
        }
        document.getElementById('filter').onchange = render;
        document.getElementById('search').oninput = render;
        document.getElementById('export').onclick = async (ev) => {
          ev.preventDefault();
          const r = await fetch('/api/export', { headers: { 'Authorization': 'Bearer ' + token } });
          const w = window.open(); w.document.body.innerText = await r.text();
        };
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
        load();
        </script></body></html>
        """
    }

    /// The decision bar and the keys, laid over an entry's review page (or a page that says why it has none).
    static func decisionBar(name: String) -> String {
        let quoted = JSONValue.string(name).serialized()
        return """
        <style>\(style) #ghostline-review-bar { margin: 0; }</style>
        <header id="ghostline-review-bar"><a id="back" href="#">← all entries</a> <b id="entry-name"></b>
        <span id="entry-status" class="status"></span>
        <button id="approve" title="a">Approve</button>
        <input id="comment" placeholder="Comment (for a rejection)" size="40"> <button id="reject" title="r">Reject</button>
        <button id="undo" title="u">Undo</button> <button id="swipe-toggle" title="s">Swipe</button>
        <button id="pixels" title="p">Device pixels</button> <span id="message"></span> <button onclick="toggleHelp()">?</button></header>
        \(help)
        <section id="swipe" style="display:none;padding:16px"><h2>Swipe</h2>
        <input id="swipe-position" type="range" min="0" max="100" value="50"><div id="swipe-frame" style="position:relative;display:inline-block"></div></section>
        <script>
        \(common)
        const name = \(quoted);
        document.getElementById('entry-name').textContent = name;
        document.getElementById('back').href = withToken('/');
        const say = (text) => { document.getElementById('message').textContent = text; };
        function show(e) {
          const s = document.getElementById('entry-status'); s.textContent = e.status; s.className = 'status ' + e.status;
          document.getElementById('undo').disabled = !e.canUndo;
        }
        async function refresh() { show(await api('GET', '/api/entries/' + encodeURIComponent(name))); }
        async function decide(action, body) {
          say(action + '…');
          try { const e = await api('POST', '/api/entries/' + encodeURIComponent(name) + '/' + action, body); show(e); say({ approve: 'approved', reject: 'rejected', undo: 'undone' }[action]); }
          catch (error) { say(error.message); }
        }
        document.getElementById('approve').onclick = () => decide('approve', {});
        document.getElementById('reject').onclick = () => {
          const comment = document.getElementById('comment').value.trim();
          if (!comment) { say('write a comment to reject'); document.getElementById('comment').focus(); return; }
          decide('reject', { comment });
        };
        document.getElementById('undo').onclick = () => decide('undo', {});
        function swipe() {
          const section = document.getElementById('swipe'), frame = document.getElementById('swipe-frame');
          if (!frame.childElementCount) {
            const design = document.getElementById('ghost-design'), render = document.getElementById('ghost-render');
            if (!design || !render) { say('no images to swipe'); return; }
            const d = design.cloneNode(); d.id = 'swipe-design'; d.style.opacity = 1; d.style.position = 'static';
            const r = render.cloneNode(); r.id = 'swipe-render'; r.style.position = 'absolute'; r.style.left = 0; r.style.top = 0;
            frame.append(d, r);
            const apply = () => { r.style.clipPath = 'inset(0 ' + (100 - document.getElementById('swipe-position').value) + '% 0 0)'; };
            document.getElementById('swipe-position').oninput = apply; apply();
          }
          section.style.display = section.style.display === 'none' ? 'block' : 'none';
          section.scrollIntoView();
        }
        document.getElementById('swipe-toggle').onclick = swipe;
        function devicePixels() {
          for (const img of document.querySelectorAll('img')) {
            img.style.imageRendering = 'pixelated';
            if (img.naturalWidth) img.style.width = (img.naturalWidth / devicePixelRatio) + 'px';
          }
        }
        document.getElementById('pixels').onclick = devicePixels;
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
        events.addEventListener('entry', (ev) => { const e = JSON.parse(ev.data); if (e.name === name) { show(e); if (!e.running) say('checked again'); } });
        refresh();
        </script>
        """
    }

    /// An entry page: its review page with the bar inserted after `<body>`, or a short page for an entry with none.
    static func entry(name: String, reviewPage: String?, finding: String?) -> String {
        let bar = decisionBar(name: name)
        // The review page's body tag carries attributes (`<body data-verdict="fail">`): the bar goes after its `>`.
        guard let reviewPage, let open = reviewPage.range(of: "<body"),
              let body = reviewPage[open.upperBound...].range(of: ">") else {
            return """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><title>\(Escaping.html(name))</title></head><body>
            \(bar)<main><p>\(Escaping.html(finding ?? "Not checked yet."))</p></main></body></html>
            """
        }
        var page = reviewPage
        page.insert(contentsOf: bar, at: body.upperBound)
        return page
    }
}
