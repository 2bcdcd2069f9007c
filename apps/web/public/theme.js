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
