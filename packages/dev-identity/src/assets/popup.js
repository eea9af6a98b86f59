// Behaviour of the development account chooser (served as /dev-auth/popup.js). A separate file so
// the page runs under a CSP without 'unsafe-inline'. Plain browser JavaScript, no build step.
(() => {
  const MESSAGE_TYPE = 'utsav-dev-auth';
  const FAILED = 'Sign-in failed. Please try again.';
  const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

  const $ = (id) => document.getElementById(id);
  const chooser = $('chooser');
  const another = $('another');
  const done = $('done');
  const useAnother = $('use-another');
  const nameInput = $('another-name');
  const emailInput = $('another-email');
  const status = $('status');
  const errorBox = $('error');
  const cancel = $('cancel');

  const opener = window.opener && !window.opener.closed ? window.opener : null;
  let answered = false;
  let busy = false;

  function tell(message) {
    if (!opener || opener.closed) return false;
    try {
      opener.postMessage(message, location.origin);
      return true;
    } catch {
      return false;
    }
  }

  function show(view) {
    for (const section of [chooser, another, done]) section.hidden = section !== view;
    // Once tokens are issued there is nothing left to cancel.
    cancel.hidden = view === done;
    useAnother.setAttribute('aria-expanded', String(view === another));
  }

  function say(text) {
    status.textContent = text;
  }

  function fail(text) {
    errorBox.textContent = text;
    errorBox.hidden = false;
  }

  function clearFailure() {
    errorBox.hidden = true;
    errorBox.textContent = '';
  }

  function setBusy(on, button) {
    busy = on;
    document.body.classList.toggle('is-busy', on);
    for (const control of document.querySelectorAll('button, input')) {
      if (control !== cancel) control.disabled = on;
    }
    if (button) button.classList.toggle('is-loading', on);
    if (on) button?.setAttribute('aria-busy', 'true');
    else button?.removeAttribute('aria-busy');
  }

  function fieldError(input, message) {
    const box = $(`${input.id}-error`);
    box.textContent = message ?? '';
    box.hidden = !message;
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }

  function validateName() {
    const message = nameInput.value.trim() ? null : 'Enter your name';
    fieldError(nameInput, message);
    return !message;
  }

  function validateEmail() {
    const value = emailInput.value.trim();
    let message = null;
    if (!value) message = 'Enter an email address';
    else if (!EMAIL_PATTERN.test(value)) message = 'Enter a valid email address, like name@example.com';
    fieldError(emailInput, message);
    return !message;
  }

  async function signIn(identity, button) {
    if (busy) return;
    clearFailure();
    setBusy(true, button);
    say(`Signing in as ${identity.email}…`);
    let body = null;
    let response = null;
    try {
      response = await fetch('token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(identity),
        credentials: 'same-origin',
      });
      body = await response.json().catch(() => null);
    } catch {
      response = null;
    }
    setBusy(false, button);

    if (!response?.ok || !body?.idToken) {
      say('');
      const details = Array.isArray(body?.details) ? body.details : [];
      if (!another.hidden && details.length > 0) {
        for (const detail of details) {
          if (detail.field === 'name') fieldError(nameInput, detail.message);
          if (detail.field === 'email') fieldError(emailInput, detail.message);
        }
        (nameInput.getAttribute('aria-invalid') ? nameInput : emailInput).focus();
        return;
      }
      fail(FAILED);
      button?.focus();
      return;
    }

    if (
      tell({ type: MESSAGE_TYPE, idToken: body.idToken, refreshToken: body.refreshToken, user: body.user })
    ) {
      answered = true;
      say('Signed in. Returning to Utsav…');
      window.close();
      return;
    }
    // Opened directly (no app window to answer): say so instead of silently doing nothing.
    say('');
    $('done-message').textContent =
      `Tokens were issued for ${body.user.email}, but this page was opened on its own, so there is no ` +
      'Utsav window to hand them to. Open Utsav and choose "Sign In with Google" to sign in there.';
    $('done-token').value = body.idToken;
    show(done);
    $('done-title').focus();
  }

  for (const button of document.querySelectorAll('button.account[data-email]')) {
    button.addEventListener('click', () => {
      const identity = { email: button.dataset.email, name: button.dataset.name };
      if (button.dataset.picture) identity.picture = button.dataset.picture;
      signIn(identity, button);
    });
  }

  useAnother.addEventListener('click', () => {
    clearFailure();
    show(another);
    nameInput.focus();
  });

  function backToChooser() {
    clearFailure();
    show(chooser);
    useAnother.focus();
  }

  $('another-back').addEventListener('click', backToChooser);
  $('done-again').addEventListener('click', () => {
    show(chooser);
    chooser.querySelector('button')?.focus();
  });

  // Errors appear on submit, then follow the typing so they disappear as soon as they are fixed.
  nameInput.addEventListener('input', () => {
    if (nameInput.getAttribute('aria-invalid')) validateName();
  });
  emailInput.addEventListener('input', () => {
    if (emailInput.getAttribute('aria-invalid')) validateEmail();
  });

  another.addEventListener('submit', (event) => {
    event.preventDefault();
    const nameOk = validateName();
    const emailOk = validateEmail();
    if (!nameOk || !emailOk) {
      (nameOk ? emailInput : nameInput).focus();
      return;
    }
    signIn({ name: nameInput.value.trim(), email: emailInput.value.trim() }, $('another-submit'));
  });

  another.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !busy) {
      event.preventDefault();
      backToChooser();
    }
  });

  cancel.addEventListener('click', () => {
    answered = true;
    tell({ type: MESSAGE_TYPE, error: 'popup-closed' });
    window.close();
    // window.close() is ignored for a tab the person opened themselves.
    setTimeout(() => say('Sign-in cancelled. You can close this tab.'), 200);
  });

  // Closing the window without choosing counts as cancelling (the opener also watches for it).
  window.addEventListener('pagehide', () => {
    if (!answered) tell({ type: MESSAGE_TYPE, error: 'popup-closed' });
  });
})();
