/**
 * 1EdTech platform storage (LTI Client Side postMessages): inside an LMS iframe the browser may keep
 * no cookie of ours, so the login's state is also put into the platform's storage (`lti.put_data` to
 * `lti_storage_target`), and a launch that arrives without the state cookie reads it back
 * (`lti.get_data`) before it counts. Messages go only to, and are taken only from, the platform's
 * origin (its authorization endpoint's).
 */

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The key the state is kept under, as 1EdTech's implementation guide names it. */
export const storageKey = (state: string) => `state_${state}`;

export const storageScript = `(function () {
  var el = document.querySelector('[data-lti-storage]');
  if (!el) return;
  var d = el.dataset;
  var target = window.parent;
  if (d.target !== '_parent') { try { target = window.parent.frames[d.target] || window.parent; } catch (e) {} }
  var id = 'evident-' + Math.random().toString(36).slice(2);
  var done = false;
  function finish(ok, value) {
    if (done) return;
    done = true;
    if (d.action === 'put') { window.location.replace(d.next); return; }
    if (ok && value === d.value) {
      var form = document.getElementById('lti-storage-form');
      form.querySelector('[name=lti_storage_state]').value = value;
      form.submit();
    } else {
      document.getElementById('lti-storage-wait').hidden = true;
      document.getElementById('lti-storage-failed').hidden = false;
    }
  }
  window.addEventListener('message', function (event) {
    var m = event.data;
    if (event.origin !== d.origin || !m || m.message_id !== id) return;
    if (m.subject === 'lti.' + d.action + '_data.response') finish(!m.error, m.value);
  });
  var message = { subject: 'lti.' + d.action + '_data', message_id: id, key: d.key };
  if (d.action === 'put') message.value = d.value;
  try { target.postMessage(message, d.origin); } catch (e) { finish(false); }
  setTimeout(function () { finish(false); }, 4000);
})();
`;

const shell = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Evident</title>
<style>body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;padding:24px;color:#1a1b1e;background:#f8f9fa}
main{max-width:640px;margin:0 auto} p{line-height:1.5}
@media (prefers-color-scheme:dark){body{background:#1a1b1e;color:#e9ecef}}</style>
<script src="/lti/storage.js" defer></script></head><body><main>${body}</main></body></html>`;

/** Login: the state goes into the platform's storage, then on to the platform's sign-in (either way). */
export function storagePutPage(o: { target: string; origin: string; state: string; next: string }): string {
  return shell(
    'Signing in',
    `<p data-lti-storage data-action="put" data-target="${escapeHtml(o.target)}" data-origin="${escapeHtml(o.origin)}"
 data-key="${escapeHtml(storageKey(o.state))}" data-value="${escapeHtml(o.state)}" data-next="${escapeHtml(o.next)}">Signing you in...</p>`,
  );
}

/** Launch without the state cookie: read the state back from the platform's storage, then post again. */
export function storageCheckPage(o: {
  target: string;
  origin: string;
  state: string;
  idToken: string;
}): string {
  return shell(
    'Signing in',
    `<div data-lti-storage data-action="get" data-target="${escapeHtml(o.target)}" data-origin="${escapeHtml(o.origin)}"
 data-key="${escapeHtml(storageKey(o.state))}" data-value="${escapeHtml(o.state)}">
<p id="lti-storage-wait">Signing you in...</p>
<p id="lti-storage-failed" hidden>Evident could not confirm this launch: your browser kept neither its sign-in cookie nor the
platform's storage. Open the link from your course in a new window.</p>
<form id="lti-storage-form" method="post" action="/lti/launch">
<input type="hidden" name="id_token" value="${escapeHtml(o.idToken)}">
<input type="hidden" name="state" value="${escapeHtml(o.state)}">
<input type="hidden" name="lti_storage_state" value=""></form></div>`,
  );
}
