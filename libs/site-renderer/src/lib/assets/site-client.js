/* global document, window, localStorage, fetch, navigator, location, matchMedia, setTimeout, clearTimeout, AbortController, encodeURIComponent, Blob, URL, JSON */
// The published sites' only script (deferred): behaviour the server-rendered HTML cannot have on
// its own. Copy buttons, tabs, the page tree's toggles, the mobile menu, the theme toggle,
// the search dialog, page actions, page feedback and links out (insights: no cookie, no
// storage). Everything is readable without it.
(function () {
  'use strict';
  var root = document.documentElement;

  // Insights: what this page sends to `~site/insights/*` (absent in previews' pages without them).
  var main = document.querySelector('main[data-insights]');
  function sendInsight(kind, body, beacon) {
    if (!main) return Promise.resolve(false);
    var url = main.getAttribute('data-insights') + '/' + kind;
    body.siteSpace = main.getAttribute('data-site-space');
    if (!body.page) body.page = main.getAttribute('data-page');
    var json = JSON.stringify(body);
    // A link followed: the page is going away, a beacon still arrives (text/plain: no preflight).
    if (beacon && navigator.sendBeacon) return Promise.resolve(navigator.sendBeacon(url, new Blob([json], { type: 'text/plain' })));
    return fetch(url, { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: json, keepalive: true }).then(function (response) {
      return response.ok;
    });
  }

  // Links out (to another site), from the page's content, header, footer or sidebar.
  document.addEventListener('click', function (event) {
    var link = event.target.closest && event.target.closest('a[href]');
    if (!link || !main) return;
    var target;
    try {
      target = new URL(link.href, location.href);
    } catch (e) {
      return;
    }
    if ((target.protocol !== 'http:' && target.protocol !== 'https:') || target.origin === location.origin) return;
    var position = link.closest('.sidebar') ? 'sidebar' : link.closest('.site-header') ? 'header' : link.closest('.page-footer') ? 'footer' : 'content';
    sendInsight('link', { url: target.href, position: position }, true);
  });

  // "Was this page helpful?": Yes or No, then an optional comment.
  var feedback = document.querySelector('.page-feedback');
  if (feedback && main) {
    feedback.hidden = false;
    var rating = null;
    var commentForm = feedback.querySelector('.feedback-comment');
    var feedbackStatus = feedback.querySelector('.feedback-status');
    var ratingButtons = feedback.querySelectorAll('.feedback-button');
    for (var b = 0; b < ratingButtons.length; b++) {
      ratingButtons[b].addEventListener('click', function (event) {
        var button = event.currentTarget;
        rating = button.getAttribute('data-rating');
        for (var i = 0; i < ratingButtons.length; i++) ratingButtons[i].setAttribute('aria-pressed', ratingButtons[i] === button ? 'true' : 'false');
        sendInsight('feedback', { rating: rating }).then(function (ok) {
          feedbackStatus.textContent = ok ? 'Thank you for your feedback.' : 'Your feedback could not be sent.';
          if (ok) commentForm.hidden = false;
        });
      });
    }
    commentForm.addEventListener('submit', function (event) {
      event.preventDefault();
      var comment = commentForm.querySelector('textarea').value.trim();
      if (!comment || !rating) return;
      sendInsight('feedback', { rating: rating, comment: comment }).then(function (ok) {
        feedbackStatus.textContent = ok ? 'Thank you, your comment was sent.' : 'Your comment could not be sent.';
        if (ok) commentForm.hidden = true;
      });
    });
  }

  // Page actions: the page as markdown, the site's MCP URL, to the clipboard.
  var actions = document.querySelector('.page-actions');
  if (actions && navigator.clipboard) {
    actions.hidden = false;
    actions.addEventListener('click', function (event) {
      var button = event.target.closest && event.target.closest('.page-action');
      if (!button) return;
      var label = button.textContent;
      var text =
        button.getAttribute('data-copy') === 'fetch'
          ? fetch(button.getAttribute('data-copy-url'), { credentials: 'same-origin' }).then(function (response) {
              return response.text();
            })
          : Promise.resolve(button.getAttribute('data-copy-text'));
      text
        .then(function (value) {
          return navigator.clipboard.writeText(value);
        })
        .then(function () {
          button.textContent = 'Copied';
          setTimeout(function () {
            button.textContent = label;
          }, 1500);
        });
    });
  }

  // Theme: follows the system until the reader chooses; the choice is remembered.
  function effectiveTheme() {
    var chosen = root.getAttribute('data-theme');
    if (chosen === 'dark' || chosen === 'light') return chosen;
    return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  var toggle = document.querySelector('.theme-toggle');
  function labelToggle() {
    if (toggle) toggle.setAttribute('aria-label', effectiveTheme() === 'dark' ? 'Switch to light mode' : 'Switch to dark mode');
  }
  if (toggle) {
    labelToggle();
    toggle.addEventListener('click', function () {
      var next = effectiveTheme() === 'dark' ? 'light' : 'dark';
      root.setAttribute('data-theme', next);
      try {
        localStorage.setItem('theme', next);
      } catch (e) {
        /* storage refused: the choice lasts for this page */
      }
      labelToggle();
    });
  }

  // Copy buttons of code blocks.
  document.addEventListener('click', function (event) {
    var button = event.target.closest && event.target.closest('.copy');
    if (!button) return;
    var code = button.parentNode.querySelector('code');
    if (!code || !navigator.clipboard) return;
    navigator.clipboard.writeText(code.textContent).then(function () {
      button.textContent = 'Copied';
      setTimeout(function () {
        button.textContent = 'Copy';
      }, 1500);
    });
  });

  // Tabs (WAI-ARIA tabs pattern). A choice applies to every tab set offering the same title.
  function selectTab(tab, focus) {
    var list = tab.closest('[role=tablist]');
    var tabs = list.querySelectorAll('[role=tab]');
    for (var i = 0; i < tabs.length; i++) {
      var selected = tabs[i] === tab;
      tabs[i].setAttribute('aria-selected', selected ? 'true' : 'false');
      tabs[i].tabIndex = selected ? 0 : -1;
      var panel = document.getElementById(tabs[i].getAttribute('aria-controls'));
      if (panel) panel.hidden = !selected;
    }
    if (focus) tab.focus();
  }
  function selectTitle(title) {
    var all = document.querySelectorAll('[role=tab]');
    for (var i = 0; i < all.length; i++) if (all[i].getAttribute('data-title') === title) selectTab(all[i], false);
  }
  document.addEventListener('click', function (event) {
    var tab = event.target.closest && event.target.closest('.tab-list [role=tab]');
    if (!tab) return;
    selectTab(tab, false);
    var title = tab.getAttribute('data-title');
    selectTitle(title);
    try {
      localStorage.setItem('tab', title);
    } catch (e) {
      /* not remembered */
    }
  });
  document.addEventListener('keydown', function (event) {
    var tab = event.target.closest && event.target.closest('.tab-list [role=tab]');
    if (!tab) return;
    var tabs = Array.prototype.slice.call(tab.parentNode.querySelectorAll('[role=tab]'));
    var index = tabs.indexOf(tab);
    var next = null;
    if (event.key === 'ArrowRight') next = tabs[(index + 1) % tabs.length];
    else if (event.key === 'ArrowLeft') next = tabs[(index - 1 + tabs.length) % tabs.length];
    else if (event.key === 'Home') next = tabs[0];
    else if (event.key === 'End') next = tabs[tabs.length - 1];
    if (!next) return;
    event.preventDefault();
    selectTab(next, true);
  });
  try {
    var remembered = localStorage.getItem('tab');
    if (remembered) selectTitle(remembered);
  } catch (e) {
    /* nothing remembered */
  }

  // The page tree's toggles and the mobile menu.
  document.addEventListener('click', function (event) {
    var toggleButton = event.target.closest && event.target.closest('.tree-toggle');
    if (toggleButton) {
      var open = toggleButton.getAttribute('aria-expanded') !== 'true';
      toggleButton.setAttribute('aria-expanded', open ? 'true' : 'false');
      var children = document.getElementById(toggleButton.getAttribute('aria-controls'));
      if (children) children.hidden = !open;
      return;
    }
    var menu = event.target.closest && event.target.closest('.menu-button');
    if (menu) {
      var opened = document.body.classList.toggle('nav-open');
      menu.setAttribute('aria-expanded', opened ? 'true' : 'false');
      menu.setAttribute('aria-label', opened ? 'Hide the navigation' : 'Show the navigation');
    }
  });

  // Menus (<details>): one open at a time, closed by a click elsewhere or Escape.
  document.addEventListener('click', function (event) {
    var menus = document.querySelectorAll('details.menu[open]');
    for (var i = 0; i < menus.length; i++) if (!menus[i].contains(event.target)) menus[i].open = false;
  });

  // "On this page": the section in view is marked.
  var tocLinks = document.querySelectorAll('.toc a');
  if (tocLinks.length > 0 && 'IntersectionObserver' in window) {
    var byId = {};
    for (var t = 0; t < tocLinks.length; t++) byId[tocLinks[t].getAttribute('href').slice(1)] = tocLinks[t];
    var observer = new window.IntersectionObserver(
      function (entries) {
        entries.forEach(function (entry) {
          if (!entry.isIntersecting) return;
          for (var k = 0; k < tocLinks.length; k++) tocLinks[k].classList.remove('active');
          var link = byId[entry.target.id];
          if (link) link.classList.add('active');
        });
      },
      { rootMargin: '0px 0px -70% 0px' },
    );
    Object.keys(byId).forEach(function (id) {
      var heading = document.getElementById(id);
      if (heading) observer.observe(heading);
    });
  }

  // Search: the dialog, its requests (the latest wins) and keyboard navigation of the results.
  var dialog = document.getElementById('search-dialog');
  var openButton = document.querySelector('.search-button');
  if (!dialog || !openButton || typeof dialog.showModal !== 'function') return;
  var searchUrl = openButton.getAttribute('data-search-url');
  var input = dialog.querySelector('.search-input');
  var list = dialog.querySelector('.search-results');
  var status = dialog.querySelector('.search-status');
  var options = [];
  var active = -1;
  var timer = null;
  var pending = null;
  var shortcut = dialog.ownerDocument.querySelector('.search-shortcut');
  if (shortcut && /Mac|iPhone|iPad/.test(navigator.platform || '')) shortcut.textContent = '⌘ K';

  function openSearch() {
    if (dialog.open) return;
    dialog.showModal();
    input.select();
  }
  function closeSearch() {
    if (dialog.open) dialog.close();
  }
  openButton.addEventListener('click', openSearch);
  dialog.querySelector('.search-close').addEventListener('click', closeSearch);
  dialog.addEventListener('click', function (event) {
    if (event.target === dialog) closeSearch();
  });
  document.addEventListener('keydown', function (event) {
    var typing = /^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName) || event.target.isContentEditable;
    if ((event.key === 'k' || event.key === 'K') && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      if (dialog.open) closeSearch();
      else openSearch();
    } else if (event.key === '/' && !typing && !dialog.open) {
      event.preventDefault();
      openSearch();
    }
  });

  function setActive(index) {
    if (options.length === 0) return;
    active = (index + options.length) % options.length;
    for (var i = 0; i < options.length; i++) options[i].setAttribute('aria-selected', i === active ? 'true' : 'false');
    input.setAttribute('aria-activedescendant', options[active].id);
    options[active].scrollIntoView({ block: 'nearest' });
  }
  input.addEventListener('keydown', function (event) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive(active + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(active - 1);
    } else if (event.key === 'Enter' && active >= 0 && options[active]) {
      event.preventDefault();
      location.href = options[active].getAttribute('href');
    }
  });
  input.addEventListener('input', function () {
    clearTimeout(timer);
    timer = setTimeout(search, 120);
  });

  /** `text` with the words of the query marked (built as DOM nodes: nothing is parsed as HTML). */
  function highlighted(text, words) {
    var fragment = document.createDocumentFragment();
    if (words.length === 0) {
      fragment.appendChild(document.createTextNode(text));
      return fragment;
    }
    var pattern = new RegExp('(' + words.map(function (w) { return w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'); }).join('|') + ')', 'giu');
    var last = 0;
    text.replace(pattern, function (match, _group, offset) {
      fragment.appendChild(document.createTextNode(text.slice(last, offset)));
      var mark = document.createElement('mark');
      mark.textContent = match;
      fragment.appendChild(mark);
      last = offset + match.length;
      return match;
    });
    fragment.appendChild(document.createTextNode(text.slice(last)));
    return fragment;
  }

  function option(result, kind, words, index) {
    var li = document.createElement('li');
    li.setAttribute('role', 'presentation');
    var a = document.createElement('a');
    a.id = 'search-result-' + index;
    a.setAttribute('role', 'option');
    a.setAttribute('aria-selected', 'false');
    a.href = result.url;
    a.className = kind === 'page' ? 'result-page' : 'result-section';
    a.tabIndex = -1;
    if (result.context) {
      var context = document.createElement('span');
      context.className = 'result-context';
      context.textContent = result.context;
      a.appendChild(context);
    }
    var title = document.createElement('span');
    title.className = 'result-title';
    title.appendChild(highlighted(result.title, words));
    a.appendChild(title);
    if (result.excerpt) {
      var excerpt = document.createElement('span');
      excerpt.className = 'result-excerpt';
      excerpt.appendChild(highlighted(result.excerpt, words));
      a.appendChild(excerpt);
    }
    li.appendChild(a);
    return li;
  }

  function search() {
    var query = input.value.trim();
    if (pending) pending.abort();
    if (query === '') {
      list.textContent = '';
      status.textContent = '';
      options = [];
      active = -1;
      input.setAttribute('aria-expanded', 'false');
      input.removeAttribute('aria-activedescendant');
      return;
    }
    pending = new AbortController();
    fetch(searchUrl + '?q=' + encodeURIComponent(query), { credentials: 'same-origin', signal: pending.signal, headers: { Accept: 'application/json' } })
      .then(function (response) {
        return response.ok ? response.json() : { words: [], pages: [] };
      })
      .then(function (body) {
        list.textContent = '';
        options = [];
        active = -1;
        var index = 0;
        body.pages.forEach(function (page) {
          var pageItem = option(page, 'page', body.words, index++);
          list.appendChild(pageItem);
          options.push(pageItem.firstChild);
          page.sections.forEach(function (section) {
            var sectionItem = option(section, 'section', body.words, index++);
            list.appendChild(sectionItem);
            options.push(sectionItem.firstChild);
          });
        });
        status.textContent = body.pages.length === 0 ? 'No results for “' + query + '”' : body.pages.length + (body.pages.length === 1 ? ' page found' : ' pages found');
        input.setAttribute('aria-expanded', options.length > 0 ? 'true' : 'false');
        if (options.length > 0) setActive(0);
        else input.removeAttribute('aria-activedescendant');
      })
      .catch(function () {
        /* aborted by a newer query, or offline */
      });
  }
})();
