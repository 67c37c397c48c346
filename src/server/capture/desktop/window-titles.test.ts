import { describe, expect, it } from "vitest";
import { parseTasklist, parseWmctrl, parseXpropName, windowTitleAbility } from "./window-titles.js";

describe("reading window titles", () => {
  it("parses wmctrl -l, xprop and tasklist output", () => {
    expect(
      parseWmctrl(
        "0x01e00003  0 vm Meet - abc-defg-hij - Google Chrome\n0x02000001 -1 N/A Desktop\n\n0x03000007  1 vm   Zoom Meeting  \n",
      ),
    ).toEqual(["Meet - abc-defg-hij - Google Chrome", "Desktop", "Zoom Meeting"]);
    expect(parseXpropName('_NET_WM_NAME(UTF8_STRING) = "Call with \\"Bob\\" | Microsoft Teams"')).toBe(
      'Call with "Bob" | Microsoft Teams',
    );
    expect(parseXpropName("_NET_WM_NAME:  not found.")).toBeNull();
    expect(
      parseTasklist(
        '"Zoom.exe","4242","Console","1","120,000 K","Running","PC\\me","0:00:12","Zoom Meeting"\r\n' +
          '"svchost.exe","900","Services","0","9,000 K","Unknown","N/A","0:00:01","N/A"\r\n' +
          '"chrome.exe","77","Console","1","300,000 K","Running","PC\\me","0:01:00","Meet - a ""b"" - Google Chrome"\r\n',
      ),
    ).toEqual(["Zoom Meeting", 'Meet - a "b" - Google Chrome']);
  });

  it("says why titles cannot be read instead of guessing", () => {
    expect(windowTitleAbility("linux", { PATH: "/usr/bin" })).toEqual({
      available: false,
      reason: "the server runs without a graphical desktop (DISPLAY is not set)",
    });
    expect(windowTitleAbility("linux", { PATH: "/usr/bin", WAYLAND_DISPLAY: "wayland-0" })).toMatchObject({
      available: false,
      reason: expect.stringContaining("Wayland"),
    });
    expect(windowTitleAbility("linux", { PATH: "/nonexistent", DISPLAY: ":0" })).toEqual({
      available: false,
      reason: "neither wmctrl nor xprop is installed (install wmctrl to let Minutely read window titles)",
    });
    expect(windowTitleAbility("win32", {})).toEqual({ available: true, method: "tasklist /v /fo csv" });
    expect(windowTitleAbility("aix", {})).toMatchObject({ available: false });
  });
});
