(function () {
  var zoom = document.getElementById('zoom');
  var base = { width: Number(zoom.dataset.width), height: Number(zoom.dataset.height) };
  zoom.addEventListener('change', function (e) {
    var z = Number(e.target.value);
    document.querySelectorAll('.zoomable').forEach(function (f) {
      f.style.width = (base.width * z) + 'px'; f.style.height = (base.height * z) + 'px';
    });
  });
  var slider = document.getElementById('opacity');
  slider.addEventListener('input', function () {
    document.getElementById('ghost-design').style.opacity = slider.value;
    document.getElementById('opacity-value').textContent = slider.value;
  });
  var showingRender = false, timer = null;
  function flip() {
    showingRender = !showingRender;
    document.getElementById('blink-render').style.visibility = showingRender ? 'visible' : 'hidden';
    document.getElementById('blink-caption').textContent = showingRender ? 'Render' : 'Design';
    document.getElementById('blink-toggle').textContent = showingRender ? 'Show design' : 'Show render';
  }
  document.getElementById('blink-toggle').addEventListener('click', flip);
  document.getElementById('blink-auto').addEventListener('change', function (e) {
    if (e.target.checked) { timer = setInterval(flip, 500); } else { clearInterval(timer); }
  });
})();
