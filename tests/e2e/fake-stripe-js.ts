/**
 * A stand-in for Stripe.js (https://js.stripe.com/<release>/stripe.js), served to the browser by
 * page.route: just enough of `Stripe(key)`, `elements()`, the Payment Element and
 * `confirmPayment` for @stripe/react-stripe-js to mount the form and the page to pay. The Payment
 * Element is one labelled input; like Stripe's test mode, 4000 0000 0000 0002 is declined. Every
 * confirmPayment call is recorded in `window.__fakeStripe.confirmCalls` for the test to read.
 */
export const FAKE_STRIPE_DECLINE_MESSAGE = 'Your card was declined.';

export const fakeStripeJs = `
(() => {
  const state = { confirmCalls: [], keys: [] };
  window.__fakeStripe = state;
  function Stripe(key) {
    state.keys.push(key);
    let cardInput = null;
    const stripe = {
      _registerWrapper() {},
      registerAppInfo() {},
      // @stripe/react-stripe-js checks for these before it accepts the object as Stripe.
      createToken() { return Promise.reject(new Error('not faked')); },
      createPaymentMethod() { return Promise.reject(new Error('not faked')); },
      confirmCardPayment() { return Promise.reject(new Error('not faked')); },
      elements(options) {
        state.elementsOptions = options;
        return {
          create(type) {
            const handlers = {};
            const element = {
              mount(target) {
                const node = typeof target === 'string' ? document.querySelector(target) : target;
                node.innerHTML = '<label>Fake Stripe card <input aria-label="Fake Stripe card number"></label>';
                cardInput = node.querySelector('input');
                setTimeout(() => (handlers.ready || []).forEach((handler) => handler({ elementType: type })), 0);
              },
              on(event, handler) { (handlers[event] = handlers[event] || []).push(handler); return element; },
              off(event, handler) {
                handlers[event] = (handlers[event] || []).filter((h) => h !== handler);
                return element;
              },
              once() { return element; },
              update() {},
              focus() {},
              blur() {},
              clear() {},
              unmount() {},
              destroy() {},
            };
            return element;
          },
          getElement() { return null; },
          update() {},
          fetchUpdates() { return Promise.resolve({}); },
          submit() { return Promise.resolve({}); },
        };
      },
      async confirmPayment(options) {
        const number = cardInput ? cardInput.value.replace(/\\s/g, '') : '';
        state.confirmCalls.push({ confirmParams: options.confirmParams, redirect: options.redirect, number });
        if (number === '4000000000000002') {
          return { error: { type: 'card_error', code: 'card_declined', message: ${JSON.stringify(FAKE_STRIPE_DECLINE_MESSAGE)} } };
        }
        return { paymentIntent: { id: 'pi_fake', status: 'succeeded' } };
      },
    };
    return stripe;
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
`;
