// Zoom and pan of a board picture (issue 20, "Pages for a phone"): the SVG's viewBox
// shrinks around a point, and a drag or a two-finger pinch moves it. No framework; the
// page's words (button labels) are in its HTML, this file has none.
(function () {
  "use strict";
  var MAX = 8;
  function box(svg) {
    return svg.getAttribute("viewBox").split(/[\s,]+/).map(Number);
  }
  function setUp(figure) {
    var svg = figure.querySelector("svg");
    var bar = figure.querySelector("[data-zoom]");
    if (!svg || !bar || !svg.getAttribute("viewBox")) return;
    var whole = box(svg);
    var view = whole.slice();
    var pointers = {};
    var last = null;

    function show() {
      svg.setAttribute("viewBox", view.join(" "));
      figure.classList.toggle("zoomed", view[2] < whole[2]);
    }
    function clamp() {
      view[2] = Math.min(whole[2], Math.max(whole[2] / MAX, view[2]));
      view[3] = view[2] * whole[3] / whole[2];
      view[0] = Math.min(whole[0] + whole[2] - view[2], Math.max(whole[0], view[0]));
      view[1] = Math.min(whole[1] + whole[3] - view[3], Math.max(whole[1], view[1]));
      show();
    }
    // (x, y): a point of the picture, in its own units, that stays where it is.
    function zoom(factor, x, y) {
      if (x === undefined) { x = view[0] + view[2] / 2; y = view[1] + view[3] / 2; }
      view[0] = x - (x - view[0]) / factor;
      view[1] = y - (y - view[1]) / factor;
      view[2] /= factor;
      clamp();
    }
    function at(event) {
      var r = svg.getBoundingClientRect();
      return [view[0] + (event.clientX - r.left) / r.width * view[2],
              view[1] + (event.clientY - r.top) / r.height * view[3]];
    }
    bar.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button) return;
      var act = button.getAttribute("data-zoom-act");
      if (act === "in") zoom(2);
      else if (act === "out") zoom(0.5);
      else { view = whole.slice(); show(); }
    });
    svg.addEventListener("pointerdown", function (event) {
      pointers[event.pointerId] = [event.clientX, event.clientY];
      last = null;
    });
    svg.addEventListener("pointermove", function (event) {
      if (!(event.pointerId in pointers)) return;
      var before = pointers[event.pointerId];
      pointers[event.pointerId] = [event.clientX, event.clientY];
      var ids = Object.keys(pointers);
      var r = svg.getBoundingClientRect();
      if (ids.length === 2) {
        var a = pointers[ids[0]], b = pointers[ids[1]];
        var apart = Math.hypot(a[0] - b[0], a[1] - b[1]);
        if (last) {
          var middle = at({clientX: (a[0] + b[0]) / 2, clientY: (a[1] + b[1]) / 2});
          zoom(apart / last, middle[0], middle[1]);
        }
        last = apart;
        event.preventDefault();
      } else if (ids.length === 1 && view[2] < whole[2]) {
        view[0] -= (event.clientX - before[0]) / r.width * view[2];
        view[1] -= (event.clientY - before[1]) / r.height * view[3];
        clamp();
        event.preventDefault();
      }
    });
    function up(event) { delete pointers[event.pointerId]; last = null; }
    svg.addEventListener("pointerup", up);
    svg.addEventListener("pointercancel", up);
    svg.addEventListener("wheel", function (event) {
      if (!event.ctrlKey) return;  // a plain wheel scrolls the page
      var p = at(event);
      zoom(event.deltaY < 0 ? 1.25 : 0.8, p[0], p[1]);
      event.preventDefault();
    }, {passive: false});
    bar.hidden = false;
  }
  var figures = document.querySelectorAll("figure.board");
  for (var i = 0; i < figures.length; i++) setUp(figures[i]);
})();
