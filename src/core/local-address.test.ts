import { describe, expect, it } from "vitest";
import { isLocalOnlyUrl } from "./local-address.js";

describe("isLocalOnlyUrl", () => {
  it("flags addresses a provider's servers cannot reach", () => {
    for (const url of [
      "http://localhost:5000/api/webhooks/zoom/t",
      "http://127.0.0.1:5000/x",
      "http://10.1.2.3/x",
      "http://192.168.0.10/x",
      "http://172.20.0.5/x",
      "http://169.254.1.1/x",
      "http://office-pc.local/x",
      "http://[::1]:5000/x",
      "http://[fd12:3456::1]/x",
    ])
      expect(isLocalOnlyUrl(url), url).toBe(true);
  });

  it("leaves public names and addresses alone", () => {
    for (const url of [
      "https://minutely.example.com/x",
      "https://8.8.8.8/x",
      "http://172.32.0.1/x",
      "https://[2001:db8::1]/x",
      "not a url",
    ])
      expect(isLocalOnlyUrl(url), url).toBe(false);
  });
});
