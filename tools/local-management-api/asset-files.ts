/**
 * The two asset endpoints outside the Management API proper, as S3 and
 * Storyblok's asset CDN are outside it: the upload endpoint a signed form
 * is POSTed to (no token, no rate limit: the signature is the permission),
 * and the uploaded files at their keys (`/f/<space>/…/<name>`), which is
 * where each asset's `filename` points; the content's own files at `/assets/<name>`.
 */
import { readFile } from "node:fs/promises";
import { writeFileAtomic } from "./atomic-file";
import { EMBEDDED_ASSET_PATH } from "./infer-assets";
import { json } from "./responses";
import { assetFilePath } from "./space-files";
import type { SpaceStore } from "./space-store";
import { MAX_UPLOAD_BYTES, type UploadSigner } from "./upload-signing";

/** S3's refusal: an XML error document; the client only reads the status. */
function s3Error(status: number, code: string, message: string): Response {
  return new Response(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`, {
    status,
    headers: { "content-type": "application/xml" },
  });
}

export async function receiveUpload(request: Request, store: SpaceStore, signer: UploadSigner, dir: string): Promise<Response> {
  if (request.method !== "POST") return s3Error(405, "MethodNotAllowed", "Uploads are POSTed as multipart forms");
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return s3Error(400, "MalformedPOSTRequest", "The body of your POST request is not well-formed multipart/form-data");
  }
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : null;
  };
  const verdict = signer.verify({ key: text("key"), policy: text("policy"), signature: text("x-amz-signature") });
  if ("problem" in verdict) return s3Error(403, "AccessDenied", verdict.problem);
  const file = form.get("file");
  if (file === null || typeof file === "string") return s3Error(400, "InvalidArgument", "The form has no file field");
  if (file.size > MAX_UPLOAD_BYTES) return s3Error(400, "EntityTooLarge", "The file is larger than the policy allows");
  const bytes = new Uint8Array(await file.arrayBuffer());

  return store.write(async (tx) => {
    const asset = tx.state.assets.find((a) => a.key === verdict.key);
    // Signed for an asset deleted since: S3 would take it, but nothing would point at the file.
    if (!asset) return s3Error(404, "NoSuchKey", "No asset has this key");
    await writeFileAtomic(assetFilePath(dir, asset.key), bytes);
    asset.content_length = bytes.byteLength;
    asset.content_type = text("Content-Type") ?? (file.type || asset.content_type);
    if (asset.upload === "signed") asset.upload = "uploaded";
    tx.touch("assets");
    // S3 answers a successful form POST with an empty 204 unless the form asks otherwise.
    return new Response(null, { status: 204 });
  });
}

export async function serveAssetFile(pathname: string, store: SpaceStore, dir: string): Promise<Response> {
  // Only keys of assets of the space are served, so no path can reach outside assets/.
  // `/assets/<name>` is an embedded file (infer-assets.ts), `/f/…` an upload.
  const embedded = pathname.startsWith(EMBEDDED_ASSET_PATH);
  const key = safeDecode(pathname.slice(embedded ? EMBEDDED_ASSET_PATH.length : 1));
  const asset =
    key === undefined ? undefined : (await store.read()).assets.find((a) => a.key === key && (a.embedded === true) === embedded);
  if (!asset) return json(404, ["This record could not be found"]);
  let bytes: Buffer;
  try {
    bytes = await readFile(assetFilePath(dir, asset.key));
  } catch {
    return json(404, ["This record could not be found"]);
  }
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      "content-type": asset.content_type ?? "application/octet-stream",
      "content-length": String(bytes.byteLength),
      "cache-control": "public, max-age=31536000",
      "access-control-allow-origin": "*",
    },
  });
}

function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}
