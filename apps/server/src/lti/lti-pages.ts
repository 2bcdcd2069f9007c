/** Small server-rendered pages for the /lti endpoints: they open inside the LMS, before any app loads. */

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function page(title: string, body: string, script = false): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Evident</title>
<style>
  body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;padding:24px;color:#1a1b1e;background:#f8f9fa}
  main{max-width:640px;margin:0 auto;background:#fff;border:1px solid #dee2e6;border-radius:12px;padding:24px}
  h1{font-size:22px;margin:0 0 12px} p{line-height:1.5} .muted{color:#495057;font-size:14px}
  input[type=search]{font-size:16px;padding:8px 10px;border:1px solid #ced4da;border-radius:8px;width:100%;box-sizing:border-box}
  button{font-size:15px;padding:8px 14px;border-radius:8px;border:1px solid #228be6;background:#228be6;color:#fff;cursor:pointer}
  .row{display:flex;gap:8px;margin-top:4px} .row input{flex:1}
  ul{list-style:none;padding:0} li{display:flex;justify-content:space-between;align-items:center;gap:12px;padding:10px 0;border-bottom:1px solid #f1f3f5}
  @media (prefers-color-scheme:dark){body{background:#1a1b1e;color:#e9ecef}main{background:#25262b;border-color:#373a40}.muted{color:#adb5bd}li{border-color:#373a40}input[type=search]{background:#1a1b1e;color:#e9ecef;border-color:#373a40}}
</style>${script ? '<script src="/lti/auto-submit.js" defer></script>' : ''}</head>
<body><main>${body}</main></body></html>`;
}

/** Why a launch or login was turned away, in words for the person in front of the LMS. */
export function refusalPage(reason: string): string {
  return page(
    'Launch refused',
    `<h1>Evident could not open this link</h1><p>${escapeHtml(reason)}</p>
<p class="muted">If this keeps happening, tell your course's teacher or your Evident administrator what this page says.</p>`,
  );
}

/** A form the browser posts at once (the script is a file: the CSP allows no inline script). */
export function autoPostPage(action: string, fields: Record<string, string>, title: string): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1><form method="post" action="${escapeHtml(action)}" data-auto-submit>${inputs}
<p class="muted">Returning to your course...</p><button type="submit">Continue</button></form>`,
    true,
  );
}

export const autoSubmitScript = `document.querySelectorAll('form[data-auto-submit]').forEach(function (f) { f.submit(); });
if (document.querySelector('[data-registration-done]')) (window.opener || window.parent).postMessage({ subject: 'org.imsglobal.lti.close' }, '*');
`;

/** Dynamic registration finished: the platform's window is told to close this one. */
export function registeredPage(issuer: string): string {
  return page(
    'Registered',
    `<h1 data-registration-done>Evident is registered</h1><p>${escapeHtml(issuer)} can now launch Evident. You can close this window.</p>`,
    true,
  );
}

export type UnitChoice = { id: string; unitCode: string; title: string };

/** Deep linking: the teacher picks the unit a course link opens, searching by code. */
export function unitChooserPage(options: { request: string; query: string; units: UnitChoice[] }): string {
  const rows = options.units
    .map(
      (unit) => `<li><span><strong>${escapeHtml(unit.unitCode)}</strong> ${escapeHtml(unit.title)}</span>
<form method="post" action="/lti/deeplink/respond"><input type="hidden" name="request" value="${escapeHtml(options.request)}">
<input type="hidden" name="unitId" value="${escapeHtml(unit.id)}"><button type="submit" aria-label="Add ${escapeHtml(unit.unitCode)}">Add</button></form></li>`,
    )
    .join('');
  return page(
    'Choose a unit',
    `<h1>Choose the unit this link opens</h1>
<form method="get" action="/lti/deeplink/units"><input type="hidden" name="request" value="${escapeHtml(options.request)}">
<label for="q" class="muted">Search by unit code</label>
<div class="row"><input id="q" type="search" name="q" value="${escapeHtml(options.query)}" placeholder="e.g. HLTINF006"><button type="submit">Search</button></div></form>
${rows ? `<ul>${rows}</ul>` : `<p class="muted">No units match "${escapeHtml(options.query)}".</p>`}`,
  );
}
