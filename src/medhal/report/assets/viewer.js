
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("medhal-data").textContent);
  var sections = Array.prototype.slice.call(document.querySelectorAll("section.item"));
  var links = Array.prototype.slice.call(document.querySelectorAll("a.item-link"));
  var flaggedBox = document.getElementById("filter-flagged");
  var verdictSel = document.getElementById("filter-verdict");
  var countEl = document.getElementById("filter-count");
  var noMatch = document.getElementById("no-match");
  var pinned = {};
  var current = 0;

  function all(root, selector) {
    return Array.prototype.slice.call(root.querySelectorAll(selector));
  }

  function itemOf(el) {
    var section = el.closest("section.item");
    return section ? Number(section.getAttribute("data-item")) : -1;
  }

  function highlight(k, unitIndex) {
    var item = data.items[k];
    var win = unitIndex === null ? null : item.windows[String(unitIndex)] || null;
    var mark = null;
    all(sections[k], ".ev-block").forEach(function (el) {
      var b = Number(el.getAttribute("data-block"));
      var text = item.blocks[b];
      while (el.firstChild) {
        el.removeChild(el.firstChild);
      }
      if (win && win.block === b && win.s < win.e) {
        el.appendChild(document.createTextNode(text.slice(0, win.s)));
        mark = document.createElement("mark");
        mark.className = "evidence-window " + win.kind;
        mark.setAttribute("data-unit", String(unitIndex));
        mark.setAttribute("data-kind", win.kind);
        mark.setAttribute("data-label", win.label);
        mark.title = win.kind + " window, " + win.label;
        mark.textContent = text.slice(win.s, win.e);
        el.appendChild(mark);
        el.appendChild(document.createTextNode(text.slice(win.e)));
      } else {
        el.appendChild(document.createTextNode(text));
      }
    });
    return mark;
  }

  function scrollToMark(k, mark) {
    var pane = sections[k].querySelector(".evidence");
    if (!pane || !mark) {
      return;
    }
    pane.scrollTop = Math.max(0, mark.offsetTop - pane.clientHeight / 3);
  }

  function show(k, unit, pin, scroll) {
    var section = sections[k];
    var idx = unit ? unit.getAttribute("data-unit") : null;
    all(section, ".unit.active").forEach(function (u) {
      u.classList.remove("active");
    });
    if (unit) {
      unit.classList.add("active");
    }
    if (pin) {
      all(section, ".unit.pinned").forEach(function (u) {
        u.classList.remove("pinned");
        u.setAttribute("aria-pressed", "false");
      });
      if (unit) {
        unit.classList.add("pinned");
        unit.setAttribute("aria-pressed", "true");
      }
      pinned[k] = unit;
    }
    all(section, ".unit-detail").forEach(function (d) {
      d.hidden = d.getAttribute("data-unit") !== idx;
    });
    var empty = section.querySelector(".detail-empty");
    if (empty) {
      empty.hidden = idx !== null;
    }
    var mark = highlight(k, idx === null ? null : Number(idx));
    if (scroll) {
      scrollToMark(k, mark);
    }
  }

  sections.forEach(function (section, k) {
    var pane = section.querySelector(".answer-pane");
    if (!pane) {
      return;
    }
    var units = all(pane, ".unit");
    pane.addEventListener("mouseover", function (ev) {
      var unit = ev.target.closest(".unit");
      if (unit) {
        show(k, unit, false, true);
      }
    });
    pane.addEventListener("mouseleave", function () {
      show(k, pinned[k] || null, false, false);
    });
    pane.addEventListener("focusin", function (ev) {
      var unit = ev.target.closest(".unit");
      if (unit) {
        show(k, unit, true, true);
      }
    });
    pane.addEventListener("click", function (ev) {
      var unit = ev.target.closest(".unit");
      if (unit) {
        show(k, unit, true, true);
      }
    });
    pane.addEventListener("keydown", function (ev) {
      var unit = ev.target.closest(".unit");
      if (!unit) {
        return;
      }
      var at = units.indexOf(unit);
      if (ev.key === "Enter" || ev.key === " " || ev.key === "Spacebar") {
        ev.preventDefault();
        show(k, unit, true, true);
      } else if (ev.key === "Escape") {
        ev.preventDefault();
        show(k, null, true, false);
      } else if ((ev.key === "ArrowRight" || ev.key === "ArrowDown") && at < units.length - 1) {
        ev.preventDefault();
        units[at + 1].focus();
      } else if ((ev.key === "ArrowLeft" || ev.key === "ArrowUp") && at > 0) {
        ev.preventDefault();
        units[at - 1].focus();
      }
    });
  });

  function select(k) {
    if (k < 0 || k >= sections.length) {
      return;
    }
    current = k;
    if (links.length) {
      sections.forEach(function (section, i) {
        section.hidden = i !== k;
      });
    }
    links.forEach(function (a) {
      a.setAttribute("aria-current", Number(a.getAttribute("data-item")) === k ? "true" : "false");
    });
    if (noMatch) {
      noMatch.hidden = true;
    }
  }

  function visibleLinks() {
    return links.filter(function (a) {
      return !a.parentNode.hidden;
    });
  }

  links.forEach(function (a) {
    a.addEventListener("click", function (ev) {
      ev.preventDefault();
      var k = Number(a.getAttribute("data-item"));
      select(k);
      if (window.history && window.history.replaceState) {
        try {
          window.history.replaceState(null, "", "#item-" + k);
        } catch (err) {
          /* some browsers refuse on file: URLs */
        }
      }
    });
    a.addEventListener("keydown", function (ev) {
      var list = visibleLinks();
      var at = list.indexOf(a);
      var next = null;
      if (ev.key === "ArrowDown") {
        next = list[Math.min(list.length - 1, at + 1)];
      } else if (ev.key === "ArrowUp") {
        next = list[Math.max(0, at - 1)];
      } else if (ev.key === "Home") {
        next = list[0];
      } else if (ev.key === "End") {
        next = list[list.length - 1];
      }
      if (next) {
        ev.preventDefault();
        next.focus();
        select(Number(next.getAttribute("data-item")));
      }
    });
  });

  function matches(li) {
    if (flaggedBox && flaggedBox.checked && li.getAttribute("data-flagged") !== "true") {
      return false;
    }
    var verdict = verdictSel ? verdictSel.value : "any";
    if (verdict === "any") {
      return true;
    }
    if (verdict === "error") {
      return li.getAttribute("data-status") !== "ok";
    }
    return (" " + li.getAttribute("data-verdicts") + " ").indexOf(" " + verdict + " ") >= 0;
  }

  function applyFilters() {
    var shown = [];
    links.forEach(function (a) {
      var li = a.parentNode;
      li.hidden = !matches(li);
      if (!li.hidden) {
        shown.push(Number(a.getAttribute("data-item")));
      }
    });
    if (countEl) {
      countEl.textContent = "Showing " + shown.length + " of " + links.length + " items";
    }
    if (!shown.length) {
      sections.forEach(function (section) {
        section.hidden = true;
      });
      if (noMatch) {
        noMatch.hidden = false;
      }
    } else if (shown.indexOf(current) < 0 || sections[current].hidden) {
      select(shown[0]);
    }
  }

  if (flaggedBox) {
    flaggedBox.addEventListener("change", applyFilters);
  }
  if (verdictSel) {
    verdictSel.addEventListener("change", applyFilters);
  }
  var fromHash = /^#item-(\d+)$/.exec(window.location.hash || "");
  var first = fromHash ? Number(fromHash[1]) : 0;
  select(first < sections.length ? first : 0);
})();
