/** A regeneration that throws is recorded for the webhook's answer and logged; the build and successes are not. */
import { describe, expect, it, vi } from "vitest";
import type { GetStaticPropsContext } from "next";
import { reportRegeneration, takeRegenerationFailure } from "../../../src/publishing/regeneration-report";

const context = (revalidateReason: "build" | "stale" | "on-demand", slug = "x"): GetStaticPropsContext<{ slug: string }> => ({
  params: { slug },
  revalidateReason,
});

describe("reportRegeneration", () => {
  const failing = reportRegeneration<{ ok: boolean }, { slug: string }>(
    (params) => `/p/${params?.slug}`,
    async ({ params }) => {
      if (params?.slug === "down") throw new Error("content API down");
      return { props: { ok: true } };
    },
  );

  it("records and logs a failed on-demand regeneration under the page's path, once", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await expect(failing(context("on-demand", "down"))).rejects.toThrow("content API down");
    expect(log).toHaveBeenCalledWith("content: /p/down not regenerated, the last good page stays: Error: content API down");
    expect(takeRegenerationFailure("/p/down")).toBe("Error: content API down");
    expect(takeRegenerationFailure("/p/down")).toBeUndefined();
    log.mockRestore();
  });

  it("a later success clears an earlier failure", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const flaky = { down: true };
    const page = reportRegeneration<{ ok: boolean }>(
      () => "/",
      async () => {
        if (flaky.down) throw new Error("503");
        return { props: { ok: true } };
      },
    );
    await expect(page(context("stale"))).rejects.toThrow();
    flaky.down = false;
    await expect(page(context("stale"))).resolves.toEqual({ props: { ok: true } });
    expect(takeRegenerationFailure("/")).toBeUndefined();
    vi.restoreAllMocks();
  });

  it("leaves the build alone: a failure there fails the build, nothing is recorded", async () => {
    await expect(failing(context("build", "down"))).rejects.toThrow();
    expect(takeRegenerationFailure("/p/down")).toBeUndefined();
  });
});
