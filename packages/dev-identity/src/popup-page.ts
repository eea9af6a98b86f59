// The account chooser page. Rendered on the server with every value escaped; its behaviour lives in
// popup.js and its looks in popup.css, so the page runs under `script-src 'self'; style-src 'self'`.

export interface DemoAccount {
  email: string;
  name: string;
  role: string;
  picture?: string | undefined;
}

const ROLE_LABELS: Record<string, string> = {
  admin: 'Admin',
  manager: 'Manager',
  qrchecker: 'QR Checker',
  guest: 'Guest',
};

const AVATAR_COLOURS = 8;

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function initialOf(name: string, email: string): string {
  const first = (name.trim() || email.trim()).codePointAt(0);
  return first === undefined ? '?' : String.fromCodePoint(first).toUpperCase();
}

function roleKey(role: string): string {
  return role in ROLE_LABELS ? role : 'other';
}

// By position, not by hash, so neighbouring accounts never share a colour.
function accountItem(account: DemoAccount, index: number): string {
  const name = escapeHtml(account.name);
  const email = escapeHtml(account.email);
  const roleLabel = escapeHtml(ROLE_LABELS[account.role] ?? account.role);
  return `
        <li>
          <button type="button" class="account" data-email="${email}" data-name="${name}"${
            account.picture ? ` data-picture="${escapeHtml(account.picture)}"` : ''
          }>
            <span class="avatar avatar--${index % AVATAR_COLOURS}" aria-hidden="true">${escapeHtml(
              initialOf(account.name, account.email),
            )}</span>
            <span class="account__text">
              <span class="account__name">${name}</span>
              <span class="account__email">${email}</span>
            </span>
            <span class="role role--${roleKey(account.role)}"><span class="visually-hidden">Role: </span>${roleLabel}</span>
            <span class="spinner" aria-hidden="true"></span>
          </button>
        </li>`;
}

export function renderPopupPage(accounts: readonly DemoAccount[]): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light">
    <meta name="robots" content="noindex">
    <link rel="icon" href="data:,">
    <title>Sign in – Utsav (development)</title>
    <link rel="stylesheet" href="popup.css">
    <script src="popup.js" defer></script>
  </head>
  <body>
    <main class="card" aria-labelledby="title">
      <div class="brand">
        <svg class="brand__mark" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="11" fill="#f9ab00"/>
          <path d="M12 4.5c1.2 2.4 3.6 3.6 3.6 6.6a3.6 3.6 0 0 1-7.2 0c0-3 2.4-4.2 3.6-6.6Z" fill="#fff"/>
          <path d="M6 17.5h12" stroke="#fff" stroke-width="1.8" stroke-linecap="round"/>
        </svg>
        <span class="brand__name">Utsav</span>
        <span class="brand__tag">Sign in</span>
      </div>

      <p class="dev-banner" role="note">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M12 2 1 21h22L12 2Zm1 15h-2v-2h2v2Zm0-4h-2V9h2v4Z" fill="currentColor"/>
        </svg>
        <span><strong>Development sign-in</strong> — no real Google account is used</span>
      </p>

      <div id="chooser" class="view">
        <h1 id="title" class="title">Choose an account</h1>
        <p class="subtitle">to continue to <span class="subtitle__app">Utsav</span></p>

        <ul class="accounts" id="accounts" aria-label="Demo accounts">${accounts.map(accountItem).join('')}
          <li>
            <button type="button" class="account account--other" id="use-another" aria-expanded="false" aria-controls="another">
              <span class="avatar avatar--outline" aria-hidden="true">
                <svg viewBox="0 0 24 24" width="20" height="20" focusable="false">
                  <path d="M15 12c2.2 0 4-1.8 4-4s-1.8-4-4-4-4 1.8-4 4 1.8 4 4 4Zm-9-2V7H4v3H1v2h3v3h2v-3h3v-2H6Zm9 4c-2.7 0-8 1.3-8 4v2h16v-2c0-2.7-5.3-4-8-4Z" fill="currentColor"/>
                </svg>
              </span>
              <span class="account__text"><span class="account__name">Use another account</span></span>
            </button>
          </li>
        </ul>
      </div>

      <form id="another" class="view another" novalidate hidden aria-labelledby="another-title">
        <h1 id="another-title" class="title" tabindex="-1">Use another account</h1>
        <p class="subtitle">Any name and email address work here; nothing is checked with Google.</p>
        <div class="field">
          <label for="another-name">Name</label>
          <input id="another-name" name="name" type="text" autocomplete="name" maxlength="80" required
            aria-describedby="another-name-error" spellcheck="false">
          <p id="another-name-error" class="field__error" hidden></p>
        </div>
        <div class="field">
          <label for="another-email">Email</label>
          <input id="another-email" name="email" type="email" autocomplete="email" inputmode="email" maxlength="254"
            required aria-describedby="another-email-error" spellcheck="false" autocapitalize="off">
          <p id="another-email-error" class="field__error" hidden></p>
        </div>
        <div class="actions">
          <button type="button" class="button button--text" id="another-back">Back</button>
          <button type="submit" class="button button--primary" id="another-submit">Continue</button>
        </div>
      </form>

      <section id="done" class="view done" hidden aria-labelledby="done-title">
        <h1 id="done-title" class="title" tabindex="-1">Tokens issued</h1>
        <p class="subtitle" id="done-message"></p>
        <details class="done__token">
          <summary>Show the ID token</summary>
          <label class="visually-hidden" for="done-token">ID token</label>
          <textarea id="done-token" readonly rows="5" spellcheck="false"></textarea>
        </details>
        <div class="actions actions--start">
          <button type="button" class="button button--text" id="done-again">Choose another account</button>
        </div>
      </section>

      <p id="status" class="status" role="status" aria-live="polite"></p>
      <p id="error" class="alert" role="alert" hidden></p>

      <p class="fineprint">
        To continue, this development sign-in shares your name and email address with Utsav.
        Tokens are signed by this server's development key and expire after one hour.
      </p>
      <div class="footer">
        <button type="button" class="button button--link" id="cancel">Cancel</button>
      </div>
    </main>
    <noscript><p class="noscript">This sign-in window needs JavaScript.</p></noscript>
  </body>
</html>
`;
}
