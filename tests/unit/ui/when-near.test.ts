import { afterEach, describe, expect, it, vi } from "vitest";
import { NEAR_MARGIN, whenNear } from "../../../src/ui/when-near";

/** A stand-in IntersectionObserver: the test says when the element comes near. */
class FakeObserver {
  static last: FakeObserver | undefined;
  observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: (entries: { isIntersecting: boolean; target: Element }[]) => void,
    readonly options: { rootMargin?: string },
  ) {
    FakeObserver.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  unobserve(element: Element) {
    this.observed = this.observed.filter((observed) => observed !== element);
  }
  disconnect() {
    this.disconnected = true;
  }
  report(isIntersecting: boolean) {
    // As a real observer: only for the elements still observed.
    for (const target of this.observed) this.callback([{ isIntersecting, target }]);
  }
}

const region = () => new EventTarget() as unknown as Element;

afterEach(() => {
  vi.unstubAllGlobals();
  FakeObserver.last = undefined;
});

describe("whenNear", () => {
  it("without IntersectionObserver, calls at once", () => {
    const onNear = vi.fn();
    whenNear(region(), onNear);
    expect(onNear).toHaveBeenCalledTimes(1);
  });

  it("calls once the element comes within the margin, once, and stops watching", () => {
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    const element = region();
    const onNear = vi.fn();
    whenNear(element, onNear);
    const observer = FakeObserver.last!;
    expect(observer.observed).toEqual([element]);
    expect(observer.options.rootMargin).toBe(NEAR_MARGIN);
    observer.report(false);
    expect(onNear).not.toHaveBeenCalled();
    observer.report(true);
    observer.report(true);
    element.dispatchEvent(new Event("focusin"));
    expect(onNear).toHaveBeenCalledTimes(1);
    expect(observer.disconnected).toBe(true);
  });

  it.each(["focusin", "pointerdown", "touchstart", "keydown"])("calls on %s inside the element before it scrolls near", (type) => {
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    const element = region();
    const onNear = vi.fn();
    whenNear(element, onNear);
    element.dispatchEvent(new Event(type));
    expect(onNear).toHaveBeenCalledTimes(1);
    expect(FakeObserver.last!.disconnected).toBe(true);
  });

  it("never calls once stopped", () => {
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    const element = region();
    const onNear = vi.fn();
    const stop = whenNear(element, onNear);
    stop();
    FakeObserver.last!.report(true);
    element.dispatchEvent(new Event("focusin"));
    expect(onNear).not.toHaveBeenCalled();
    expect(FakeObserver.last!.disconnected).toBe(true);
  });
});
