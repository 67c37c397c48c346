import { describe, expect, it } from "vitest";
import { reducer, TOAST_LIMIT } from "./use-toast";

describe("toast reducer", () => {
  it("keeps at most TOAST_LIMIT toasts, newest first", () => {
    let state = { toasts: [] as { id: string; title?: string; open?: boolean }[] };
    state = reducer(state, { type: "ADD_TOAST", toast: { id: "1", title: "first" } });
    state = reducer(state, { type: "ADD_TOAST", toast: { id: "2", title: "second" } });
    expect(TOAST_LIMIT).toBe(1);
    expect(state.toasts.map((t) => t.title)).toEqual(["second"]);
  });

  it("closes on dismiss and forgets on remove", () => {
    let state = reducer({ toasts: [] }, { type: "ADD_TOAST", toast: { id: "9", open: true } });
    state = reducer(state, { type: "DISMISS_TOAST", toastId: "9" });
    expect(state.toasts[0]?.open).toBe(false);
    state = reducer(state, { type: "REMOVE_TOAST", toastId: "9" });
    expect(state.toasts).toEqual([]);
  });
});
