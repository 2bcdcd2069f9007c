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
  // What the server renders the next signed-in page by (src/render-hints.ts): a touch screen or not,
  // and the locale and time zone its dates are written in.
  try {
    const pointer = window.matchMedia('(pointer: coarse)').matches ? 'coarse' : 'fine';
    const { locale, timeZone } = Intl.DateTimeFormat().resolvedOptions();
    remember('evident-pointer', pointer);
    remember('evident-intl', `${locale}~${timeZone}`);
  } catch {
    // Cookies refused (a sandboxed frame): the server goes by the browser's own hints.
  }

  function remember(name, value) {
    const pair = `${name}=${encodeURIComponent(value)}`;
    if (document.cookie.split('; ').includes(pair)) return;
    const secure = window.location.protocol === 'https:' ? '; secure' : '';
    // biome-ignore lint/suspicious/noDocumentCookie: written before the first paint, where the Cookie Store API (async, not in older Safari) cannot be waited for
    document.cookie = `${pair}; path=/; max-age=31536000; samesite=lax${secure}`;
  }
})();

// The prerendered landing page and app shell paint before the app's code runs: a tap on one of their
// buttons in that time would do nothing. The last one is noted here and main.tsx (early-click.ts)
// presses the same button once the app has rendered.
document.addEventListener(
  'click',
  (event) => {
    if (window.evidentAppMounted) return;
    const button = event.target instanceof Element ? event.target.closest('#root button') : null;
    if (!button) return;
    window.evidentEarlyClick = {
      text: (button.textContent || '').trim(),
      label: button.getAttribute('aria-label'),
      element: button,
    };
  },
  true,
);
