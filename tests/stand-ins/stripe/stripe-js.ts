import type { BrowserContext, Page, Route } from "playwright-core";
import type { StripeStandIn } from "./server.js";

/**
 * A stand-in for Stripe.js (https://js.stripe.com/…/stripe.js), served to the browser by Playwright
 * so the app's real payment step runs end to end without the internet (issue 15 §6). It implements
 * what the payment step uses: `Stripe(pk).elements({clientSecret}).create("payment").mount(el)`
 * (plain labelled card inputs instead of Stripe's iframe), `confirmPayment` / `confirmSetup`
 * (`redirect: "if_required"`; a card needing 3-D Secure is "authenticated" at once, as if the
 * customer passed the challenge) and `retrievePaymentIntent`. Like the real one it talks to
 * https://api.stripe.com with the publishable key; `routeStripe` forwards those calls to the local
 * Stripe stand-in with the secret key (and answers CORS), so the page's CSP is exercised too.
 */
export const STRIPE_JS_SOURCE = String.raw`
(function () {
  var API = "https://api.stripe.com/v1";
  function form(fields) {
    var body = new URLSearchParams();
    Object.keys(fields).forEach(function (key) { if (fields[key] !== undefined && fields[key] !== null) body.append(key, String(fields[key])); });
    return body.toString();
  }
  function call(pk, method, path, fields) {
    return fetch(API + path, {
      method: method,
      headers: { Authorization: "Bearer " + pk, "Content-Type": "application/x-www-form-urlencoded" },
      body: method === "GET" ? undefined : form(fields || {}),
    }).then(function (response) { return response.json(); });
  }
  function input(label, name, placeholder) {
    var wrapper = document.createElement("label");
    wrapper.style.display = "grid";
    wrapper.style.gap = "4px";
    wrapper.textContent = label;
    var field = document.createElement("input");
    field.name = name;
    field.placeholder = placeholder;
    field.autocomplete = "off";
    field.style.border = "1px solid #8a94a6";
    field.style.borderRadius = "6px";
    field.style.padding = "8px";
    field.style.background = "transparent";
    field.style.color = "inherit";
    wrapper.appendChild(field);
    return wrapper;
  }
  function Stripe(publishableKey) {
    if (!(this instanceof Stripe)) return new Stripe(publishableKey);
    var pk = publishableKey;
    var mounted = null;
    this._registerWrapper = function () {};
    this.elements = function (options) {
      var clientSecret = options.clientSecret;
      return {
        _clientSecret: clientSecret,
        _card: function () {
          var root = mounted || document;
          var value = function (name) { var el = root.querySelector('input[name="' + name + '"]'); return el ? el.value : ""; };
          var expiry = value("expiry").split("/");
          return { number: value("cardnumber").replace(/\s+/g, ""), exp_month: (expiry[0] || "").trim(), exp_year: "20" + (expiry[1] || "").trim(), cvc: value("cvc") };
        },
        create: function () {
          return {
            mount: function (target) {
              var el = typeof target === "string" ? document.querySelector(target) : target;
              var box = document.createElement("div");
              box.setAttribute("data-testid", "stripe-payment-element");
              box.style.display = "grid";
              box.style.gap = "8px";
              box.appendChild(input("Card number", "cardnumber", "1234 1234 1234 1234"));
              box.appendChild(input("Expiration date", "expiry", "MM / YY"));
              box.appendChild(input("Security code", "cvc", "CVC"));
              el.appendChild(box);
              mounted = box;
            },
            destroy: function () { if (mounted && mounted.parentNode) mounted.parentNode.removeChild(mounted); mounted = null; },
            on: function () {},
          };
        },
      };
    };
    function confirm(kind, options) {
      var elements = options.elements;
      var secret = elements._clientSecret;
      var id = secret.split("_secret_")[0];
      var card = elements._card();
      var path = "/" + kind + "s/" + id;
      return call(pk, "POST", path + "/confirm", {
        client_secret: secret,
        return_url: options.confirmParams && options.confirmParams.return_url,
        "payment_method_data[type]": "card",
        "payment_method_data[card][number]": card.number,
        "payment_method_data[card][exp_month]": card.exp_month,
        "payment_method_data[card][exp_year]": card.exp_year,
        "payment_method_data[card][cvc]": card.cvc,
      }).then(function (answer) {
        if (answer.error) return { error: answer.error };
        if (answer.status === "requires_action") {
          return call(pk, "POST", path + "/authenticate", {}).then(function (done) {
            return done.error ? { error: done.error } : (kind === "setup_intent" ? { setupIntent: done } : { paymentIntent: done });
          });
        }
        return kind === "setup_intent" ? { setupIntent: answer } : { paymentIntent: answer };
      });
    }
    this.confirmPayment = function (options) { return confirm("payment_intent", options); };
    this.confirmSetup = function (options) { return confirm("setup_intent", options); };
    this.retrievePaymentIntent = function (secret) {
      return call(pk, "GET", "/payment_intents/" + secret.split("_secret_")[0]).then(function (answer) {
        return answer.error ? { error: answer.error } : { paymentIntent: answer };
      });
    };
  }
  Stripe.version = "endive";
  window.Stripe = Stripe;
})();
`;

const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-headers": "authorization, content-type",
  "access-control-allow-methods": "GET, POST, OPTIONS",
};

/**
 * Serves the Stripe.js stand-in for js.stripe.com and forwards the browser's api.stripe.com calls
 * to the local stand-in, accepting only `publishableKey` (as Stripe does for client-side calls).
 */
export async function routeStripe(target: Page | BrowserContext, standIn: StripeStandIn, publishableKey: string): Promise<void> {
  await target.route("https://js.stripe.com/**", (route: Route) =>
    route.fulfill({ status: 200, contentType: "application/javascript", body: STRIPE_JS_SOURCE }),
  );
  await target.route("https://api.stripe.com/**", async (route: Route) => {
    const request = route.request();
    if (request.method() === "OPTIONS") return route.fulfill({ status: 204, headers: CORS });
    if (request.headers().authorization !== `Bearer ${publishableKey}`) {
      return route.fulfill({
        status: 401,
        headers: CORS,
        contentType: "application/json",
        body: JSON.stringify({ error: { type: "invalid_request_error", message: "Invalid API Key provided." } }),
      });
    }
    const url = new URL(request.url());
    const response = await fetch(`${standIn.url}${url.pathname}${url.search}`, {
      method: request.method(),
      headers: { authorization: `Bearer ${standIn.secretKey}`, "content-type": "application/x-www-form-urlencoded" },
      body: request.method() === "GET" ? undefined : (request.postData() ?? ""),
    });
    return route.fulfill({
      status: response.status,
      headers: CORS,
      contentType: "application/json",
      body: await response.text(),
    });
  });
}
