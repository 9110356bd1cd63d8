import { describe, expect, it } from "vitest";
import { pageWindow } from "./Pagination";

describe("pageWindow", () => {
  it("lists every page when there are few", () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
  });
  it("shows gaps far from the current page", () => {
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(1, 10)).toEqual([1, 2, null, 10]);
  });
});

describe("pageWindow with a count that is a minimum", () => {
  it("offers no last page, and says more follow", () => {
    expect(pageWindow(1, 67, true)).toEqual([1, 2, null]);
    expect(pageWindow(5, 67, true)).toEqual([1, null, 4, 5, 6, null]);
  });
  it("ends plainly when the window reaches the last page there is", () => {
    expect(pageWindow(3, 4, true)).toEqual([1, 2, 3, 4]);
  });
});
