// Keyboard stepping for the replay page. The links work without this;
// it only maps keys to them: ← / k previous, → / j next, Home first, End last.
document.addEventListener("keydown", function (ev) {
  if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
  var t = ev.target;
  if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.isContentEditable)) return;
  var id = { ArrowLeft: "prev", k: "prev", ArrowRight: "next", j: "next", Home: "first", End: "last" }[ev.key];
  if (!id) return;
  var link = document.getElementById(id);
  if (link && link.href) {
    ev.preventDefault();
    window.location.href = link.href;
  }
});
// Keep the current event in view in the list.
document.addEventListener("DOMContentLoaded", function () {
  var cur = document.querySelector(".events .current");
  if (cur && cur.scrollIntoView) cur.scrollIntoView({ block: "nearest" });
});
