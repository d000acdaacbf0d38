/** Adds `<script src>` once per src; resolves when it has run. */
const loading = new Map<string, Promise<void>>();

export function loadScript(src: string): Promise<void> {
  const existing = loading.get(src);
  if (existing) return existing;
  const loaded = new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading.delete(src);
      reject(new Error(`could not load ${src}`));
    };
    document.body.appendChild(script);
  });
  loading.set(src, loaded);
  return loaded;
}
