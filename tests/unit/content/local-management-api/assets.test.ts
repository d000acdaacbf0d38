/**
 * Assets through the client's own three-step upload (sign, POST the form to
 * `post_url`, finish) against the local Management API over HTTP, then the
 * file served at the asset's `filename`.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failure, SPACE_ID, startManagementApi, type RunningManagementApi } from "./mapi-harness";

let api: RunningManagementApi;
beforeAll(async () => {
  api = await startManagementApi();
});
afterAll(() => api.close());

const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="5"><rect width="4" height="5"/></svg>';
const exists = (path: string) =>
  readFile(path).then(
    () => true,
    () => false,
  );

describe("the signed upload", () => {
  it("uploads with assets.upload, and serves the file at the asset's filename", async () => {
    const client = api.client();
    const asset = await client.assets.upload({
      body: { short_filename: "Cover Image.final.SVG", size: "400x500" },
      file: new Blob([svg], { type: "image/svg+xml" }),
    });
    expect(asset).toMatchObject({
      short_filename: "cover-image_final.svg",
      content_type: "image/svg+xml",
      content_length: svg.length,
      space_id: SPACE_ID,
    });
    expect(asset.filename).toMatch(new RegExp(`^${api.url}/f/${SPACE_ID}/400x500/[0-9a-f]{10}/cover-image_final\\.svg$`));

    const served = await fetch(asset.filename);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/svg+xml");
    expect(await served.text()).toBe(svg);
    const key = new URL(asset.filename).pathname.slice(1);
    expect(await readFile(join(api.dir, "assets", key), "utf8")).toBe(svg);

    const listed = await client.assets.list();
    expect(listed.data.assets.map((a) => a.id)).toEqual([asset.id]);
    expect(listed.response.headers.get("total")).toBe("1");
    // The records are kept under space/ without the emulator's bookkeeping in answers.
    const onDisk = JSON.parse(await readFile(join(api.dir, "space/assets.json"), "utf8")) as { assets: { id: number; key: string }[] };
    expect(onDisk.assets).toMatchObject([{ id: asset.id, key }]);
    expect("key" in (await client.assets.get(asset.id)).data).toBe(false);
  });

  it("answers step 1 with Storyblok's signed response object, its fields in the form S3 takes", async () => {
    const signed = await api.client().assets.signResponseObject({ query: { filename: "photo.jpg" } });
    expect(signed.data).toMatchObject({
      id: expect.any(Number),
      post_url: `${api.url}/uploads`,
      public_url: expect.stringMatching(/\/photo\.jpg$/),
      pretty_url: expect.stringMatching(/^\/\//),
      fields: {
        key: expect.stringMatching(new RegExp(`^f/${SPACE_ID}/`)),
        acl: "public-read",
        "Content-Type": "image/jpeg",
        "x-amz-algorithm": "AWS4-HMAC-SHA256",
      },
    });
    // Not uploaded: finishing fails and the asset is not listed.
    expect((await failure(api.client().assets.finalize(signed.data.id))).status).toBe(422);
    expect((await api.client().assets.list()).data.assets.map((a) => a.id)).not.toContain(signed.data.id);
  });

  it("refuses a form whose signature or key was tampered with (403), or that has no file", async () => {
    const signed = (await api.client().assets.signResponseObject({ query: { filename: "x.png" } })).data;
    const post = (fields: Record<string, string>, withFile = true) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      if (withFile) form.append("file", new File(["png"], "x.png", { type: "image/png" }));
      return fetch(signed.post_url, { method: "POST", body: form });
    };
    expect((await post({ ...signed.fields, "x-amz-signature": "0".repeat(64) })).status).toBe(403);
    expect((await post({ ...signed.fields, key: `f/${SPACE_ID}/other/x.png` })).status).toBe(403);
    expect((await post(signed.fields, false)).status).toBe(400);
    expect((await post(signed.fields)).status).toBe(204);
    expect((await api.client().assets.finalize(signed.id)).data).toMatchObject({ id: signed.id, is_private: false });
  });

  it("assets.create sets metadata after the upload; signing with the asset's id replaces its file; delete removes it", async () => {
    const client = api.client();
    const asset = await client.assets.create({
      body: { short_filename: "logo.svg", alt: "The logo", title: "Logo" },
      file: new Blob([svg]),
    });
    expect(asset).toMatchObject({ alt: "The logo", title: "Logo" });

    // Storyblok's replacement: step 1 with the existing asset's `id` (the docs' parameter; the client's type lacks it).
    const signed = (await client.assets.signResponseObject({ query: { filename: "logo.svg", id: asset.id } as never })).data;
    expect(signed.id).toBe(asset.id);
    const form = new FormData();
    for (const [k, v] of Object.entries(signed.fields)) form.append(k, v);
    form.append("file", new File(["<svg/>"], "logo.svg"));
    expect((await fetch(signed.post_url, { method: "POST", body: form })).status).toBe(204);
    await client.assets.finalize(asset.id);
    await client.assets.update(asset.id, { body: { asset: { copyright: "© me" } } });
    const replaced = (await client.assets.get(asset.id)).data;
    expect(replaced).toMatchObject({ id: asset.id, alt: "The logo", copyright: "© me", content_length: 6 });
    expect(await (await fetch(replaced.filename)).text()).toBe("<svg/>");

    const key = new URL(replaced.filename).pathname.slice(1);
    const deleted = await client.assets.delete(asset.id);
    expect(deleted.data).toMatchObject({ id: asset.id, filename: replaced.filename });
    expect((await fetch(replaced.filename)).status).toBe(404);
    expect(await exists(join(api.dir, "assets", key))).toBe(false);
    expect((await failure(client.assets.get(asset.id))).status).toBe(404);
  });

  it("answers 422 for a sign request without a filename, 404 for an unknown asset", async () => {
    expect((await api.call("POST", "assets", {})).status).toBe(422);
    expect((await failure(api.client().assets.get(123))).status).toBe(404);
    expect((await fetch(`${api.url}/f/${SPACE_ID}/../../etc/passwd`)).status).toBe(404);
  });
});
