import { describe, expect, it } from "vitest";
import { parseCssColor } from "./css-color";

describe("CSS colour parser", () => {
  it.each([
    ["#abc", "#abc"],
    ["#ABCD", "#abcd"],
    [" #6366F1 ", "#6366f1"],
    ["#6366f180", "#6366f180"],
    ["tomato", "tomato"],
    ["RebeccaPurple", "rebeccapurple"],
    ["transparent", "transparent"],
    ["rgb(255, 0, 0)", "rgb(255, 0, 0)"],
    ["rgba(255,0,0,0.5)", "rgba(255, 0, 0, 0.5)"],
    ["rgb(100%, 0%, 0%, 50%)", "rgb(100%, 0%, 0%, 50%)"],
    ["rgb(99 102 241)", "rgb(99 102 241)"],
    ["rgb(99  102 241 / .5)", "rgb(99 102 241 / .5)"],
    ["rgb(40% 102 none / 20%)", "rgb(40% 102 none / 20%)"],
    ["hsl(239, 84%, 67%)", "hsl(239, 84%, 67%)"],
    ["hsla(0.5turn, 84%, 67%, 0.3)", "hsla(0.5turn, 84%, 67%, 0.3)"],
    ["hsl(239deg 84% 67% / 0.4)", "hsl(239deg 84% 67% / 0.4)"],
    ["hsl(none 84 67)", "hsl(none 84 67)"],
    ["rgb(1e2, 0, 0)", "rgb(1e2, 0, 0)"],
  ])("accepts %s", (input, expected) => {
    expect(parseCssColor(input)).toBe(expected);
  });

  it.each([
    "",
    "red;background:url(http://tracker.invalid/c)",
    "red;position:fixed;inset:0;z-index:99999",
    "red !important",
    "url(http://tracker.invalid/c)",
    "#ab",
    "#abcde",
    "#gggggg",
    "notacolor",
    "currentcolor",
    "var(--x)",
    "rgb(255, 0, 0",
    "rgb(255 0 0))",
    "rgb(255, 0 0)",
    "rgb(255, 0%, 0)",
    "rgb(255, 0, 0, 0.5, 1)",
    "rgb(255 0 0 / 0.5 / 1)",
    "rgb(255 0)",
    "rgb(255deg 0 0)",
    "rgb(none, 0, 0)",
    "hsl(10%, 50%, 50%)",
    "hsl(10, 50, 50)",
    "hsl(10 50% 5deg)",
    "rgb(calc(1) 0 0)",
    "rgb(1px 0 0)",
    "rgb(0 0 0 / url(x))",
    "expression(alert(1))",
    "red\u0000",
    "rgb(0 0 0)\nbackground:red",
  ])("refuses %j", (input) => {
    expect(parseCssColor(input)).toBeNull();
  });
});
