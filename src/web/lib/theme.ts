/** Light or dark; light is the default. */
export type Theme = "light" | "dark";

export const THEME_STORAGE_KEY = "vite-ui-theme";
const THEME_COLORS: Record<Theme, string> = { light: "#ffffff", dark: "#0b1120" };

/** The saved theme, or light when nothing (or something unknown) is saved or storage is blocked. */
export function readStoredTheme(): Theme {
  try {
    return window.localStorage.getItem(THEME_STORAGE_KEY) === "dark" ? "dark" : "light";
  } catch {
    return "light";
  }
}

export function storeTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // storage blocked (private mode): the choice lasts for this page only
  }
}

/** Puts the theme class on <html> and matches the browser chrome colour. */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.remove("light", "dark");
  root.classList.add(theme);
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", THEME_COLORS[theme]);
}
