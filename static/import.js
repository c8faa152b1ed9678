// The import preview, read again in place: a change of a message's
// "read as…" box posts only the corrections to the server's preview
// session and swaps the report in, so the transcript is neither sent nor
// parsed again. Without this script (or when the session has expired) the
// same buttons submit the whole form and the page comes back read again.
(function () {
  "use strict";
  let busy = false;

  function corrections() {
    const data = new URLSearchParams();
    const boxes = document.querySelectorAll(
      'details.read-as input[name^="read_"], details.read-as input[name^="why_"]'
    );
    boxes.forEach(function (box) {
      if (box.value.trim() !== "") data.append(box.name, box.value);
    });
    const reviewer = document.querySelector('#import-form [name="reviewer"]');
    if (reviewer) data.append("reviewer", reviewer.value);
    return data;
  }

  function submitWhole(button) {
    const form = document.getElementById("import-form");
    if (form) form.requestSubmit(button || undefined);
  }

  async function readAgain(event, button) {
    const report = document.getElementById("import-report");
    const session = report && report.dataset.session;
    if (!session) return; // no session: the button submits the form
    event.preventDefault();
    if (busy) return;
    busy = true;
    const open = Array.from(report.querySelectorAll("details.read-as[open]")).map(
      function (d) { return d.closest("li").id; }
    );
    try {
      const resp = await fetch("/import/sessions/" + encodeURIComponent(session), {
        method: "POST",
        body: corrections(),
      });
      if (!resp.ok) {
        submitWhole(button);
        return;
      }
      const page = new DOMParser().parseFromString(await resp.text(), "text/html");
      const fresh = page.getElementById("import-report");
      if (!fresh) {
        submitWhole(button);
        return;
      }
      report.replaceWith(fresh);
      open.forEach(function (id) {
        const d = document.querySelector("#" + id + " details.read-as");
        if (d) d.open = true;
      });
    } catch (e) {
      submitWhole(button);
    } finally {
      busy = false;
    }
  }

  document.addEventListener("click", function (event) {
    const button = event.target.closest("details.read-as button");
    if (button) readAgain(event, button);
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && event.target.matches("details.read-as input")) {
      readAgain(event, null);
    }
  });
})();
