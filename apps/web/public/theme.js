// Apply the saved theme (or the system one) before the first paint so a dark-mode user never sees a
// white flash. A file rather than an inline script, so the Content Security Policy can forbid inline
// scripts outright.
(() => {
  let scheme = 'light';
  try {
    const saved = window.localStorage.getItem('theme');
    const systemDark = window.matchMedia('(prefers-color-scheme: dark)').matches;
    scheme = saved === 'light' || saved === 'dark' ? saved : systemDark ? 'dark' : 'light';
  } catch {
    // Storage blocked (private mode, strict settings): keep the light default.
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  document.documentElement.style.colorScheme = scheme;
})();

// The prerendered landing page and app shell paint before the app's code runs: a tap on one of their
// buttons in that time would do nothing. The last one is noted here and main.tsx (start-up/early-click.ts)
// presses the same button once the app has rendered. A press still under way is noted too: the app
// may replace the button between the finger going down and coming up.
(() => {
  const pressOf = (button) => {
    const text = (button.textContent || '').trim();
    const label = button.getAttribute('aria-label');
    // Which of the buttons that read the same it was (a dashboard has a View Evidence on every card).
    const same = [...document.querySelectorAll('#root button')].filter(
      (other) => (other.textContent || '').trim() === text && other.getAttribute('aria-label') === label,
    );
    return { text, label, nth: same.indexOf(button), element: button };
  };
  const buttonOf = (event) => (event.target instanceof Element ? event.target.closest('#root button') : null);
  document.addEventListener(
    'pointerdown',
    (event) => {
      if (window.evidentAppMounted) return;
      const button = buttonOf(event);
      window.evidentEarlyPress = button ? pressOf(button) : undefined;
    },
    true,
  );
  document.addEventListener(
    'click',
    (event) => {
      if (window.evidentAppMounted) return;
      const button = buttonOf(event);
      if (!button) return;
      window.evidentEarlyClick = pressOf(button);
      window.evidentEarlyPress = undefined;
    },
    true,
  );
})();
