import { describe, expect, it } from "vitest";
import {
  can,
  isRoleWithin,
  PERMISSIONS,
  type Permission,
  refusalMessage,
  ROLE_PERMISSIONS,
  ROLES,
  rolesWithin,
} from "./permissions.js";

const allowed = (role: (typeof ROLES)[number]) => PERMISSIONS.filter((permission) => can(role, permission));

describe("the permission table (docs/team.md)", () => {
  it("gives the owner everything", () => {
    expect(allowed("owner")).toEqual([...PERMISSIONS]);
  });

  it("gives an admin everything but the subscription", () => {
    expect(allowed("admin")).toEqual(PERMISSIONS.filter((permission) => permission !== "billing:manage"));
  });

  it("lets a member capture and see work and clients, and nothing with rates, amounts, invoices, members or settings", () => {
    expect(allowed("member")).toEqual([
      "account:use",
      "calls:read",
      "calls:write",
      "clients:read",
      "integrations:read",
      "integrations:connect-own",
    ]);
    for (const denied of [
      "rates:read",
      "invoices:read",
      "exports:read",
      "settings:read",
      "analytics:read",
      "members:manage",
      "work:read-all",
    ] as Permission[])
      expect(can("member", denied), denied).toBe(false);
  });

  it("lets billing work invoices and exports, and never manage integrations, members, rules or the subscription", () => {
    for (const granted of ["invoices:read", "invoices:write", "exports:read", "rates:read"] as Permission[])
      expect(can("billing", granted)).toBe(true);
    expect(can("billing", "work:read-all")).toBe(true);
    for (const denied of [
      "integrations:manage",
      "members:manage",
      "rates:write",
      "settings:write",
      "billing:manage",
      "calls:write",
    ] as Permission[])
      expect(can("billing", denied), denied).toBe(false);
  });

  it("gives every signed-in role account:use, and an unknown role nothing", () => {
    for (const role of ROLES) expect(can(role, "account:use")).toBe(true);
    for (const permission of PERMISSIONS) expect(can("superuser", permission)).toBe(false);
  });

  it("names only known permissions, each once", () => {
    for (const role of ROLES) {
      expect(ROLE_PERMISSIONS[role].every((permission) => PERMISSIONS.includes(permission))).toBe(true);
      expect(new Set(ROLE_PERMISSIONS[role]).size).toBe(ROLE_PERMISSIONS[role].length);
    }
  });

  it("says in a refusal which role lacks which permission", () => {
    expect(refusalMessage("member", "rates:read")).toBe(
      "Your role (Member) does not allow this (it needs rates:read). Ask an owner or admin of your practice.",
    );
  });
});

describe("a role within another (an API token's role, docs/api.md)", () => {
  it("is a subset of permissions, not a rank: billing and member are not within each other", () => {
    expect(isRoleWithin("billing", "member")).toBe(false);
    expect(isRoleWithin("member", "billing")).toBe(false);
  });

  it("lets each role give itself and the roles whose permissions it holds", () => {
    expect(rolesWithin("owner")).toEqual(["owner", "admin", "member", "billing"]);
    expect(rolesWithin("admin")).toEqual(["admin", "member", "billing"]);
    expect(rolesWithin("member")).toEqual(["member"]);
    expect(rolesWithin("billing")).toEqual(["billing"]);
  });

  it("agrees with the table: within means every permission of the one is one of the other", () => {
    for (const role of ROLES)
      for (const holder of ROLES)
        expect(isRoleWithin(role, holder), `${role} within ${holder}`).toBe(
          ROLE_PERMISSIONS[role].every((permission) => ROLE_PERMISSIONS[holder].includes(permission)),
        );
  });

  it("knows no unknown role", () => {
    expect(isRoleWithin("root", "owner")).toBe(false);
    expect(isRoleWithin("member", "root")).toBe(false);
  });
});
