import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.js";
import { parseTrustProxy, TRUST_PROXY_TRUE_MESSAGE } from "./trust-proxy.js";

describe("TRUST_PROXY (issue 11, defect 8)", () => {
  it("refuses true at start-up, telling the operator what to set", () => {
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(
      `Invalid environment variable TRUST_PROXY: ${TRUST_PROXY_TRUE_MESSAGE}`,
    );
  });

  it("takes false, a hop count, or a list of addresses and CIDR ranges", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(parseTrustProxy("false")).toEqual({ value: false });
    expect(parseTrustProxy("0")).toEqual({ value: false });
    expect(parseTrustProxy("1")).toEqual({ value: 1 });
    expect(parseTrustProxy(" 2 ")).toEqual({ value: 2 });
    expect(parseTrustProxy("10.0.0.1")).toEqual({ value: ["10.0.0.1"] });
    expect(parseTrustProxy("10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback")).toEqual({
      value: ["10.0.0.0/8", "127.0.0.1", "::1", "fd00::/8", "loopback"],
    });
    expect(loadConfig({ TRUST_PROXY: "192.168.1.0/24" }).trustProxy).toEqual(["192.168.1.0/24"]);
  });

  it("refuses anything else with the entry it could not read", () => {
    for (const text of ["yes", "10.0.0.0/33", "10.0.0.1/", "proxy.example.com", "1.5", "-1", "10.0.0.1,,", "::1/129"]) {
      expect(parseTrustProxy(text), text).toHaveProperty("error");
    }
    expect(() => loadConfig({ TRUST_PROXY: "proxy.example.com" })).toThrow(
      '"proxy.example.com" is not an IP address or CIDR range',
    );
  });
});
