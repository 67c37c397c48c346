import { describe, expect, it } from "vitest";
import { countWords, decodeEntities, htmlToText } from "./text.js";

describe("countWords", () => {
  it.each([
    ["", 0],
    ["   \n\t ", 0],
    ["hello", 1],
    ["Hello, world!", 2],
    ["  leading and   trailing  ", 3],
    ["line one\nline two\r\nline three", 6],
    ["well-known e-mail", 2],
    ["a — b - c", 3],
    ["It costs $150.00 (per hour)", 5],
    ["Café für Ärzte", 3],
    ["non\u00a0breaking", 2],
  ])("%j → %i", (text, expected) => {
    expect(countWords(text)).toBe(expected);
  });

  it("counts a long body exactly", () => {
    expect(countWords("word ".repeat(12_345))).toBe(12_345);
  });
});

describe("decodeEntities", () => {
  it("decodes the common named entities", () => {
    expect(decodeEntities("&amp; &lt; &gt; &quot; &apos; &nbsp;&mdash; &hellip; &euro;")).toBe("& < > \" '  — … €");
  });

  it("decodes decimal and hex references, including astral ones", () => {
    expect(decodeEntities("&#39;&#x27;&#X41;&#128512;")).toBe("''A😀");
  });

  it("decodes only once", () => {
    expect(decodeEntities("&amp;lt;b&amp;gt;")).toBe("&lt;b&gt;");
  });

  it("keeps unknown names and replaces impossible code points", () => {
    expect(decodeEntities("&bogus; &#0; &#xD800; &#x110000;")).toBe("&bogus; \uFFFD \uFFFD \uFFFD");
  });

  it("is case-insensitive for names", () => {
    expect(decodeEntities("&AMP;&Lt;")).toBe("&<");
  });
});

describe("htmlToText", () => {
  it("strips tags and keeps text", () => {
    expect(htmlToText("<p>Hello <b>there</b>, <a href='x'>client</a>.</p>")).toBe("Hello there, client.");
  });

  it("drops script, style, head and comments with their contents", () => {
    const html =
      "<html><head><title>T</title><style>p{color:red}</style></head><body><!-- hidden --><script>alert('x')</script><p>Visible</p></body></html>";
    expect(htmlToText(html)).toBe("Visible");
  });

  it("turns <br> and block ends into line breaks, at most one blank line", () => {
    expect(htmlToText("Line 1<br>Line 2<br/>Line 3<p>Para</p><p></p><p></p><div>Block</div>")).toBe(
      "Line 1\nLine 2\nLine 3\n\nPara\n\nBlock",
    );
  });

  it("puts list items and table rows on their own lines, cells apart", () => {
    expect(htmlToText("<ul><li>One</li><li>Two</li></ul>")).toBe("One\nTwo");
    expect(htmlToText("<table><tr><td>Rate</td><td>$150</td></tr><tr><td>Time</td><td>2h</td></tr></table>")).toBe(
      "Rate $150\nTime 2h",
    );
  });

  it("keeps nested divs apart", () => {
    expect(htmlToText("<div>a<div>b</div></div>c")).toBe("a\nb\nc");
  });

  it("decodes entities after removing tags, so escaped markup stays text", () => {
    expect(htmlToText("<p>Tom &amp; Jerry &lt;b&gt;not bold&lt;/b&gt;</p>")).toBe("Tom & Jerry <b>not bold</b>");
  });

  it("keeps a bare less-than sign", () => {
    expect(htmlToText("<p>if a < b and c > d</p>")).toBe("if a < b and c > d");
  });

  it("collapses runs of spaces and tabs", () => {
    expect(htmlToText("<p>  lots   of\t\tspace &nbsp; here </p>")).toBe("lots of space here");
  });

  it("removes a doctype and an unterminated comment", () => {
    expect(htmlToText("<!DOCTYPE html><p>Hi</p><!-- never closed")).toBe("Hi");
  });

  it("returns plain text unchanged apart from whitespace", () => {
    expect(htmlToText("Just text.\r\nSecond line.")).toBe("Just text.\nSecond line.");
    expect(htmlToText("")).toBe("");
  });

  it("feeds countWords sensibly", () => {
    expect(countWords(htmlToText("<div>Dear client,<br>please find <i>attached</i> the invoice.</div>"))).toBe(7);
  });
});
