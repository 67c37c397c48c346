import type { BrowserContext, Page } from "playwright-core";

/**
 * Every page of a journey records the text of each toast it opens, in sessionStorage (it survives a reload),
 * from the moment the document starts. A toast closes itself after five seconds: on a loaded machine the
 * journey's next look can come later than that (a title seen, then its description gone before the second
 * look), so a journey asks what the page showed, not what it shows at the moment of asking.
 */
export async function recordToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const recorded = new WeakSet<Element>();
    new MutationObserver(() => {
      const opened = [...document.querySelectorAll("[data-state=open]")].filter(
        (toast) => !recorded.has(toast) && toast.closest("[role=region]") && toast.textContent,
      );
      if (opened.length === 0) return;
      const shown: { parts: string[]; seen: boolean }[] = JSON.parse(sessionStorage.getItem("shownToasts") ?? "[]");
      for (const toast of opened) {
        recorded.add(toast);
        // The toast's title and description, each its own element (components/ui/toaster.tsx).
        const parts = [...(toast.firstElementChild?.children ?? [])].map((part) => part.textContent?.trim() ?? "");
        shown.push({ parts, seen: false });
      }
      sessionStorage.setItem("shownToasts", JSON.stringify(shown));
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
}

/**
 * Waits until the page has shown a toast with exactly this title (and a description that is or contains this
 * text, or matches this pattern) that no earlier expectToast took: each call takes one shown toast, so a
 * journey that expects the same toast twice needs it shown twice.
 */
export async function expectToast(page: Page, title: string, description?: string | RegExp): Promise<void> {
  const pattern = description instanceof RegExp ? { source: description.source, flags: description.flags } : null;
  await page.waitForFunction(
    ({ title, text, pattern }) => {
      const shown: { parts: string[]; seen: boolean }[] = JSON.parse(sessionStorage.getItem("shownToasts") ?? "[]");
      const describes = (part: string) =>
        pattern ? new RegExp(pattern.source, pattern.flags).test(part) : text !== null && part.includes(text);
      const matches = ([first, ...rest]: string[]) => first === title && (text === null && !pattern ? true : rest.some(describes));
      const found = shown.find((toast) => !toast.seen && matches(toast.parts));
      if (!found) return false;
      found.seen = true;
      sessionStorage.setItem("shownToasts", JSON.stringify(shown));
      return true;
    },
    { title, text: typeof description === "string" ? description : null, pattern },
  );
}
