// Issue 20: starts what the first screen needs before the app's own code has arrived. A file rather
// than an inline script (the Content Security Policy forbids inline ones), loaded async so it never
// holds up the first paint. What it does is set at build time (build/prerender.ts) in the page's
// <script type="application/json" id="evident-boot">:
// - the landing page (`entry`): the app's code loads at the visitor's first sign of use (a touch, a
//   key, the pointer over the page, a scroll), not before: a visitor who only reads needs none of it;
// - the app shell (`screens`): asks who is signed in at once and, by their role and the page, the
//   first screen's data and code, in parallel with the app's entry script instead of after it. The app
//   takes these answers (src/start-up/boot-answers.ts) instead of asking again;
// - a first screen the server rendered (`rendered`, apps/server/src/first-screen.ts): its answers are
//   in the page already; the app's code loads once the screen is painted.
(() => {
  const element = document.getElementById('evident-boot');
  if (!element) return;
  let config;
  try {
    config = JSON.parse(element.textContent || '{}');
  } catch {
    return;
  }
  // What has been asked for as a modulepreload already (asking twice costs a second request).
  const preloaded = new Set();
  // A tab signed in inside an LMS frame (src/features/lti/tab-session.ts) has no cookie: the server sent
  // the landing page, and only the app knows to send the tab's session, so it loads at once and asks.
  const tabSession = hasTabSession();
  // An LMS launch into a frame brings the tab's session to exchange first (`#lti_handoff=`): asked now,
  // without it, the first answers would say nobody is signed in, and the app would believe them.
  const frameLaunch = /^#lti_handoff=/.test(window.location.hash) && inFrame();
  if (config.rendered) loadAfterPaint(config, !tabSession && !frameLaunch);
  else if (typeof config.entry === 'string') loadAppOnFirstUse(config);
  else if (config.screens && !tabSession && !frameLaunch) askFirstScreen(config);

  function inFrame() {
    try {
      return window.top !== window.self;
    } catch {
      return true;
    }
  }

  function hasTabSession() {
    try {
      return Boolean(window.sessionStorage.getItem('evident.lti-tab-session'));
    } catch {
      return false;
    }
  }

  function preload(files) {
    for (const file of files) {
      if (preloaded.has(file)) continue;
      preloaded.add(file);
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = file;
      document.head.appendChild(link);
    }
  }

  /**
   * The same, a file a task: adding a first screen's dozen links at once took a phone's main thread up
   * to 25 ms, in a task that a tap on the painted screen had to wait for.
   */
  function preloadOneATask(files) {
    const rest = files.slice();
    const next = () => {
      const file = rest.shift();
      if (file === undefined) return;
      preload([file]);
      setTimeout(next, 0);
    };
    next();
  }

  function loadAppOnFirstUse({ entry, chunks }) {
    const signs = ['pointerdown', 'pointerover', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'];
    let loading = false;
    const load = () => {
      if (loading) return;
      loading = true;
      for (const sign of signs) window.removeEventListener(sign, load, true);
      // The landing page's own chunks alongside the entry, not after it.
      preload(chunks || []);
      // Lost on the way (no signal): the next sign of use tries again.
      import(entry).catch(() => {
        loading = false;
        for (const sign of signs) window.addEventListener(sign, load, { capture: true, passive: true });
      });
    };
    // An address with a query or a fragment (a refused single sign-on, an LMS launch), or a tab signed
    // in inside an LMS frame, has something for the app to do at once.
    if (window.location.search || window.location.hash || tabSession) return load();
    for (const sign of signs) window.addEventListener(sign, load, { capture: true, passive: true });
  }

  /** What the server rendered the screen from (its answers, the device's hints), read once. */
  function renderedWith() {
    const block = document.getElementById('evident-first-answers');
    try {
      return (block && JSON.parse(block.textContent || '{}')) || {};
    } catch {
      return {};
    }
  }

  function loadAfterPaint({ entry, screens, signedIn }, ownAnswers) {
    const page = renderedWith();
    window.evidentRenderHints = page.hints;
    // A tab with a session of its own (an LMS frame) is someone the cookie may not be: the app asks.
    const rendered = (ownAnswers && page.answers) || {};
    const answers = {};
    for (const path of Object.keys(rendered)) {
      answers[path] = Promise.resolve({ status: 200, body: { result: { data: rendered[path] } } });
    }
    window.evidentFirstAnswers = answers;
    const user = rendered['auth.session.get'];
    const screen = user ? screens[window.location.pathname]?.[user.role] : undefined;
    const load = () => {
      import(entry).catch(() => {
        // Lost on the way (no signal): the screen stays as rendered; a reload tries again.
      });
      preloadOneATask(signedIn.concat(screen ? screen.chunks : []));
    };
    // A hidden tab paints nothing: its code loads at once.
    if (document.visibilityState === 'hidden') load();
    else afterFirstPaint(load);
  }

  /**
   * Once the screen is on the glass: the browser's own first-contentful-paint entry, which comes when
   * the frame is shown, not when the page has drawn it. Where the browser keeps no paint timing, a
   * task after the next frame; and in any case after three seconds.
   */
  function afterFirstPaint(run) {
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      run();
    };
    setTimeout(once, 3000);
    const paintTiming =
      typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint');
    if (!paintTiming) {
      requestAnimationFrame(() => setTimeout(once, 0));
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      once();
    });
    observer.observe({ type: 'paint', buffered: true });
  }

  function askFirstScreen({ screens, signedIn }) {
    // A page that is some role's first screen (`/` comes here only with a session cookie) is most
    // likely opened signed in: the code every signed-in screen runs is fetched now, beside the entry,
    // rather than a round trip later, once the server has said who is signed in.
    if (screens[window.location.pathname]) preload(signedIn);
    const answers = {};
    window.evidentFirstAnswers = answers;
    const ask = (path) => {
      const answer = fetch(`/trpc/${path}`, {
        credentials: 'include',
        headers: { accept: 'application/json' },
      }).then((response) =>
        response.json().then(
          (body) => ({ status: response.status, body }),
          () => ({ status: response.status, body: null }),
        ),
      );
      // A failure (no signal) is the app's to handle when it takes the answer.
      answer.catch(() => {});
      answers[path] = answer;
      return answer;
    };
    ask('auth.session.get').then(
      ({ status, body }) => {
        const user = status === 200 && body && body.result ? body.result.data : null;
        if (!user) return;
        preload(signedIn);
        const screen = screens[window.location.pathname]?.[user.role];
        if (!screen) return;
        for (const path of screen.queries) void ask(path);
        preload(screen.chunks);
      },
      () => {},
    );
  }
})();
