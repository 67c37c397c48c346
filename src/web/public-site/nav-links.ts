/** The marketing pages' top navigation, in order. */
export const PUBLIC_NAV_LINKS = [
  { href: "/", label: "Home" },
  { href: "/features", label: "Features" },
  { href: "/pricing", label: "Pricing" },
  { href: "/company", label: "Company" },
] as const;

/** Where the support mail link on the public pages points. */
export const SUPPORT_EMAIL = "support@minutely.app";
