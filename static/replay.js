// Keyboard stepping for the replay page. The links work without this;
// it only maps keys to them: ← / k previous, → / j next, Home first, End last,
// Shift+← / Shift+→ through a proof's cascade.
//
// Keys never step while focus is in a form control (a text field, a
// select, a checkbox: they use those keys themselves), and never once
// something has been typed into a form on the page: a half-filled appeal
// is not lost to a key (and leaving the page some other way asks first).
var formTouched = false;
document.addEventListener("input", function (ev) {
  if (ev.target && ev.target.form) formTouched = true;
});
document.addEventListener("submit", function () {
  formTouched = false;
});
window.addEventListener("beforeunload", function (ev) {
  if (formTouched) ev.preventDefault();
});
function inFormControl(t) {
  if (!t || !t.tagName) return false;
  return t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable;
}
// The view toggle last clicked with the mouse, until it loses focus: the
// keys step even while it still holds focus (it is let go a moment after
// the click, and a key pressed in that moment must not be lost).
var clickedToggle = null;
document.addEventListener("focusout", function (ev) {
  if (ev.target === clickedToggle) clickedToggle = null;
});
document.addEventListener("keydown", function (ev) {
  if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
  if ((inFormControl(ev.target) && ev.target !== clickedToggle) || formTouched) return;
  var id = ev.shiftKey
    ? { ArrowLeft: "pass-prev", ArrowRight: "pass-next" }[ev.key]
    : { ArrowLeft: "prev", k: "prev", ArrowRight: "next", j: "next", Home: "first", End: "last" }[ev.key];
  if (!id) return;
  var link = document.getElementById(id);
  if (link && link.href) {
    ev.preventDefault();
    window.location.href = link.href;
  }
});
// Keep the current event in view inside the event list, without moving
// the page itself (the board stays where the reader's eyes are).
document.addEventListener("DOMContentLoaded", function () {
  var list = document.querySelector("ol.events");
  var cur = list && list.querySelector(".current");
  // The list is position: relative, so offsetTop is measured from it.
  if (cur) list.scrollTop = cur.offsetTop - list.clientHeight / 2;
});
// Overlay toggles (longest tracks, shown tracks): remember the choice for
// the longest-track overlays while stepping.
document.addEventListener("DOMContentLoaded", function () {
  document.querySelectorAll("input.ov-toggle").forEach(function (box) {
    var id = box.getAttribute("data-ov");
    var line = document.getElementById("ov-" + id);
    if (!line) return;
    var key = id.indexOf("longest-") === 0 ? "arbiter-ov-" + id : null;
    if (key && window.localStorage && localStorage.getItem(key) !== null) {
      box.checked = localStorage.getItem(key) === "1";
    }
    var show = function () {
      line.style.display = box.checked ? "inline" : "none";
      if (key && window.localStorage) localStorage.setItem(key, box.checked ? "1" : "0");
    };
    box.addEventListener("change", show);
    // A toggle clicked with the mouse gives focus back to the page, so
    // the arrow keys step again at once (from the keyboard it keeps focus).
    (box.closest("label") || box).addEventListener("mouseup", function () {
      clickedToggle = box;
      setTimeout(function () { box.blur(); }, 0);
    });
    show();
  });
});
// The charts under the page: a click opens the step under it (a chart is
// a few paths and the points near this step, so its geometry is in data-
// attributes); a point hovered or focused says its step in the caption
// under the chart, which goes back to this step's words afterwards.
document.addEventListener("DOMContentLoaded", function () {
  document.querySelectorAll("svg.chart[data-pitch]").forEach(function (chart) {
    chart.addEventListener("click", function (ev) {
      if (ev.target.closest && ev.target.closest("a")) return;
      var box = chart.getBoundingClientRect();
      var scale = chart.viewBox.baseVal.width / box.width;
      var x = (ev.clientX - box.left) * scale;
      var left = parseFloat(chart.getAttribute("data-left"));
      var pitch = parseFloat(chart.getAttribute("data-pitch"));
      var last = parseInt(chart.getAttribute("data-last"), 10);
      var k = Math.floor((x - left) / pitch);
      if (k >= 0 && k <= last) window.location.href = chart.getAttribute("data-href") + k;
    });
    var caption = document.getElementById(chart.getAttribute("data-caption"));
    if (!caption) return;
    var own = caption.textContent;
    var say = function (ev) {
      var a = ev.target.closest && ev.target.closest("a.pt");
      var title = a && a.querySelector("title");
      if (title) caption.textContent = title.textContent;
    };
    var back = function () {
      caption.textContent = own;
    };
    chart.addEventListener("mouseover", say);
    chart.addEventListener("focusin", say);
    chart.addEventListener("mouseleave", back);
    chart.addEventListener("focusout", back);
  });
});
// The best-move arrow: the checkbox shows or hides it, and the choice is
// remembered while stepping (and across matches).
document.addEventListener("DOMContentLoaded", function () {
  var box = document.getElementById("best-toggle");
  var board = document.getElementById("board");
  if (!box || !board) return;
  var key = "arbiter-best-move";
  if (window.localStorage && localStorage.getItem(key) !== null) {
    box.checked = localStorage.getItem(key) === "1";
  }
  var show = function () {
    board.classList.toggle("no-best", !box.checked);
    if (window.localStorage) localStorage.setItem(key, box.checked ? "1" : "0");
  };
  box.addEventListener("change", show);
  // Clicked with the mouse, focus goes back to the page so the arrow
  // keys step again at once (as the overlay toggles do).
  (box.closest("label") || box).addEventListener("mouseup", function () {
    clickedToggle = box;
    setTimeout(function () { box.blur(); }, 0);
  });
  show();
});
// While the tables behind this step's analysis are being built: look
// again every few seconds, show how far the build has got, and reload
// once it has ended (not while a form on the page holds typing).
document.addEventListener("DOMContentLoaded", function () {
  var note = document.getElementById("analysis-note");
  var url = note && note.getAttribute("data-poll");
  if (!url || !window.fetch) return;
  var look = function () {
    fetch(url, { headers: { Accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (step) {
        var said = step && step.analysis_note;
        if (step && !(said && said.building)) {
          if (!formTouched) { window.location.reload(); return; }
          note.textContent = "Analysis: ready; reload the page to see it.";
          return;
        }
        if (said) note.textContent = "Analysis: " + said.text;
        setTimeout(look, 3000);
      })
      .catch(function () { setTimeout(look, 3000); });
  };
  setTimeout(look, 3000);
});
