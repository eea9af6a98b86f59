// Razorpay emulator checkout: defines window.Razorpay with the options and callbacks of Razorpay's
// checkout.js and shows a small test payment sheet. Served by the emulator at <prefix>/checkout.js.
// Built with DOM APIs only (no inline scripts, no eval, styles through CSSOM) so that it runs under
// `script-src 'self'`. It finds its own base URL from its <script src>, so it works under any origin.
(() => {
  if (window.Razorpay?.emulator) return;

  const ownScript =
    document.currentScript ||
    Array.from(document.scripts).find((script) => /\/checkout\.js(?:[?#]|$)/.test(script.src));
  const BASE = new URL('./', ownScript?.src ? ownScript.src : `${location.origin}/razorpay-emulator/`).href;
  const PREFIX = 'rzpemu';
  const DEFAULT_COLOR = '#3f51b5';
  const TEST_CARD = '4111 1111 1111 1111';
  const TEST_VPA = 'success@razorpay';

  const CSS = `
.${PREFIX}-root{position:fixed;inset:0;z-index:2147483000;display:flex;align-items:flex-end;justify-content:center;
  background:rgba(15,23,42,.55);font:400 15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;
  color:#0f172a;-webkit-font-smoothing:antialiased;text-align:left}
.${PREFIX}-root *,.${PREFIX}-root *::before,.${PREFIX}-root *::after{box-sizing:border-box}
.${PREFIX}-sheet{position:relative;width:100%;max-width:420px;max-height:100%;overflow:auto;background:#fff;
  border-radius:18px 18px 0 0;box-shadow:0 -12px 40px rgba(15,23,42,.25);animation:${PREFIX}-up .22s ease-out}
@media (min-width:560px){.${PREFIX}-root{align-items:center;padding:24px}.${PREFIX}-sheet{border-radius:18px}}
@keyframes ${PREFIX}-up{from{transform:translateY(24px);opacity:0}to{transform:none;opacity:1}}
@media (prefers-reduced-motion:reduce){.${PREFIX}-sheet{animation:none}}
.${PREFIX}-head{display:flex;align-items:center;gap:12px;padding:16px 16px 16px 20px;background:var(--${PREFIX}-accent);
  color:var(--${PREFIX}-on-accent)}
.${PREFIX}-logo{flex:none;width:40px;height:40px;border-radius:10px;background:#fff;object-fit:contain;display:grid;
  place-items:center;font-weight:700;font-size:18px;color:var(--${PREFIX}-accent)}
.${PREFIX}-who{flex:1;min-width:0}
.${PREFIX}-title{margin:0;font-size:17px;font-weight:650;line-height:1.25;color:inherit;overflow-wrap:anywhere}
.${PREFIX}-desc{margin:2px 0 0;font-size:13px;opacity:.85;overflow-wrap:anywhere}
.${PREFIX}-close{flex:none;width:40px;height:40px;border:0;border-radius:999px;background:rgba(255,255,255,.16);
  color:inherit;font:400 24px/1 system-ui,sans-serif;cursor:pointer;display:grid;place-items:center;padding:0}
.${PREFIX}-close:hover{background:rgba(255,255,255,.28)}
.${PREFIX}-body{padding:16px 20px max(20px,env(safe-area-inset-bottom));display:grid;gap:14px}
.${PREFIX}-amount{display:flex;align-items:baseline;justify-content:space-between;gap:12px}
.${PREFIX}-amount span{font-size:13px;color:#475569}
.${PREFIX}-amount strong{font-size:24px;font-weight:700;letter-spacing:-.01em;font-variant-numeric:tabular-nums}
.${PREFIX}-banner{margin:0;padding:8px 12px;border-radius:10px;background:#fef3c7;color:#78350f;font-size:13px;
  font-weight:600;border:1px solid #fcd34d}
.${PREFIX}-contact{margin:-4px 0 0;font-size:13px;color:#475569;overflow-wrap:anywhere}
.${PREFIX}-method{border:1px solid #e2e8f0;border-radius:14px;padding:14px;display:grid;gap:10px}
.${PREFIX}-method h3{margin:0;font-size:14px;font-weight:650;color:#0f172a}
.${PREFIX}-fields{margin:0;display:grid;grid-template-columns:repeat(3,auto);gap:4px 16px;justify-content:start}
.${PREFIX}-fields div{min-width:0}
.${PREFIX}-fields dt{font-size:11px;text-transform:uppercase;letter-spacing:.04em;color:#64748b}
.${PREFIX}-fields dd{margin:0;font:500 14px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;color:#0f172a;
  white-space:nowrap}
.${PREFIX}-pay{width:100%;min-height:46px;border:0;border-radius:12px;background:var(--${PREFIX}-accent);
  color:var(--${PREFIX}-on-accent);font-weight:600;font-size:15px;line-height:1.2;font-family:inherit;cursor:pointer;padding:10px 16px}
.${PREFIX}-pay:hover{filter:brightness(1.06)}
.${PREFIX}-root button:focus-visible{outline:3px solid #0ea5e9;outline-offset:2px}
.${PREFIX}-root button:disabled{opacity:.55;cursor:not-allowed;filter:none}
.${PREFIX}-status{margin:0;font-size:13px;color:#334155;min-height:0}
.${PREFIX}-status:empty{display:none}
.${PREFIX}-status[data-tone=error]{color:#b91c1c;font-weight:600}
.${PREFIX}-foot{display:flex;align-items:center;justify-content:space-between;gap:12px;flex-wrap:wrap}
.${PREFIX}-fail{border:1px solid #fecaca;background:#fff;color:#b91c1c;border-radius:10px;min-height:40px;
  padding:8px 14px;font-weight:600;font-size:14px;line-height:1.2;font-family:inherit;cursor:pointer}
.${PREFIX}-fail:hover{background:#fef2f2}
.${PREFIX}-brandline{font-size:12px;color:#64748b}
`;

  let stylesInstalled = false;
  function installStyles() {
    if (stylesInstalled) return;
    stylesInstalled = true;
    // A constructed stylesheet is CSSOM, which CSP does not treat as inline style; <style> is the fallback.
    try {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(CSS);
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    } catch {
      const style = document.createElement('style');
      style.textContent = CSS;
      document.head.appendChild(style);
    }
  }

  function el(tag, props, children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(props || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (name === 'className') node.className = value;
      else if (name === 'text') node.textContent = value;
      else node.setAttribute(name, value === true ? '' : String(value));
    }
    for (const child of children || []) if (child) node.appendChild(child);
    return node;
  }

  const cls = (name) => `${PREFIX}-${name}`;
  let uid = 0;

  function formatAmount(paise, currency) {
    const value = Number(paise) / 100;
    if (!Number.isFinite(value)) return '';
    try {
      return new Intl.NumberFormat('en-IN', { style: 'currency', currency: currency || 'INR' }).format(value);
    } catch {
      return `₹${value.toFixed(2)}`;
    }
  }

  function accentColors(color) {
    const probe = el('span');
    probe.style.color = DEFAULT_COLOR;
    if (typeof color === 'string' && color) probe.style.color = color;
    document.body.appendChild(probe);
    const rgb = getComputedStyle(probe).color;
    probe.remove();
    const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) || [63, 81, 181]).map(Number);
    const luminance = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    return { accent: rgb, onAccent: luminance > 0.62 ? '#0f172a' : '#ffffff' };
  }

  async function call(method, path, body) {
    let response;
    try {
      response = await fetch(BASE + path, {
        method,
        headers: body ? { 'content-type': 'application/json' } : undefined,
        body: body ? JSON.stringify(body) : undefined,
        credentials: 'omit',
      });
    } catch {
      return {
        ok: false,
        data: { error: { description: 'Could not reach the payment server. Try again.' } },
      };
    }
    const data = await response.json().catch(() => ({}));
    return { ok: response.ok, data };
  }

  function safely(callback, value) {
    if (typeof callback !== 'function') return;
    try {
      callback(value);
    } catch (error) {
      setTimeout(() => {
        throw error;
      });
    }
  }

  class Sheet {
    constructor(checkout) {
      this.checkout = checkout;
      this.options = checkout.options;
      this.busy = false;
      this.orderPayable = true;
      this.returnFocus = document.activeElement;
      this.onKeyDown = this.onKeyDown.bind(this);
      this.onFocusIn = this.onFocusIn.bind(this);
      installStyles();
      this.render();
      this.loadOrder();
    }

    render() {
      const o = this.options;
      const id = `${PREFIX}-${++uid}`;
      const colors = accentColors(o.theme?.color);
      const name = String(o.name || 'Checkout');

      this.amount = el('strong', { text: formatAmount(o.amount, o.currency) });
      this.status = el('p', { className: cls('status'), role: 'status', 'aria-live': 'polite' });
      this.closeButton = el('button', {
        type: 'button',
        className: cls('close'),
        'aria-label': 'Cancel payment',
        text: '×',
      });
      this.cardButton = el('button', { type: 'button', className: cls('pay'), text: 'Pay with Card' });
      this.upiButton = el('button', { type: 'button', className: cls('pay'), text: 'Pay with UPI' });
      this.failButton = el('button', { type: 'button', className: cls('fail'), text: 'Simulate failure' });

      const logo = o.image
        ? el('img', { className: cls('logo'), src: o.image, alt: '' })
        : el('span', {
            className: cls('logo'),
            'aria-hidden': 'true',
            text: name.trim().charAt(0).toUpperCase(),
          });
      const contact = [o.prefill?.contact, o.prefill?.email].filter(Boolean).join(' · ');

      this.sheet = el(
        'div',
        {
          className: cls('sheet'),
          role: 'dialog',
          'aria-modal': 'true',
          'aria-labelledby': `${id}-title`,
          'aria-describedby': `${id}-banner`,
        },
        [
          el('div', { className: cls('head') }, [
            logo,
            el('div', { className: cls('who') }, [
              el('h2', { className: cls('title'), id: `${id}-title`, text: name }),
              o.description ? el('p', { className: cls('desc'), text: String(o.description) }) : null,
            ]),
            this.closeButton,
          ]),
          el('div', { className: cls('body') }, [
            el('div', { className: cls('amount') }, [el('span', { text: 'Amount to pay' }), this.amount]),
            el('p', { className: cls('banner'), id: `${id}-banner`, text: 'Test payment — no money moves' }),
            contact ? el('p', { className: cls('contact'), text: contact }) : null,
            el('section', { className: cls('method'), 'aria-labelledby': `${id}-card` }, [
              el('h3', { id: `${id}-card`, text: 'Card' }),
              el('dl', { className: cls('fields') }, [
                field('Test card', TEST_CARD),
                field('Expiry', '12/30'),
                field('CVV', '123'),
              ]),
              this.cardButton,
            ]),
            el('section', { className: cls('method'), 'aria-labelledby': `${id}-upi` }, [
              el('h3', { id: `${id}-upi`, text: 'UPI' }),
              el('dl', { className: cls('fields') }, [field('Test UPI ID', TEST_VPA)]),
              this.upiButton,
            ]),
            this.status,
            el('div', { className: cls('foot') }, [
              this.failButton,
              el('span', { className: cls('brandline'), text: 'Razorpay emulator' }),
            ]),
          ]),
        ],
      );
      this.sheet.style.setProperty(`--${PREFIX}-accent`, colors.accent);
      this.sheet.style.setProperty(`--${PREFIX}-on-accent`, colors.onAccent);
      this.root = el('div', { className: cls('root') }, [this.sheet]);

      this.closeButton.addEventListener('click', () => this.dismiss());
      this.cardButton.addEventListener('click', () => this.pay('card', this.cardButton));
      this.upiButton.addEventListener('click', () => this.pay('upi', this.upiButton));
      this.failButton.addEventListener('click', () => this.fail());
      this.root.addEventListener('click', (event) => {
        if (event.target === this.root && o.modal?.backdropclose === true) this.dismiss();
      });
      document.addEventListener('keydown', this.onKeyDown, true);
      document.addEventListener('focusin', this.onFocusIn, true);

      this.previousOverflow = document.documentElement.style.overflow;
      document.documentElement.style.overflow = 'hidden';
      document.body.appendChild(this.root);
      this.cardButton.focus();
    }

    async loadOrder() {
      const o = this.options;
      if (!o.order_id) return this.block('The order_id option is missing.');
      const query = `?key=${encodeURIComponent(o.key)}`;
      const result = await call('GET', `checkout/orders/${encodeURIComponent(o.order_id)}${query}`);
      if (!this.root) return;
      if (!result.ok) return this.block(result.data?.error?.description || 'This order cannot be paid.');
      this.amount.textContent = formatAmount(result.data.amount, result.data.currency);
      if (result.data.status === 'paid') this.block('This order has already been paid.');
    }

    block(message) {
      this.orderPayable = false;
      this.setBusy(false);
      this.say(message, 'error');
    }

    say(message, tone) {
      this.status.textContent = message;
      if (tone) this.status.setAttribute('data-tone', tone);
      else this.status.removeAttribute('data-tone');
    }

    setBusy(busy, button) {
      this.busy = busy;
      for (const control of [this.cardButton, this.upiButton, this.failButton]) {
        control.disabled = busy || !this.orderPayable;
      }
      this.cardButton.textContent = busy && button === this.cardButton ? 'Processing…' : 'Pay with Card';
      this.upiButton.textContent = busy && button === this.upiButton ? 'Processing…' : 'Pay with UPI';
    }

    body(method) {
      const o = this.options;
      return {
        key: o.key,
        order_id: o.order_id,
        method,
        email: o.prefill?.email,
        contact: o.prefill?.contact,
        description: o.description,
        notes: o.notes,
      };
    }

    async pay(method, button) {
      if (this.busy || !this.orderPayable) return;
      this.setBusy(true, button);
      this.say('Processing payment…');
      const result = await call('POST', 'checkout/pay', this.body(method));
      if (!this.root) return;
      if (!result.ok) {
        this.setBusy(false);
        this.say(result.data?.error?.description || 'Payment could not be completed.', 'error');
        return;
      }
      const response = {
        razorpay_payment_id: result.data.razorpay_payment_id,
        razorpay_order_id: result.data.razorpay_order_id,
        razorpay_signature: result.data.razorpay_signature,
      };
      this.checkout.close();
      if (typeof this.options.handler === 'function') safely(this.options.handler, response);
      else if (this.options.callback_url) postToCallback(this.options.callback_url, response);
    }

    async fail() {
      if (this.busy || !this.orderPayable) return;
      this.setBusy(true, this.failButton);
      this.say('Processing payment…');
      const result = await call('POST', 'checkout/fail', this.body('card'));
      if (!this.root) return;
      this.setBusy(false);
      if (!result.data?.error?.metadata?.payment_id) {
        this.say(result.data?.error?.description || 'Payment could not be completed.', 'error');
        return;
      }
      this.say('Payment failed. Try again or use another method.', 'error');
      this.checkout.emit('payment.failed', { error: result.data.error });
      if (this.options.retry?.enabled === false) this.checkout.close();
    }

    dismiss() {
      if (this.busy) return;
      if (this.options.modal?.confirm_close && !window.confirm('Cancel this payment?')) return;
      this.checkout.close();
      safely(this.options.modal?.ondismiss);
    }

    focusables() {
      return Array.from(
        this.sheet.querySelectorAll('button, [href], input, [tabindex]:not([tabindex="-1"])'),
      ).filter((node) => !node.disabled && node.offsetParent !== null);
    }

    onKeyDown(event) {
      if (event.key === 'Escape') {
        if (this.options.modal?.escape !== false) {
          event.preventDefault();
          event.stopPropagation();
          this.dismiss();
        }
        return;
      }
      if (event.key !== 'Tab') return;
      const nodes = this.focusables();
      if (nodes.length === 0) return;
      const first = nodes[0];
      const last = nodes[nodes.length - 1];
      const inside = this.sheet.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    }

    onFocusIn(event) {
      if (this.sheet && !this.sheet.contains(event.target)) {
        (this.focusables()[0] || this.closeButton).focus();
      }
    }

    destroy() {
      document.removeEventListener('keydown', this.onKeyDown, true);
      document.removeEventListener('focusin', this.onFocusIn, true);
      document.documentElement.style.overflow = this.previousOverflow;
      this.root.remove();
      this.root = null;
      this.sheet = null;
      if (this.returnFocus && typeof this.returnFocus.focus === 'function' && this.returnFocus.isConnected) {
        this.returnFocus.focus();
      }
    }
  }

  function field(label, value) {
    return el('div', null, [el('dt', { text: label }), el('dd', { text: value })]);
  }

  function postToCallback(url, response) {
    const form = el('form', { method: 'POST', action: url, hidden: true });
    for (const [name, value] of Object.entries(response)) {
      form.appendChild(el('input', { type: 'hidden', name, value }));
    }
    document.body.appendChild(form);
    form.submit();
  }

  class Razorpay {
    constructor(options) {
      if (!options || typeof options !== 'object') throw new TypeError('Razorpay: options are required');
      if (!options.key) throw new TypeError('Razorpay: the "key" option is required');
      this.options = options;
      this.listeners = {};
      this.sheet = null;
    }

    on(event, callback) {
      if (typeof callback !== 'function') return this;
      if (!this.listeners[event]) this.listeners[event] = [];
      this.listeners[event].push(callback);
      return this;
    }

    open() {
      if (!this.sheet) this.sheet = new Sheet(this);
      return this;
    }

    close() {
      if (!this.sheet) return;
      const sheet = this.sheet;
      this.sheet = null;
      sheet.destroy();
    }

    emit(event, payload) {
      for (const callback of this.listeners[event] || []) safely(callback, payload);
    }
  }
  Razorpay.emulator = true;

  window.Razorpay = Razorpay;
})();
