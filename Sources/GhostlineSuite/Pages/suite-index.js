(function () {
  var verdict = document.getElementById('verdict-filter'), text = document.getElementById('text-filter');
  var rows = Array.prototype.slice.call(document.querySelectorAll('#checks tbody tr.check'));
  function apply() {
    var want = verdict.value, needle = text.value.trim().toLowerCase(), shown = 0;
    rows.forEach(function (row) {
      var v = row.dataset.verdict;
      var ok = (want === 'all' || want === v || (want === 'problems' && v !== 'pass') ||
                (want === 'accepted' && row.dataset.accepted === 'true')) &&
               (needle === '' || row.dataset.search.indexOf(needle) >= 0);
      row.hidden = !ok; if (ok) { shown += 1; }
    });
    document.getElementById('shown').textContent = shown + ' shown';
    document.getElementById('none').hidden = shown > 0;
  }
  verdict.addEventListener('change', apply); text.addEventListener('input', apply);
})();
