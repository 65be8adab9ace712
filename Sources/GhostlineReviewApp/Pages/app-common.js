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
