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
// presses the same button once the app has rendered.
document.addEventListener(
  'click',
  (event) => {
    if (window.evidentAppMounted) return;
    const button = event.target instanceof Element ? event.target.closest('#root button') : null;
    if (!button) return;
    const text = (button.textContent || '').trim();
    const label = button.getAttribute('aria-label');
    // Which of the buttons that read the same it was (a dashboard has a View Evidence on every card).
    const same = [...document.querySelectorAll('#root button')].filter(
      (other) => (other.textContent || '').trim() === text && other.getAttribute('aria-label') === label,
    );
    window.evidentEarlyClick = { text, label, nth: same.indexOf(button), element: button };
  },
  true,
);
